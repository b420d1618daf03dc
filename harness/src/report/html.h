// Reports rendered as one self-contained HTML page (`onnxcts report
// render`): what was run, the op x opset x dtype matrix coloured by verdict
// (one column group per report), counts, the environment, and, on a click
// on a cell, its results with their mismatches and a map of the dtype's bit
// patterns. The page loads nothing: its style, script and data are inline,
// and a Content-Security-Policy forbids anything else.
#ifndef ONNXCTS_HARNESS_REPORT_HTML_H_
#define ONNXCTS_HARNESS_REPORT_HTML_H_

#include <string>
#include <vector>

#include "report/report.h"

namespace onnxcts {

// RenderHtml()
//
// The page for `reports` (at least one), in their order.
std::string RenderHtml(const std::vector<Report>& reports);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_HTML_H_
