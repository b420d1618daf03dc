// The exhaustive kernel-against-oracle sweep over whole dtypes, split into
// chunks over threads: every pattern of dtypes up to 32 bits, stratified
// samples of 64-bit ones.
#ifndef ONNXCTS_HARNESS_RUN_KERNEL_SWEEP_H_
#define ONNXCTS_HARNESS_RUN_KERNEL_SWEEP_H_

#include <span>
#include <vector>

#include "onnxcts/verify.h"

namespace onnxcts {

class Progress;

struct SweepOptions {
  std::vector<const Variant*> variants;
  int threads = 1;
  Progress* progress = nullptr;  // advanced by patterns checked
};

struct SweepResult {
  const DTypeInfo* dtype;
  bool exhaustive;  // every pattern, rather than stratified samples
  Tally tally;
  double seconds;
};

// The patterns a sweep of `t` covers, in order: every pattern of dtypes up
// to 32 bits (a bool's two, 0 and 1: a tensor holds no other), stratified
// samples (from a fixed seed) of wider ones.
class PatternSpace {
 public:
  explicit PatternSpace(const DTypeInfo& t);
  bool exhaustive() const { return samples_.empty(); }
  uint64_t size() const { return size_; }
  uint64_t at(uint64_t i) const { return exhaustive() ? i : samples_[i]; }
  std::span<const uint64_t> samples() const { return samples_; }

 private:
  uint64_t size_;
  std::vector<uint64_t> samples_;
};

// The number of patterns SweepDType() checks for `t`.
uint64_t SweepSize(const DTypeInfo& t);

// SweepDType()
//
// Verifies every variant of `options` that `t` defines.
SweepResult SweepDType(const DTypeInfo& t, const SweepOptions& options);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_KERNEL_SWEEP_H_
