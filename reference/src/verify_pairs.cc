// Kernel-against-oracle verification of the ops of two inputs over pairs of
// patterns: every pair up to 16 bits, stratified pairs beyond.
#include <algorithm>
#include <vector>

#include "onnxcts/patterns.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

// Pairs per kernel call, as verify.cc's chunks.
constexpr uint64_t kChunk = 1 << 13;
constexpr uint64_t kStrataSeed = 20261201;

// Exponents a pair sweep of a wide float keeps whatever the stride: zero
// and the subnormals, the first normals, around one, and the top two.
bool KeyExponent(const FloatFormat& f, uint64_t e) {
  const uint64_t bias = static_cast<uint64_t>(f.bias);
  const uint64_t top = (uint64_t{1} << f.exponent_bits) - 1;
  return e <= 1 || e + 1 >= top || (e + 1 >= bias && e <= bias + 1);
}

std::vector<uint64_t> Thinned(const DTypeInfo& t, std::vector<uint64_t> all) {
  if (!t.is_float()) return all;
  const FloatFormat& f = t.format;
  const uint64_t stride =
      std::max<uint64_t>(1, (uint64_t{1} << f.exponent_bits) / 256);
  std::erase_if(all, [&](uint64_t p) {
    const uint64_t e = (p & f.exponent_mask()) >> f.mantissa_bits;
    return e % stride != 0 && !KeyExponent(f, e);
  });
  return all;
}

struct PairScratch {
  std::vector<uint8_t> a;
  std::vector<uint8_t> b;
  std::vector<uint8_t> out;
};

// Checks pairs `at` to `at + n - 1` through each variant.
void VerifyPairChunk(const DTypeInfo& t, Variants variants,
                     std::span<const uint64_t> patterns, uint64_t at, size_t n,
                     Tally& tally) {
  thread_local PairScratch s;
  const uint64_t count = patterns.size();
  s.a.resize(StorageBytes(t, n));
  s.b.resize(StorageBytes(t, n));
  for (size_t i = 0; i < n; ++i) {
    StoreBits(t, s.a.data(), i, patterns[(at + i) / count]);
    StoreBits(t, s.b.data(), i, patterns[(at + i) % count]);
  }
  tally.patterns += n;
  for (const Variant* v : variants) {
    const DTypeInfo& ot = OutputType(*v, t);
    s.out.resize(StorageBytes(ot, n));
    v->pair_kernel(t, s.a.data(), s.b.data(), s.out.data(), n);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t a = patterns[(at + i) / count];
      const uint64_t b = patterns[(at + i) % count];
      const uint64_t want = v->pair_oracle(t, a, b);
      const uint64_t got = LoadBits(ot, s.out.data(), i);
      if (want == got) continue;
      ++tally.mismatches;
      if (tally.first.size() < Tally::kKeep) {
        tally.first.push_back({v, a, want, got, b});
      }
    }
  }
}

}  // namespace

std::vector<uint64_t> PairPatterns(const DTypeInfo& t) {
  if (t.kind == Kind::kBool) return {0, 1};
  if (t.bits <= 16) {
    std::vector<uint64_t> all(t.all_bits() + 1);
    for (uint64_t p = 0; p < all.size(); ++p) all[p] = p;
    return all;
  }
  return Thinned(t, StratifiedPatterns(t, kStrataSeed, 0));
}

// 64-bit counters and an inclusive end, as VerifyRange's.
Tally VerifyPairs(const DTypeInfo& t, Variants variants,
                  std::span<const uint64_t> patterns, uint64_t first,
                  uint64_t last) {
  std::vector<const Variant*> kept;
  for (const Variant* v : variants) {
    if (v->arity() == 2 && v->Defines(t)) kept.push_back(v);
  }
  Tally total;
  if (patterns.empty() || kept.empty()) return total;
  for (uint64_t at = first;; at += kChunk) {
    const uint64_t end = std::min(last, at + (kChunk - 1));
    VerifyPairChunk(t, kept, patterns, at, end - at + 1, total);
    if (end == last) break;
  }
  return total;
}

}  // namespace onnxcts
