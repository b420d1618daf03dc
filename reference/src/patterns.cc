#include "onnxcts/patterns.h"

#include <algorithm>

namespace onnxcts {
namespace {

void AddFloatStrata(const FloatFormat& f, SplitMix64& rng, int random,
                    std::vector<uint64_t>& out) {
  const uint64_t mantissa_max = f.mantissa_mask();
  const uint64_t quiet = f.quiet_bit();
  const uint64_t edges[] = {0,         1,     2,           quiet - 1,
                            quiet,     quiet + 1, mantissa_max - 1,
                            mantissa_max};
  const uint64_t exponents = uint64_t{1} << f.exponent_bits;
  for (uint64_t e = 0; e < exponents; ++e) {
    for (uint64_t sign : {uint64_t{0}, f.sign_mask()}) {
      const uint64_t base = sign | (e << f.mantissa_bits);
      for (uint64_t m : edges) out.push_back(base | (m & mantissa_max));
      for (int i = 0; i < random; ++i) {
        out.push_back(base | (rng.Next() & mantissa_max));
      }
    }
  }
}

void AddIntegerStrata(const DTypeInfo& t, SplitMix64& rng, int random,
                      std::vector<uint64_t>& out) {
  const uint64_t mask = t.all_bits();
  for (int k = 0; k < t.bits; ++k) {
    const uint64_t p = uint64_t{1} << k;
    for (uint64_t v : {p - 1, p, p + 1}) {
      out.push_back(v & mask);
      out.push_back((~v + 1) & mask);  // the two's complement negation
    }
  }
  out.push_back(mask);      // -1, or the unsigned maximum
  out.push_back(mask - 1);
  for (int i = 0; i < random * 64; ++i) out.push_back(rng.Next() & mask);
}

}  // namespace

std::vector<uint64_t> StratifiedPatterns(const DTypeInfo& t, uint64_t seed,
                                         int random_per_exponent) {
  SplitMix64 rng(seed);
  std::vector<uint64_t> out;
  if (t.is_float()) {
    AddFloatStrata(t.format, rng, random_per_exponent, out);
  } else {
    AddIntegerStrata(t, rng, random_per_exponent, out);
  }
  std::ranges::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace onnxcts
