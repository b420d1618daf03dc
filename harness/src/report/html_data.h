// The data the HTML page's script reads to show a matrix cell's detail and
// draw its bit-pattern map: every result of every report grouped by cell,
// and the pattern maps of the cells' dtypes. The page embeds it as JSON in
// a script element that does not run (type application/json).
#ifndef ONNXCTS_HARNESS_REPORT_HTML_DATA_H_
#define ONNXCTS_HARNESS_REPORT_HTML_DATA_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/report.h"

namespace onnxcts {

// CellKey()
//
// "op|opset|dtype" ("reject|op|opset|dtype" in the must-reject matrix): how
// the page names the matrix cell of `result`; "" for a result the matrices
// leave out (no op, or a status that does not judge the backend).
std::string CellKey(const CaseResult& result);
std::string CellKey(const std::string& op, int opset, const std::string& dtype,
                    bool must_reject);

// PageData()
//
// {"reports": [{"label", "policy", "cells": {key: [result index, ...]},
// "results": [result JSON as in the report]}], "maps": {dtype: pattern map}}
// for `reports`, each shown under the label of the same index.
nlohmann::json PageData(const std::vector<Report>& reports,
                        const std::vector<std::string>& labels);

// ScriptJson()
//
// `data` as JSON text that can sit inside a script element: invalid UTF-8
// replaced, and '<', '>', '&' written as \u escapes so that no "</script>"
// or "<!--" in a string can end or change the element.
std::string ScriptJson(const nlohmann::json& data);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_HTML_DATA_H_
