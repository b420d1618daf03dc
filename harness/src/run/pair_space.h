// The pairs that `onnxcts sweep --backend` feeds an op of two inputs: every
// pattern of PairPatterns() (all of a dtype up to 16 bits, the stratified
// edges of a wider one) against every one, the second input's patterns on
// which a backend may die (Variant::fatal_second: an integer divisor of 0
// or -1) left out, as the generated suite's pair cases leave them out.
// Pair i is (first[i / M], second[i % M]), M the second set's size: a chunk
// of consecutive pairs is a few rows, each one first pattern against a run
// of second ones.
#ifndef ONNXCTS_HARNESS_RUN_PAIR_SPACE_H_
#define ONNXCTS_HARNESS_RUN_PAIR_SPACE_H_

#include <cstdint>
#include <span>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/variant.h"

namespace onnxcts {

class PairSpace {
 public:
  PairSpace(const DTypeInfo& t, const Variant& v);

  // The size of the space of `v` on `t`, given PairPatterns(t), which is
  // slow enough on a wide dtype to make once for many variants.
  static uint64_t Size(const DTypeInfo& t, const Variant& v,
                       std::span<const uint64_t> patterns);

  uint64_t size() const;
  // The second input's pattern of pair `pair`.
  uint64_t second(uint64_t pair) const;

  // Writes pairs `first`..`first + n - 1`: input 0's patterns to `a`, input
  // 1's to `b`, as the dtype stores them.
  void Fill(uint64_t first, uint64_t n, uint8_t* a, uint8_t* b) const;

 private:
  const DTypeInfo* t_;
  size_t width_;  // bytes an element
  std::vector<uint64_t> first_;
  std::vector<uint64_t> second_;
  std::vector<uint8_t> second_stored_;  // second_, as the dtype stores it
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_PAIR_SPACE_H_
