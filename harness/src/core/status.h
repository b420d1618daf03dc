// The per-test-data-set statuses of DESIGN.md, with their report names.
#ifndef ONNXCTS_HARNESS_CORE_STATUS_H_
#define ONNXCTS_HARNESS_CORE_STATUS_H_

#include <optional>
#include <string_view>

namespace onnxcts {

enum class Status {
  kPass,
  kDeviation,        // differs only where the spec is silent
  kFail,
  kNotSupported,
  kError,            // the backend refused valid input
  kInvalidOutput,    // wrong count, dtype, shape, or an unreadable .pb
  kCrash,
  kTimeout,
  kProtocolError,    // a worker's answer out of turn or unreadable
  kRejected,         // a must-reject model, correctly refused
  kInvalidTestData,  // the suite itself is broken
  kExpectedFail,     // a failure listed in the known-failures file
  kUnexpectedPass,   // a listed case that passed
  kNotRun,           // the run stopped first (--max-seconds, a signal, the
                     // restart budget); --resume runs it
  kOnnxctsUnsupported,  // the case holds what onnxcts cannot carry (string,
                        // sequence, optional values, an unknown dtype): the
                        // harness's gap, never the backend's
  kUnreleasedOpset,     // the model's opset is newer than ONNX's newest
                        // released one: no verdict on the backend
};

inline constexpr Status kAllStatuses[] = {
    Status::kPass,          Status::kDeviation,     Status::kFail,
    Status::kNotSupported,  Status::kError,         Status::kInvalidOutput,
    Status::kCrash,         Status::kTimeout,       Status::kProtocolError,
    Status::kRejected,      Status::kInvalidTestData, Status::kExpectedFail,
    Status::kUnexpectedPass, Status::kNotRun, Status::kOnnxctsUnsupported,
    Status::kUnreleasedOpset};

// "pass", "deviation", "not_supported", ...
std::string_view StatusName(Status s);
std::optional<Status> ParseStatus(std::string_view name);

// JudgesBackend()
//
// Whether `s` says what the backend does: false for broken test data, what
// did not run, what onnxcts cannot carry and unreleased opsets, which every
// verdict and the exit code leave out.
bool JudgesBackend(Status s);

// Computed()
//
// Whether the backend ran a valid case and its answer was judged right
// (pass, deviation, unexpected_pass).
bool Computed(Status s);

enum class Policy { kSpec, kStrict };

// IsFailure()
//
// Whether `s` makes `onnxcts run` exit 1 (DESIGN.md, Exit codes).
bool IsFailure(Status s, Policy policy, bool require_support);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_STATUS_H_
