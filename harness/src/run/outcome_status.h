// How a backend's outcome becomes a result's status, and how the statuses
// of several comparisons combine into one.
#ifndef ONNXCTS_HARNESS_RUN_OUTCOME_STATUS_H_
#define ONNXCTS_HARNESS_RUN_OUTCOME_STATUS_H_

#include "core/backend.h"
#include "core/status.h"

namespace onnxcts {

// The status of a run whose outcome is `kind` (pass for kOk, before any
// comparison).
Status StatusOf(RunOutcome::Kind kind);

// Severity()
//
// The order in which comparison statuses combine: invalid_output over fail
// over deviation over pass.
int Severity(Status s);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_OUTCOME_STATUS_H_
