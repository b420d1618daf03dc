// Reports on disk: written atomically, read as untrusted input.
#include <fstream>
#include <iterator>

#include "core/input_error.h"
#include "core/json_bounded.h"
#include "report/atomic_file.h"
#include "report/report.h"
#include "report/summary.h"

namespace onnxcts {

namespace {

using nlohmann::json;

// JSON written piece by piece exactly as json::dump(2) lays out a whole
// tree: a value `depth` levels deep has each of its lines but the first
// indented by 2 * depth spaces. A newline inside a string is escaped, so
// each newline of a dump is a line's. Invalid UTF-8 (a worker's stderr can
// hold anything) is replaced, not thrown on: a run must never lose its
// report to one odd byte.
class JsonWriter {
 public:
  explicit JsonWriter(AtomicFile& file) : file_(file) {}

  void Text(std::string_view text) { file_.Write(text); }

  void Value(const json& value, int depth) {
    const std::string text =
        value.dump(2, ' ', false, json::error_handler_t::replace);
    const std::string indent = "\n" + std::string(2 * depth, ' ');
    size_t from = 0;
    for (size_t nl; (nl = text.find('\n', from)) != std::string::npos;
         from = nl + 1) {
      file_.Write(std::string_view(text).substr(from, nl - from));
      file_.Write(indent);
    }
    file_.Write(std::string_view(text).substr(from));
  }

  // The items of an array, each made JSON by `to_json` only as it is
  // written.
  template <class T, class ToJsonFn>
  void Array(const std::vector<T>& items, int depth, ToJsonFn to_json) {
    if (items.empty()) return Text("[]");
    const std::string indent(2 * (depth + 1), ' ');
    for (size_t i = 0; i < items.size(); ++i) {
      Text(i == 0 ? "[\n" : ",\n");
      Text(indent);
      Value(to_json(items[i]), depth + 1);
    }
    Text("\n" + std::string(2 * depth, ' ') + "]");
  }

 private:
  AtomicFile& file_;
};

// The summary as ToJson(Summary) holds it, one cell at a time: a run of
// ONNX's whole suite has thousands of cells.
void WriteSummary(JsonWriter& out, const Summary& s) {
  const auto cell = [](const MatrixCell& c) { return ToJson(c); };
  out.Text("{\n    \"counts\": ");
  out.Value(ToJson(s.counts), 2);
  out.Text(",\n    \"matrix\": ");
  out.Array(s.matrix, 2, cell);
  out.Text(",\n    \"must_reject\": ");
  out.Array(s.must_reject, 2, cell);
  out.Text(",\n    \"total\": " + std::to_string(s.total) + "\n  }");
}

}  // namespace

void WriteReport(const std::filesystem::path& path, const Report& report) {
  // The head's "results" and "summary" are null; each is written in its
  // place as dump(2) of the whole tree would lay it out. Keys are sorted,
  // so "results" comes first; a top-level key is the only text at an
  // indent of two spaces after a newline.
  const std::string text = ReportHead(report).dump(
      2, ' ', false, json::error_handler_t::replace);
  const std::string_view results = "\n  \"results\": null";
  const std::string_view summary = "\n  \"summary\": null";
  const size_t r = text.find(results), s = text.find(summary);
  const std::string_view all(text);
  AtomicFile file(path);
  JsonWriter out(file);
  out.Text(all.substr(0, r + results.size() - 4));
  out.Array(report.results, 1, [](const CaseResult& c) { return ToJson(c); });
  out.Text(all.substr(r + results.size(), s + summary.size() - 4 -
                                              (r + results.size())));
  WriteSummary(out, Summarize(report.results, report.policy));
  out.Text(all.substr(s + summary.size()));
  out.Text("\n");
  file.Commit();
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
