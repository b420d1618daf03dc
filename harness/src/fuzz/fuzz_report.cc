#include "fuzz/fuzz_report.h"

#include <sstream>

#include <fmt/core.h>

#include "backends/shell_quote.h"
#include "core/case_filter.h"
#include "core/input_error.h"
#include "io/files.h"
#include "core/json_bounded.h"
#include "report/json_field.h"
#include "report/markdown.h"

namespace onnxcts {
namespace {

std::string Replay(const FuzzOptions& o, const std::string& spec,
                   const std::string& case_id) {
  return "onnxcts run --suite " + ShellQuote((o.work / "findings").string()) +
         " --backend " + ShellQuote(spec) + " --filter " +
         ShellQuote(IdFilterFor(case_id));
}

nlohmann::json FindingJson(const FuzzFinding& f, const FuzzOptions& o,
                           const std::string& spec) {
  return {{"signature", f.signature},
          {"status", StatusName(f.status)},
          {"message", f.message},
          {"seed", f.seed},
          {"single_node", f.single_node},
          {"nodes", f.nodes},
          {"case", f.case_id},
          {"seen", f.seen},
          {"known", f.known},
          {"replay", Replay(o, spec, f.case_id)}};
}

// A table cell, long texts cut short.
std::string Cell(const std::string& text) {
  return MarkdownCell(text.size() > 160 ? text.substr(0, 157) + "..." : text);
}

std::string Trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  const size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

}  // namespace

nlohmann::json FuzzJson(const FuzzSummary& s, const BackendInfo& backend,
                        const FuzzOptions& o, bool finished) {
  nlohmann::json findings = nlohmann::json::array();
  for (const FuzzFinding& f : s.findings) {
    findings.push_back(FindingJson(f, o, backend.spec));
  }
  return {{"onnxcts_fuzz_report", 1},
          {"backend",
           {{"spec", backend.spec},
            {"name", backend.name},
            {"version", backend.version}}},
          {"options",
           {{"seed", o.seed},
            {"opset", o.graph.opset},
            {"max_nodes", o.graph.max_nodes},
            {"seconds", o.seconds},
            {"max_graphs", o.max_graphs},
            {"threads", o.threads}}},
          {"finished", finished},
          {"stopped", s.stopped},
          {"next_graph", s.next_graph},
          {"graphs", s.graphs},
          {"passed", s.passed},
          {"deviations", s.deviations},
          {"not_supported", s.not_supported},
          {"fatal_divisors", s.fatal_divisors},
          {"uncut", s.uncut},
          {"seconds", s.seconds},
          {"graphs_per_second", s.seconds > 0 ? s.graphs / s.seconds : 0.0},
          {"findings", findings}};
}

std::string FuzzMarkdown(const nlohmann::json& r) {
  std::ostringstream md;
  const auto& b = r["backend"];
  md << "# Graph fuzzing: " << b["name"].get<std::string>() << " "
     << b["version"].get<std::string>() << "\n\n";
  md << fmt::format(
      "{} graphs in {:.1f} s ({:.1f} a second), seed {}, opset {}, up to {} "
      "nodes: {} passed, {} differed only where the spec is open, {} not "
      "supported; {} nodes died or refused on an integer divisor of 0 or -1 "
      "(the suite's divisor cases score that).\n\n",
      r["graphs"].get<uint64_t>(), r["seconds"].get<double>(),
      r["graphs_per_second"].get<double>(),
      r["options"]["seed"].get<uint64_t>(), r["options"]["opset"].get<int>(),
      r["options"]["max_nodes"].get<int>(), r["passed"].get<uint64_t>(),
      r["deviations"].get<uint64_t>(), r["not_supported"].get<uint64_t>(),
      r["fatal_divisors"].get<uint64_t>());
  if (r["findings"].empty()) {
    md << "No finding.\n";
    return md.str();
  }
  md << "| signature | kind | nodes | graphs | known | replay |\n"
     << "| --- | --- | --- | --- | --- | --- |\n";
  for (const auto& f : r["findings"]) {
    md << "| " << Cell(f["signature"].get<std::string>()) << " | "
       << (f["single_node"].get<bool>() ? "single node" : "graph only")
       << " | " << f["nodes"].get<size_t>() << " | "
       << f["seen"].get<uint64_t>() << " | "
       << Cell(f["known"].get<std::string>()) << " | `"
       << Cell(f["replay"].get<std::string>()) << "` |\n";
  }
  return md.str();
}

FuzzSummary ReadFuzzSummary(const std::filesystem::path& path,
                            const nlohmann::json& now) {
  const std::string file = path.string();
  const nlohmann::json json =
      ParseJsonBounded(ReadFileBounded(path, 64 << 20), file, 16);
  const JsonField r(json, file);
  r.ExpectObject({"onnxcts_fuzz_report", "backend", "options", "finished",
                  "stopped", "next_graph", "graphs", "passed", "deviations",
                  "not_supported", "fatal_divisors", "uncut", "seconds",
                  "graphs_per_second", "findings"});
  r["onnxcts_fuzz_report"].Integer(1, 1);  // the one version there is
  // What decides the graphs must be what the fuzz going on would use.
  const auto same = [&](const JsonField& f, const nlohmann::json& want) {
    if (f.value() != want) {
      f.Fail("is " + f.value().dump() + ", the fuzz going on has " +
             want.dump() + ": resume with the same options, or start afresh");
    }
  };
  same(r["backend"]["spec"], now["backend"]["spec"]);
  for (const char* key : {"seed", "opset", "max_nodes"}) {
    same(r["options"][key], now["options"][key]);
  }
  FuzzSummary s;
  s.next_graph = r["next_graph"].Count();
  s.graphs = r["graphs"].Count();
  s.passed = r["passed"].Count();
  s.deviations = r["deviations"].Count();
  s.not_supported = r["not_supported"].Count();
  s.fatal_divisors = r["fatal_divisors"].Count();
  s.uncut = r["uncut"].Count();
  s.seconds = r["seconds"].NonNegative();
  for (const JsonField& f : r["findings"].Elements()) {
    f.ExpectObject({"signature", "status", "message", "seed", "single_node",
                    "nodes", "case", "seen", "known", "replay"});
    FuzzFinding x;
    x.signature = f["signature"].String();
    const std::optional<Status> status = ParseStatus(f["status"].String());
    if (!status) f["status"].Fail("is not a status");
    x.status = *status;
    x.message = f["message"].String();
    x.seed = f["seed"].Count();
    x.single_node = f["single_node"].Bool();
    x.nodes = f["nodes"].Count();
    x.case_id = f["case"].String();
    x.seen = f["seen"].Count();
    s.findings.push_back(std::move(x));
  }
  return s;
}

std::map<std::string, std::string> ReadKnownSignatures(
    const std::filesystem::path& file) {
  std::istringstream in(ReadFileBounded(file, 1 << 20));
  std::map<std::string, std::string> known;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    const size_t bar = line.find(" | ");  // a signature holds none
    if (bar == std::string::npos || Trim(line.substr(bar + 3)).empty()) {
      throw InputError(file.string(), "line " + std::to_string(n),
                       "not SIGNATURE | REASON");
    }
    known[Trim(line.substr(0, bar))] = Trim(line.substr(bar + 3));
  }
  return known;
}

}  // namespace onnxcts
