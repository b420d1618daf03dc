// The conformance matrix of the HTML page: a row per op and opset and, per
// report, a group of dtype columns; each cell coloured by its verdict and
// naming, for the page's script, the cell whose detail a click opens.
#ifndef ONNXCTS_HARNESS_REPORT_HTML_MATRIX_H_
#define ONNXCTS_HARNESS_REPORT_HTML_MATRIX_H_

#include <set>
#include <string>
#include <vector>

#include "report/report.h"
#include "report/summary.h"

namespace onnxcts {

// DTypeColumns()
//
// `dtypes` in the order of the matrix's columns: floats, then integers,
// then bool, each by width; names the dtype table lacks last, by name.
std::vector<std::string> DTypeColumns(const std::set<std::string>& dtypes);

// HtmlMatrix()
//
// The <table id="matrix" class="matrix"> of `summaries` (one per report,
// same order as `reports` and `labels`), or with `must_reject` the <table
// id="must-reject-matrix" class="matrix"> of their must-reject cells. A cell
// is <td class="cell v-VERDICT" data-report="I" data-cell="KEY"> (KEY as
// CellKey()), or <td class="cell empty"> where that report has no result.
std::string HtmlMatrix(const std::vector<Report>& reports,
                       const std::vector<Summary>& summaries,
                       const std::vector<std::string>& labels,
                       bool must_reject = false);

// VerdictClass()
//
// "v-" and the verdict's name, spaces as dashes: "v-not-supported".
std::string VerdictClass(Verdict v);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_HTML_MATRIX_H_
