#include "report/markdown.h"

#include "report/render.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "report/findings.h"
#include "report/mismatch_text.h"
#include "report/summary.h"

namespace onnxcts {
namespace {

using CellKey = std::tuple<std::string, int, std::string>;


// A fence longer than any run of backticks inside, so none closes it early.
std::string CodeBlock(const std::string& text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  return fence + "\n" + text + (text.ends_with('\n') ? "" : "\n") + fence +
         "\n";
}

std::string Row(const std::vector<std::string>& cells) {
  std::string row = "|";
  for (const std::string& c : cells) row += " " + c + " |";
  return row + "\n";
}

std::string Header(const std::vector<std::string>& first,
                   const std::vector<std::string>& labels) {
  std::vector<std::string> cells = first;
  for (const std::string& l : labels) cells.push_back(MarkdownCell(l));
  return Row(cells) + Row(std::vector<std::string>(cells.size(), "---"));
}

std::string FloatControl(const Environment& env) {
  const auto state = [](const std::optional<bool>& b) {
    return b ? (*b ? "on" : "off") : "n/a";
  };
  return fmt::format("FTZ {}, DAZ {}", state(env.ftz), state(env.daz));
}

std::string RunTable(const std::vector<Report>& reports,
                     const std::vector<std::string>& labels) {
  using Field = std::function<std::string(const Report&)>;
  const std::pair<const char*, Field> rows[] = {
      {"backend", [](const Report& r) { return "`" + r.backend.spec + "`"; }},
      {"options", [](const Report& r) { return OptionsText(r.backend); }},
      {"host", [](const Report& r) { return r.host; }},
      {"started", [](const Report& r) { return FormatUtcTime(r.started); }},
      {"ended", [](const Report& r) { return FormatUtcTime(r.ended); }},
      {"policy",
       [](const Report& r) { return std::string(PolicyName(r.policy)); }},
      {"suites",
       [](const Report& r) {
         return fmt::format("{}", fmt::join(r.suites, ", "));
       }},
      {"filter", [](const Report& r) { return r.filter; }},
      {"shard",
       [](const Report& r) {
         return fmt::format("{}/{}", r.shard.index, r.shard.count);
       }},
      {"cpu", [](const Report& r) { return r.environment.cpu; }},
      {"host class", [](const Report& r) { return r.environment.host_class; }},
      {"float control",
       [](const Report& r) { return FloatControl(r.environment); }},
      {"tool",
       [](const Report& r) { return r.tool_name + " " + r.tool_version; }},
  };
  std::string md = Header({""}, labels);
  for (const auto& [name, field] : rows) {
    std::vector<std::string> cells = {name};
    for (const Report& r : reports) cells.push_back(MarkdownCell(field(r)));
    md += Row(cells);
  }
  return md;
}

std::string FindingsTable(const std::vector<Finding>& findings,
                          const std::function<bool(const Finding&)>& pick) {
  std::string md = Row({"backend", "op", "dtype", "verdict", "results",
                        "value classes that differ (input -> actual, want "
                        "expected)",
                        "reproduce"}) +
                   Row(std::vector<std::string>(7, "---"));
  bool any = false;
  for (const Finding& f : findings) {
    if (!pick(f)) continue;
    any = true;
    md += Row({MarkdownCell(f.backend), fmt::format("{}-{}", MarkdownCell(f.op), f.opset),
               MarkdownCell(f.dtype), std::string(VerdictName(f.verdict)),
               CountsText(f.statuses), MarkdownCell(FindingClasses(f)),
               "`" + MarkdownCell(f.reproduce) + "`"});
  }
  return any ? md : "None.\n";
}

std::string FindingsSection(const std::vector<Report>& reports,
                            const std::vector<std::string>& labels) {
  const std::vector<Finding> findings = Findings(reports, labels);
  return "\n## Findings\n\n### onnxcts's operators, on the suite's cases\n\n" +
         FindingsTable(findings,
                       [](const Finding& f) {
                         return f.reference_op && !f.must_reject;
                       }) +
         "\n### Other operators, in ONNX's node tests\n\n" +
         FindingsTable(findings,
                       [](const Finding& f) {
                         return !f.reference_op && !f.must_reject;
                       }) +
         "\n### Must-reject models the backend ran\n\n" +
         FindingsTable(findings,
                       [](const Finding& f) { return f.must_reject; });
}

std::string MatrixTable(const std::vector<Summary>& summaries,
                        const std::vector<std::string>& labels,
                        bool must_reject) {
  std::map<CellKey, std::vector<std::string>> rows;
  for (size_t i = 0; i < summaries.size(); ++i) {
    for (const MatrixCell& c :
         must_reject ? summaries[i].must_reject : summaries[i].matrix) {
      auto& row = rows[{c.op, c.opset, c.dtype}];
      row.resize(summaries.size(), "-");
      row[i] = fmt::format("{} ({})", VerdictName(c.verdict),
                           CellCountsText(c));
    }
  }
  if (rows.empty()) {
    return must_reject ? "No must-reject case was run.\n"
                       : "No result belongs to an op onnxcts knows.\n";
  }
  std::string md = Header({"op", "opset", "dtype"}, labels);
  for (const auto& [key, verdicts] : rows) {
    const auto& [op, opset, dtype] = key;
    std::vector<std::string> cells = {MarkdownCell(op), std::to_string(opset),
                                      MarkdownCell(dtype)};
    cells.insert(cells.end(), verdicts.begin(), verdicts.end());
    md += Row(cells);
  }
  return md;
}

std::string CountsTable(const std::vector<Summary>& summaries,
                        const std::vector<std::string>& labels) {
  std::string md = Header({"status"}, labels);
  for (Status s : kAllStatuses) {
    std::vector<std::string> cells = {std::string(StatusName(s))};
    uint64_t any = 0;
    for (const Summary& summary : summaries) {
      any += summary.counts.at(s);
      cells.push_back(std::to_string(summary.counts.at(s)));
    }
    if (any > 0) md += Row(cells);
  }
  std::vector<std::string> total = {"**total**"};
  for (const Summary& s : summaries) total.push_back(std::to_string(s.total));
  return md + Row(total);
}

std::string ResultItem(const CaseResult& r) {
  std::string md = fmt::format("- `{}` data set {}: **{}**", r.case_id,
                               r.data_set, StatusName(r.status));
  if (!r.message.empty()) md += ": " + MarkdownCell(r.message);
  md += "\n";
  std::string details = MismatchSummary(r);
  if (!r.stderr_tail.empty()) details += "stderr:\n" + r.stderr_tail;
  if (!details.empty()) md += "\n" + CodeBlock(details) + "\n";
  return md;
}

// The results of each report that `pick` selects, under a heading per
// report, at most kMarkdownListLimit each.
std::string ResultList(
    const std::vector<Report>& reports, const std::vector<std::string>& labels,
    const std::function<bool(const Report&, const CaseResult&)>& pick) {
  std::string md;
  for (size_t i = 0; i < reports.size(); ++i) {
    std::string items;
    size_t count = 0;
    for (const CaseResult& r : reports[i].results) {
      if (!pick(reports[i], r)) continue;
      if (++count <= kMarkdownListLimit) items += ResultItem(r);
    }
    if (count > kMarkdownListLimit) {
      items += fmt::format("- ... and {} more\n", count - kMarkdownListLimit);
    }
    if (items.empty()) items = "None.\n";
    md += fmt::format("\n### {}\n\n{}", MarkdownCell(labels[i]), items);
  }
  return md;
}

}  // namespace

std::string MarkdownCell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string RenderMarkdown(const std::vector<Report>& reports) {
  const std::vector<std::string> labels = BackendLabels(reports);
  std::vector<Summary> summaries;
  for (const Report& r : reports) {
    summaries.push_back(Summarize(r.results, r.policy));
  }
  std::string md = "# onnxcts conformance report\n\n";
  md += RunTable(reports, labels);
  md += FindingsSection(reports, labels);
  md += "\n## Conformance matrix\n\n" + MatrixTable(summaries, labels, false);
  md += "\n## Must-reject models\n\nModels a conformant backend refuses: "
        "refusing them says that the backend checks its input, not that it "
        "computes the op.\n\n" +
        MatrixTable(summaries, labels, true);
  md += "\n## Counts\n\n" + CountsTable(summaries, labels);
  md += "\n## Failures\n";
  md += ResultList(reports, labels, [](const Report& rep, const CaseResult& r) {
    return IsFailure(r.status, rep.policy, /*require_support=*/false);
  });
  md += "\n## Deviations\n";
  md += ResultList(reports, labels, [](const Report& rep, const CaseResult& r) {
    return r.status == Status::kDeviation && rep.policy == Policy::kSpec;
  });
  return md;
}

}  // namespace onnxcts
