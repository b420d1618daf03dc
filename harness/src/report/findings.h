// The findings of one or more reports: one per matrix cell (backend x op x
// opset x dtype) where a result fails or deviates, with the value classes
// that differ, one example pattern each, and a command that reproduces every
// such case of the cell. Must-reject cells that the backend runs are findings
// of their own kind. The scoreboard page and its Markdown open with them.
#ifndef ONNXCTS_HARNESS_REPORT_FINDINGS_H_
#define ONNXCTS_HARNESS_REPORT_FINDINGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "report/report.h"
#include "report/summary.h"

namespace onnxcts {

struct ClassFinding {
  uint64_t count = 0;
  MismatchExample example;  // the first one seen
};

struct Finding {
  std::string backend;  // the report's label
  std::string op;
  int opset = 0;
  std::string dtype;
  Verdict verdict = Verdict::kNonConformant;
  // Over every result of the cell that differs: the statuses, and the
  // mismatching elements by value class.
  StatusCounts statuses;
  std::map<std::string, ClassFinding> classes;
  std::string message;    // the first such result's, when no element differs
  std::string reproduce;  // reruns every case of the cell that differs
  std::vector<std::string> case_ids;  // those cases, in report order
  bool must_reject = false;  // a cell of must-reject models
  // Whether onnxcts's own kernels cover the op (checked on every bit
  // pattern), rather than only ONNX's test data.
  bool reference_op = false;
};

// Findings()
//
// The findings of `reports` (labelled by `labels`), in report order, then op,
// opset and dtype.
std::vector<Finding> Findings(const std::vector<Report>& reports,
                              const std::vector<std::string>& labels);

// FindingClasses()
//
// "+qnan 2046 (0x7e01 -> 0x0000, want 0x7e01); -zero 1 (...)", or the
// message (its first 240 bytes) when no element differs.
std::string FindingClasses(const Finding& f);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_FINDINGS_H_
