#include "report/html_matrix.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "onnxcts/dtype.h"
#include "report/html_data.h"
#include "report/xml_escape.h"

namespace onnxcts {
namespace {

using RowKey = std::pair<std::string, int>;  // op, opset
// Per row, per report, per dtype: the cell.
using Rows = std::map<RowKey, std::vector<std::map<std::string, MatrixCell>>>;

std::tuple<int, int, int, size_t> ColumnRank(const std::string& name) {
  const DTypeInfo* t = FindDType(name);
  if (t == nullptr) return {3, 0, 0, 0};
  const int family = t->is_float() ? 0 : t->is_integer() ? 1 : 2;
  const size_t row = static_cast<size_t>(t - kDTypes.data());
  return {family, t->bits, t->kind == Kind::kUnsigned ? 1 : 0, row};
}

uint64_t Sum(const StatusCounts& counts, Policy policy, bool failures) {
  uint64_t n = 0;
  for (const auto& [status, count] : counts) {
    const bool failure = IsFailure(status, policy, /*require_support=*/false);
    if (failures ? failure : status == Status::kDeviation) n += count;
  }
  return n;
}

// A mark that does not rely on colour alone, and the count that matters.
std::string CellText(const MatrixCell& c, Policy policy) {
  switch (c.verdict) {
    case Verdict::kConformant:
      return "&#10003;";
    case Verdict::kDeviations:
      return fmt::format("&#8776;{}", Sum(c.counts, policy, false));
    case Verdict::kNonConformant:
      return fmt::format("&#10007;{}", Sum(c.counts, policy, true));
    case Verdict::kNotSupported:
      return "&#8211;";
    case Verdict::kRejects:
      return "&#10003;";
    case Verdict::kRunsInvalid:
      return fmt::format("&#10007;{}", Sum(c.counts, policy, true));
  }
  return "";
}

std::string Cell(const MatrixCell& c, size_t report, const std::string& label,
                 Policy policy, bool first, bool must_reject) {
  const std::string title =
      fmt::format("{} {} {} on {}: {} ({})", c.op, c.opset, c.dtype, label,
                  VerdictName(c.verdict), CellCountsText(c));
  return fmt::format(
      "<td class=\"cell {}{}\" tabindex=\"0\" data-report=\"{}\" "
      "data-cell=\"{}\" title=\"{}\">{}</td>",
      VerdictClass(c.verdict), first ? " first" : "", report,
      XmlEscape(CellKey(c.op, c.opset, c.dtype, must_reject), true),
      XmlEscape(title, true),
      CellText(c, policy));
}

std::string Head(const std::vector<std::string>& labels,
                 const std::vector<std::string>& columns) {
  std::string html =
      "<thead><tr><th rowspan=\"2\" class=\"op\">op</th>"
      "<th rowspan=\"2\" class=\"opset\">opset</th>";
  for (const std::string& label : labels) {
    html += fmt::format("<th colspan=\"{}\" class=\"group first\">{}</th>",
                        columns.size(), XmlEscape(label));
  }
  html += "</tr><tr>";
  for (size_t i = 0; i < labels.size(); ++i) {
    for (size_t j = 0; j < columns.size(); ++j) {
      html += fmt::format("<th class=\"dtype{}\"><span>{}</span></th>",
                          j == 0 ? " first" : "", XmlEscape(columns[j]));
    }
  }
  return html + "</tr></thead>";
}

std::string Body(const Rows& rows, const std::vector<Report>& reports,
                 const std::vector<std::string>& labels,
                 const std::vector<std::string>& columns, bool must_reject) {
  std::map<std::string, int> opsets_per_op;
  for (const auto& [key, cells] : rows) ++opsets_per_op[key.first];
  std::string html = "<tbody>";
  std::string last_op;
  for (const auto& [key, per_report] : rows) {
    const auto& [op, opset] = key;
    html += "<tr>";
    if (op != last_op) {
      html += fmt::format("<th rowspan=\"{}\" class=\"op\">{}</th>",
                          opsets_per_op[op], XmlEscape(op));
      last_op = op;
    }
    html += fmt::format("<th class=\"opset\">{}</th>", opset);
    for (size_t i = 0; i < per_report.size(); ++i) {
      for (size_t j = 0; j < columns.size(); ++j) {
        const auto it = per_report[i].find(columns[j]);
        html += it == per_report[i].end()
                    ? fmt::format("<td class=\"cell empty{}\"></td>",
                                  j == 0 ? " first" : "")
                    : Cell(it->second, i, labels[i], reports[i].policy,
                           j == 0, must_reject);
      }
    }
    html += "</tr>\n";
  }
  return html + "</tbody>";
}

}  // namespace

std::vector<std::string> DTypeColumns(const std::set<std::string>& dtypes) {
  std::vector<std::string> columns(dtypes.begin(), dtypes.end());
  std::stable_sort(columns.begin(), columns.end(),
                   [](const std::string& a, const std::string& b) {
                     return ColumnRank(a) < ColumnRank(b);
                   });
  return columns;
}

std::string VerdictClass(Verdict v) {
  std::string name(VerdictName(v));
  std::replace(name.begin(), name.end(), ' ', '-');
  return "v-" + name;
}

std::string HtmlMatrix(const std::vector<Report>& reports,
                       const std::vector<Summary>& summaries,
                       const std::vector<std::string>& labels,
                       bool must_reject) {
  Rows rows;
  std::set<std::string> dtypes;
  for (size_t i = 0; i < summaries.size(); ++i) {
    for (const MatrixCell& c :
         must_reject ? summaries[i].must_reject : summaries[i].matrix) {
      auto& per_report = rows[{c.op, c.opset}];
      per_report.resize(summaries.size());
      per_report[i][c.dtype] = c;
      dtypes.insert(c.dtype);
    }
  }
  if (rows.empty()) {
    return must_reject
               ? "<p class=\"none\">No must-reject case was run.</p>"
               : "<p class=\"none\">No result belongs to an op onnxcts "
                 "knows.</p>";
  }
  const std::vector<std::string> columns = DTypeColumns(dtypes);
  return fmt::format(
      "<div class=\"matrix-scroll\"><table id=\"{}\" class=\"matrix\">",
      must_reject ? "must-reject-matrix" : "matrix") +
         Head(labels, columns) +
         Body(rows, reports, labels, columns, must_reject) +
         "</table></div>\n";
}

}  // namespace onnxcts
