#include "report/html.h"
#include "report/render.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>

#include "report/findings.h"
#include "report/html_assets.h"
#include "report/html_data.h"
#include "report/html_matrix.h"
#include "report/summary.h"
#include "report/xml_escape.h"

namespace onnxcts {
namespace {

std::string Esc(std::string_view text) { return XmlEscape(text); }

// Only the inline style and script that carry it may apply: markup that a
// report smuggled past the escaping would still neither run nor load.
std::string Nonce() {
  std::random_device device;
  std::string nonce;
  for (int i = 0; i < 4; ++i) nonce += fmt::format("{:08x}", device());
  return nonce;
}

std::string Fact(std::string_view name, const std::string& html) {
  return fmt::format("<dt>{}</dt><dd>{}</dd>", name, html);
}

std::string Times(const Report& r) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      r.ended - r.started);
  return fmt::format("{} &#8594; {} ({:.1f} s)", FormatUtcTime(r.started),
                     FormatUtcTime(r.ended), ms.count() / 1000.0);
}

std::string Chips(const std::vector<MatrixCell>& cells,
                  std::initializer_list<Verdict> verdicts) {
  std::map<Verdict, int> count;
  for (const MatrixCell& c : cells) ++count[c.verdict];
  std::string html;
  for (Verdict v : verdicts) {
    html +=
        fmt::format("<span class=\"chip {}{}\">{} {}</span> ", VerdictClass(v),
                    count[v] == 0 ? " zero" : "", count[v], VerdictName(v));
  }
  return html;
}

// Cells of valid cases and of must-reject cases are tallied apart: a
// backend that refuses every model must not look conformant.
std::string VerdictTally(const Summary& s) {
  return Chips(s.matrix, {Verdict::kConformant, Verdict::kDeviations,
                          Verdict::kNonConformant, Verdict::kNotSupported}) +
         fmt::format("<span class=\"total\">{} cells of valid cases</span>"
                     "<br>",
                     s.matrix.size()) +
         Chips(s.must_reject, {Verdict::kRejects, Verdict::kRunsInvalid,
                               Verdict::kNonConformant}) +
         fmt::format("<span class=\"total\">{} must-reject cells, {} "
                     "results</span>",
                     s.must_reject.size(), s.total);
}

std::string RunCard(const Report& r, const std::string& label,
                    const Summary& s) {
  std::string facts =
      Fact("backend", "<code>" + Esc(r.backend.spec) + "</code>");
  if (!r.backend.options.empty()) {
    facts += Fact("options", Esc(OptionsText(r.backend)));
  }
  facts += Fact("host", Esc(r.host) + " (" + Esc(r.environment.host_class) +
                            ")");
  facts += Fact("time", Times(r));
  facts += Fact("policy", std::string(PolicyName(r.policy)));
  std::string suites;
  for (const std::string& suite : r.suites) {
    suites += "<code>" + Esc(suite) + "</code> ";
  }
  facts += Fact("suites", suites);
  if (!r.filter.empty()) {
    facts += Fact("filter", "<code>" + Esc(r.filter) + "</code>");
  }
  if (r.shard.count > 1) {
    facts +=
        Fact("shard", fmt::format("{} of {}", r.shard.index, r.shard.count));
  }
  facts += Fact("tool", Esc(r.tool_name + " " + r.tool_version));
  return fmt::format(
      "<section class=\"run\"><h2>{}</h2><p class=\"tally\">{}</p>"
      "<dl class=\"facts\">{}</dl></section>\n",
      Esc(label), VerdictTally(s), facts);
}

std::string Legend() {
  static constexpr const char* kMeaning[] = {
      "every valid case ran and passed",
      "differs from the reference only where the spec is silent",
      "some results fail (known failures included)",
      "some cases not supported, none fails",
      "every must-reject model refused",
      "the backend ran a must-reject model",
  };
  std::string html = "<ul class=\"legend\">";
  for (size_t i = 0; i < std::size(kAllVerdicts); ++i) {
    const Verdict v = kAllVerdicts[i];
    html += fmt::format("<li><span class=\"cell {}\"></span><b>{}</b> {}</li>",
                        VerdictClass(v), VerdictName(v), kMeaning[i]);
  }
  return html +
         "<li><span class=\"cell empty\"></span><b>blank</b> no case in "
         "this report</li></ul>\n<p class=\"hint\">&#10007;N: results "
         "that fail; &#8776;N: deviations. Click a cell for its results, "
         "mismatches and bit-pattern map.</p>\n";
}

std::string CountsTable(const std::vector<Summary>& summaries,
                        const std::vector<std::string>& labels) {
  std::string html = "<table class=\"counts\"><thead><tr><th>status</th>";
  for (const std::string& l : labels) html += "<th>" + Esc(l) + "</th>";
  html += "</tr></thead><tbody>";
  for (Status s : kAllStatuses) {
    std::string cells;
    uint64_t any = 0;
    for (const Summary& summary : summaries) {
      any += summary.counts.at(s);
      cells += fmt::format("<td>{}</td>", summary.counts.at(s));
    }
    if (any == 0) continue;
    html += fmt::format(
        "<tr><th><span class=\"status s-{0}\">{0}</span></th>{1}</tr>",
        StatusName(s), cells);
  }
  html += "<tr class=\"sum\"><th>total</th>";
  for (const Summary& s : summaries)
    html += fmt::format("<td>{}</td>", s.total);
  return html + "</tr></tbody></table>\n";
}

// Results the matrix leaves out (ONNX's own node tests, broken test data)
// open in the same detail as a cell.
std::string Outside(const std::vector<Report>& reports,
                    const std::vector<std::string>& labels) {
  std::string html;
  for (size_t i = 0; i < reports.size(); ++i) {
    size_t n = 0;
    for (const CaseResult& r : reports[i].results) n += CellKey(r).empty();
    if (n == 0) continue;
    html += fmt::format(
        "<li><button type=\"button\" class=\"open\" data-report=\"{}\" "
        "data-cell=\"\">{}: {} result{}</button></li>",
        i, Esc(labels[i]), n, n == 1 ? "" : "s");
  }
  if (html.empty()) return "";
  return "<section id=\"outside\"><h2>Results outside the matrix</h2>"
         "<p class=\"hint\">Cases that are not one node of an op onnxcts "
         "knows, test data the suite got wrong, values onnxcts cannot carry "
         "(onnxcts_unsupported) and opsets ONNX has not released "
         "(unreleased_opset): none of them counts for or against the "
         "backend.</p><ul>" +
         html + "</ul></section>\n";
}

std::string OnOff(const std::optional<bool>& b) {
  return b ? (*b ? "on" : "off") : "n/a";
}

std::string KnownFailures(const Report& r) {
  if (r.known_failures.empty()) return "none";
  std::string html;
  for (const KnownFailureEntry& k : r.known_failures) {
    html += fmt::format(
        "<li><code>{}</code> {} <span class=\"muted\">{}{}{}</span></li>",
        Esc(k.glob), Esc(k.reason), Esc(k.link),
        k.expires.empty() ? "" : ", expires " + Esc(k.expires),
        k.expired ? " (expired, not applied)" : "");
  }
  return "<ul class=\"plain\">" + html + "</ul>";
}

std::string EnvironmentCard(const Report& r, const std::string& label) {
  const Environment& e = r.environment;
  std::string features;
  for (const std::string& f : e.cpu_features) {
    features += "<span class=\"tag\">" + Esc(f) + "</span> ";
  }
  std::string libraries;
  for (const auto& [name, version] : e.libraries) {
    libraries +=
        "<span class=\"tag\">" + Esc(name) + " " + Esc(version) + "</span> ";
  }
  std::string command;
  for (const std::string& arg : r.command_line) command += Esc(arg) + " ";
  const std::string facts =
      Fact("os", Esc(e.os) + (e.distribution.empty()
                                  ? ""
                                  : " (" + Esc(e.distribution) + ")")) +
      Fact("cpu", Esc(e.cpu)) + Fact("cpu features", features) +
      Fact("FTZ / DAZ", OnOff(e.ftz) + " / " + OnOff(e.daz)) +
      Fact("compiler", Esc(e.compiler)) + Fact("libraries", libraries) +
      Fact("command", "<code>" + command + "</code>") +
      Fact("known failures", KnownFailures(r));
  return fmt::format(
      "<section class=\"run\"><h3>{}</h3><dl class=\"facts\">{}</dl>"
      "</section>\n",
      Esc(label), facts);
}

std::string FindingRow(const Finding& f) {
  return fmt::format(
      "<tr><td>{}</td><td>{}-{}</td><td>{}</td><td><span class=\"chip {}\">"
      "{}</span></td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
      Esc(f.backend), Esc(f.op), f.opset, Esc(f.dtype),
      VerdictClass(f.verdict), VerdictName(f.verdict),
      Esc(CountsText(f.statuses)), Esc(FindingClasses(f)), Esc(f.reproduce));
}

std::string FindingsTable(const std::vector<Finding>& findings,
                          const std::function<bool(const Finding&)>& pick) {
  std::string rows;
  for (const Finding& f : findings) {
    if (pick(f)) rows += FindingRow(f);
  }
  if (rows.empty()) return "<p>None.</p>\n";
  return "<table class=\"findings\"><thead><tr><th>backend</th><th>op</th>"
         "<th>dtype</th><th>verdict</th><th>results</th><th>value classes "
         "that differ (input &#8594; actual, want expected)</th>"
         "<th>reproduce</th></tr></thead><tbody>\n" +
         rows + "</tbody></table>\n";
}

// The page opens with what differs: one row per cell where a result fails
// or deviates, before the matrix that shows everything. onnxcts's own ops
// come first; the rest of ONNX's node tests and the must-reject models the
// backend ran follow, folded.
std::string FindingsSection(const std::vector<Report>& reports,
                            const std::vector<std::string>& labels) {
  const std::vector<Finding> findings = Findings(reports, labels);
  const auto others = std::ranges::count_if(findings, [](const Finding& f) {
    return !f.reference_op && !f.must_reject;
  });
  const auto runs = std::ranges::count_if(
      findings, [](const Finding& f) { return f.must_reject; });
  return "<section id=\"findings\"><h2>Findings</h2>\n"
         "<h3>onnxcts's operators, on the suite's cases</h3>\n" +
         FindingsTable(findings,
                       [](const Finding& f) {
                         return f.reference_op && !f.must_reject;
                       }) +
         fmt::format("<details><summary>Other operators, in ONNX's node "
                     "tests ({} cells)</summary>\n",
                     others) +
         FindingsTable(findings,
                       [](const Finding& f) {
                         return !f.reference_op && !f.must_reject;
                       }) +
         fmt::format("</details><details><summary>Must-reject models the "
                     "backend ran ({} cells)</summary>\n",
                     runs) +
         FindingsTable(findings,
                       [](const Finding& f) { return f.must_reject; }) +
         "</details></section>\n";
}

std::string Title(const std::vector<std::string>& labels) {
  std::string title = "onnxcts report:";
  for (size_t i = 0; i < labels.size(); ++i) {
    title += (i == 0 ? " " : ", ") + labels[i];
  }
  return Esc(title);
}

}  // namespace

std::string RenderHtml(const std::vector<Report>& reports) {
  const std::vector<std::string> labels = BackendLabels(reports);
  std::vector<Summary> summaries;
  for (const Report& r : reports) {
    summaries.push_back(Summarize(r.results, r.policy));
  }
  const std::string nonce = Nonce();
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
      "'none'; style-src 'nonce-{0}'; script-src 'nonce-{0}'; base-uri "
      "'none'; form-action 'none'\">\n"
      "<title>{1}</title>\n<style nonce=\"{0}\">{2}</style>\n</head>\n<body>\n",
      nonce, Title(labels), kHtmlStyle);
  html +=
      "<header class=\"top\"><h1>onnxcts conformance report</h1>\n"
      "<div class=\"runs\">\n";
  for (size_t i = 0; i < reports.size(); ++i) {
    html += RunCard(reports[i], labels[i], summaries[i]);
  }
  html +=
      "</div></header>\n<main>\n" +
      FindingsSection(reports, labels) +
      "<section id=\"matrix-section\">"
      "<h2>Conformance matrix</h2>\n" +
      Legend() + HtmlMatrix(reports, summaries, labels) + "</section>\n" +
      "<section id=\"must-reject-section\"><h2>Must-reject models</h2>\n"
      "<p class=\"hint\">Models a conformant backend refuses (a dtype the "
      "op does not allow, a wrong input count, ...): refusing them says the "
      "backend checks its input, not that it computes the op.</p>\n" +
      HtmlMatrix(reports, summaries, labels, /*must_reject=*/true) +
      "</section>\n";
  html += "<section id=\"counts\"><h2>Results by status</h2>\n" +
          CountsTable(summaries, labels) + "</section>\n";
  html += Outside(reports, labels);
  html +=
      "<section id=\"environment\"><h2>Environment</h2>\n<div "
      "class=\"runs\">";
  for (size_t i = 0; i < reports.size(); ++i) {
    html += EnvironmentCard(reports[i], labels[i]);
  }
  html +=
      "</div></section>\n</main>\n"
      "<aside id=\"detail\" hidden aria-live=\"polite\"></aside>\n"
      "<noscript><p class=\"hint\">Cell details need JavaScript; the "
      "matrix, counts and environment above do not.</p></noscript>\n";
  html += "<script type=\"application/json\" id=\"onnxcts-data\">" +
          ScriptJson(PageData(reports, labels)) + "</script>\n";
  html += fmt::format("<script nonce=\"{}\">{}</script>\n</body>\n</html>\n",
                      nonce, kHtmlScript);
  return html;
}

}  // namespace onnxcts
