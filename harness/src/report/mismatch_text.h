// A result's mismatches as a few lines of plain text, for the views that
// show failures to people (JUnit, Markdown, diff).
#ifndef ONNXCTS_HARNESS_REPORT_MISMATCH_TEXT_H_
#define ONNXCTS_HARNESS_REPORT_MISMATCH_TEXT_H_

#include <string>

#include "core/result.h"

namespace onnxcts {

// MismatchSummary()
//
// One line per output that differs (with its largest ULP distance, if any),
// then one per value class with its count and its examples (each with its
// ULP distance, if any):
//   output 0 (float16, 8 elements): 2 mismatches, 0 deviations, max 3 ulp
//     +normal: 2, e.g. [3] 0x3c00 -> expected 0x3c00, actual 0x3c01 (1 ulp)
// "" when no output differs.
std::string MismatchSummary(const CaseResult& result);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_MISMATCH_TEXT_H_
