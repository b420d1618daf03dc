#include "core/status.h"

namespace onnxcts {

std::string_view StatusName(Status s) {
  static constexpr std::string_view kNames[] = {
      "pass",    "deviation",      "fail",     "not_supported",
      "error",   "invalid_output", "crash",    "timeout",
      "protocol_error", "rejected", "invalid_test_data", "expected_fail",
      "unexpected_pass", "not_run", "onnxcts_unsupported",
      "unreleased_opset"};
  return kNames[static_cast<int>(s)];
}

std::optional<Status> ParseStatus(std::string_view name) {
  for (Status s : kAllStatuses) {
    if (StatusName(s) == name) return s;
  }
  return std::nullopt;
}

bool JudgesBackend(Status s) {
  return s != Status::kInvalidTestData && s != Status::kNotRun &&
         s != Status::kOnnxctsUnsupported && s != Status::kUnreleasedOpset;
}

bool Computed(Status s) {
  return s == Status::kPass || s == Status::kDeviation ||
         s == Status::kUnexpectedPass;
}

bool IsFailure(Status s, Policy policy, bool require_support) {
  switch (s) {
    case Status::kFail:
    case Status::kCrash:
    case Status::kTimeout:
    case Status::kError:
    case Status::kInvalidOutput:
    case Status::kProtocolError:
    case Status::kUnexpectedPass:
      return true;
    case Status::kDeviation:
      return policy == Policy::kStrict;
    case Status::kNotSupported:
      return require_support;
    default:
      return false;
  }
}

}  // namespace onnxcts
