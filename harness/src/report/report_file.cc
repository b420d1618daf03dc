// Reports on disk: written atomically, read as untrusted input.
#include <fstream>
#include <iterator>

#include "core/input_error.h"
#include "report/atomic_file.h"
#include "core/json_bounded.h"
#include "report/report.h"

namespace onnxcts {

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
  const nlohmann::json json = ParseJsonBounded(text, file, kMaxReportDepth);
  return ReportFromJson(json, file);
}

}  // namespace onnxcts
