#include "fuzz/fuzz_report.h"

#include <sstream>

#include <fmt/core.h>

#include "backends/shell_quote.h"
#include "core/case_filter.h"
#include "core/input_error.h"
#include "io/files.h"
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
                        const FuzzOptions& o) {
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
            {"max_graphs", o.max_graphs}}},
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
