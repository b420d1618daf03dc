// What a run records per test data set, and what a report is made of.
#ifndef ONNXCTS_HARNESS_CORE_RESULT_H_
#define ONNXCTS_HARNESS_CORE_RESULT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"

namespace onnxcts {

// One mismatching element, bits as hex strings of the dtype's width.
struct MismatchExample {
  uint64_t index = 0;
  std::string input;  // empty when the output has no element-wise input
  std::string expected;
  std::string actual;
  // Units in the last place from expected to actual; none for a NaN and for
  // non-float dtypes (run/ulp_distance.h).
  std::optional<uint64_t> ulp;

  bool operator==(const MismatchExample&) const = default;
};

// Mismatches of one value class ("+qnan", "-zero", "int_min", ...): counted
// in full, shown by their first few examples.
struct ClassMismatches {
  uint64_t count = 0;
  std::vector<MismatchExample> examples;
  uint64_t deviations = 0;  // of `count`, those where the spec is silent

  bool operator==(const ClassMismatches&) const = default;
};

struct OutputComparison {
  int output = 0;  // K of output_K
  std::string dtype;
  uint64_t elements = 0;
  uint64_t mismatches = 0;    // elements that fail
  uint64_t deviations = 0;    // elements that differ only where spec is silent
  std::map<std::string, ClassMismatches> by_class;
  // The largest ULP distance of any failing or deviating element, examples
  // or not; none when no such element has one.
  std::optional<uint64_t> max_ulp;

  bool operator==(const OutputComparison&) const = default;
};

// MaxUlp()
//
// The larger of two ULP distances, either of which may be absent.
inline std::optional<uint64_t> MaxUlp(std::optional<uint64_t> a,
                                      std::optional<uint64_t> b) {
  if (!a || !b) return a ? a : b;
  return *a > *b ? a : b;
}

struct CaseResult {
  std::string case_id;
  int data_set = 0;
  Status status = Status::kPass;
  bool must_reject = false;  // of a model a conformant backend refuses
  std::string message;  // why, for any status but pass
  // What the matrix groups by; empty for models that are not one node of
  // an op onnxcts knows.
  std::string op;
  int opset = 0;  // the op's since_version in force
  std::string dtype;
  std::vector<OutputComparison> comparisons;
  std::string stderr_tail;              // a worker's, when it failed
  std::vector<std::string> adapter_steps;  // how a backend was helped along
  std::string known_failure;  // the glob that listed it, if any
  double seconds = 0;
  std::string reproduce;  // one command that reruns just this case

  // Field by field: what a result read back from a report or a journal
  // must be to the one written.
  bool operator==(const CaseResult&) const = default;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_RESULT_H_
