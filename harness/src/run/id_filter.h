// The --filter of run and sweep: an ECMAScript regex searched in case ids.
#ifndef ONNXCTS_HARNESS_RUN_ID_FILTER_H_
#define ONNXCTS_HARNESS_RUN_ID_FILTER_H_

#include <regex>
#include <string>

#include "core/case_filter.h"

namespace onnxcts {

// CompileIdFilter()
//
// `text` as a regex; throws std::invalid_argument quoting it when it is not
// a valid one, so that the CLI exits 2 with the reason.
std::regex CompileIdFilter(const std::string& text);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_ID_FILTER_H_
