// The exhaustive kernel-against-oracle sweep over whole dtypes, split into
// chunks over threads: every pattern of dtypes up to 32 bits, stratified
// samples of 64-bit ones.
#ifndef ONNXCTS_HARNESS_SWEEP_H_
#define ONNXCTS_HARNESS_SWEEP_H_

#include <span>
#include <vector>

#include "onnxcts/verify.h"

namespace onnxcts {

class Progress;

struct SweepOptions {
  std::vector<Variant> variants;
  int threads = 1;
  Progress* progress = nullptr;  // advanced by patterns checked
};

struct SweepResult {
  const DTypeInfo* dtype;
  bool exhaustive;  // every pattern, rather than stratified samples
  Tally tally;
  double seconds;
};

// The number of patterns SweepDType() checks for `t`.
uint64_t SweepSize(const DTypeInfo& t);

// SweepDType()
//
// Verifies every variant of `options` that `t` defines.
SweepResult SweepDType(const DTypeInfo& t, const SweepOptions& options);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_SWEEP_H_
