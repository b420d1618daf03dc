// Reports on disk: written atomically, read as untrusted input.
#include <fstream>
#include <iterator>

#include "core/input_error.h"
#include "report/atomic_file.h"
#include "report/report.h"

namespace onnxcts {
namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
// without the bracketed prefix, which means nothing to a user.
std::string ParseErrorText(const nlohmann::json::exception& e) {
  std::string text = e.what();
  const size_t close = text.find("] ");
  return close == std::string::npos ? text : text.substr(close + 2);
}

}  // namespace

void WriteReport(const std::filesystem::path& path, const Report& report) {
  // Invalid UTF-8 (a worker's stderr can hold anything) is replaced, not
  // thrown on: a run must never lose its report to one odd byte.
  // The tree goes before the file is written, and the newline is added in
  // place: a report of 10,000 results is 6 MB of text and three times that
  // as a tree, and a copy of either is what the harness's peak would be.
  std::string text = ToJson(report).dump(
      2, ' ', false, nlohmann::json::error_handler_t::replace);
  text += '\n';
  WriteFileAtomically(path, text);
}

Report ReadReport(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(file, "", "is a folder, not a report");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(file, "", "cannot open the report");
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  if (in.bad()) throw InputError(file, "", "cannot read the report");
  return ParseReport(text, file);
}

Report ParseReport(std::string_view text, const std::string& file) {
  // nlohmann's serializer, copies and comparisons recurse once per level,
  // so deep nesting (2 bytes a level) would overflow the stack: it is
  // refused while parsing, before any of it is built.
  bool too_deep = false;
  const auto limit = [&too_deep](int depth, nlohmann::json::parse_event_t,
                                 nlohmann::json&) {
    if (depth > kMaxReportDepth) too_deep = true;
    return !too_deep;
  };
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text, limit);
  } catch (const nlohmann::json::exception& e) {
    // Not only parse_error: a number beyond a double ("1e400") throws
    // out_of_range.406 from inside the parser.
    throw InputError(file, "", "not JSON: " + ParseErrorText(e));
  }
  if (too_deep) {
    throw InputError(file, "",
                     "JSON nested deeper than " +
                         std::to_string(kMaxReportDepth) +
                         " levels (a report nests about 10)");
  }
  return ReportFromJson(json, file);
}

}  // namespace onnxcts
