// Bit patterns that stand for a dtype too wide to enumerate: stratified so
// that every class boundary is hit, plus random interiors from a fixed seed.
#ifndef ONNXCTS_PATTERNS_H_
#define ONNXCTS_PATTERNS_H_

#include <cstdint>
#include <vector>

#include "onnxcts/dtype.h"

namespace onnxcts {

// StratifiedPatterns()
//
// For floats: every biased exponent with both signs, each with the mantissa
// edges (0, 1, 2, around the quiet bit, max-1, max) and `random_per_exponent`
// random mantissas. For integers: 0, ±1, min, max and their neighbours,
// every power of two and its neighbours with both signs, and
// `random_per_exponent` x 64 random patterns. Sorted, without repeats, and
// the same for the same seed on every machine.
std::vector<uint64_t> StratifiedPatterns(const DTypeInfo& t, uint64_t seed,
                                         int random_per_exponent);

// A small, portable PRNG (splitmix64): the same stream on every platform,
// which std::mt19937 distributions do not promise.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_PATTERNS_H_
