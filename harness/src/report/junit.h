// A report as JUnit XML, for CI systems that show test results: one
// <testcase> per case id and data set.
#ifndef ONNXCTS_HARNESS_REPORT_JUNIT_H_
#define ONNXCTS_HARNESS_REPORT_JUNIT_H_

#include <string>

#include "report/report.h"

namespace onnxcts {

// ToJUnitXml()
//
// The classname of a testcase is its case id up to the last dot, the name
// the rest and the data set ("test_isinf/test_data_set_0"). Results that
// make a run fail (IsFailure under the report's policy) carry a <failure>
// with the message, the mismatch summary and the stderr tail; not_supported
// and invalid_test_data ones are <skipped>; the others pass.
std::string ToJUnitXml(const Report& report);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_JUNIT_H_
