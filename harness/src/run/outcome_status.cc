#include "run/outcome_status.h"

namespace onnxcts {

Status StatusOf(RunOutcome::Kind kind) {
  using Kind = RunOutcome::Kind;
  switch (kind) {
    case Kind::kOk:
      return Status::kPass;
    case Kind::kNotSupported:
      return Status::kNotSupported;
    case Kind::kError:
      return Status::kError;
    case Kind::kCrash:
      return Status::kCrash;
    case Kind::kTimeout:
      return Status::kTimeout;
    case Kind::kProtocolError:
      return Status::kProtocolError;
    case Kind::kInvalidOutput:
      return Status::kInvalidOutput;
  }
  return Status::kError;
}

int Severity(Status s) {
  switch (s) {
    case Status::kInvalidOutput:
      return 3;
    case Status::kFail:
      return 2;
    case Status::kDeviation:
      return 1;
    default:
      return 0;
  }
}

}  // namespace onnxcts
