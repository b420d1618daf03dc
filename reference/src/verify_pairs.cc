// Kernel-against-oracle verification of the ops of two inputs over pairs of
// patterns: every pair up to 16 bits, stratified pairs beyond.
#include <algorithm>
#include <vector>

#include "onnxcts/patterns.h"
#include "onnxcts/type_list.h"
#include "onnxcts/verify.h"
#include "ops/ops.h"

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

// A packed dtype's stand-in storage type: its elements go through
// LoadBits() and StoreBits().
struct Packed {};

template <typename U>
void Store(const DTypeInfo&, U, void* data, size_t i, uint64_t bits) {
  StoreElement<U>(data, i, static_cast<U>(bits));
}
inline void Store(const DTypeInfo& t, Packed, void* data, size_t i,
                  uint64_t bits) {
  StoreBits(t, data, i, bits);
}

template <typename U>
uint64_t Load(const DTypeInfo&, U, const void* data, size_t i) {
  return LoadElement<U>(data, i);
}
inline uint64_t Load(const DTypeInfo& t, Packed, const void* data, size_t i) {
  return LoadBits(t, data, i);
}

// A chunk's pairs: the patterns, their elements, the kernel's answers and
// the oracle's.
struct PairScratch {
  std::vector<uint64_t> a_bits;
  std::vector<uint64_t> b_bits;
  std::vector<uint8_t> a;
  std::vector<uint8_t> b;
  std::vector<uint8_t> out;
  std::vector<uint64_t> want;
};

// Pair `at` is patterns[at / count] against patterns[at % count]; a chunk
// walks them in order, so one division starts it and none follows.
class PairCursor {
 public:
  PairCursor(std::span<const uint64_t> patterns, uint64_t at)
      : patterns_(patterns),
        row_(at / patterns.size()),
        column_(at % patterns.size()) {}
  uint64_t a() const { return patterns_[row_]; }
  uint64_t b() const { return patterns_[column_]; }
  void Next() {
    if (++column_ == patterns_.size()) {
      column_ = 0;
      ++row_;
    }
  }

 private:
  std::span<const uint64_t> patterns_;
  size_t row_;
  size_t column_;
};

// Calls `body(U{})` with U the storage type of a byte-wide `t` (its row
// of the dtype table), or with Packed for a packed one: the buffers of
// every pair go through here, and a call per element costs more than the
// check of the simpler ops.
template <typename Body>
void ByStorage(const DTypeInfo& t, Body&& body) {
  if (t.packed()) return body(Packed{});
  VisitDType(t.code, [&]<typename Row>() { body(typename Row::Bits{}); });
}

// The loops below take the buffers' addresses first: a store through a
// byte pointer may alias a vector's own fields, which the compiler would
// then load again at every element.
void FillPairs(const DTypeInfo& t, std::span<const uint64_t> patterns,
               uint64_t at, size_t n, PairScratch& s) {
  s.a_bits.resize(n);
  s.b_bits.resize(n);
  const std::span<uint64_t> a_bits(s.a_bits);
  const std::span<uint64_t> b_bits(s.b_bits);
  ByStorage(t, [&, a = s.a.data(), b = s.b.data()](auto u) {
    PairCursor c(patterns, at);
    for (size_t i = 0; i < n; ++i, c.Next()) {
      a_bits[i] = c.a();
      b_bits[i] = c.b();
      Store(t, u, a, i, a_bits[i]);
      Store(t, u, b, i, b_bits[i]);
    }
  });
}

void CheckPairs(const DTypeInfo& t, const Variant& v, const DTypeInfo& ot,
                size_t n, PairScratch& s, Tally& tally) {
  s.want.resize(n);
  const std::span<const uint64_t> want(s.want);
  v.pair_oracle(t, s.a_bits, s.b_bits, s.want);
  ByStorage(ot, [&, out = s.out.data()](auto u) {
    for (size_t i = 0; i < n; ++i) {
      const uint64_t got = Load(ot, u, out, i);
      if (want[i] == got) continue;
      ++tally.mismatches;
      if (tally.first.size() < Tally::kKeep) {
        tally.first.push_back({&v, s.a_bits[i], want[i], got, s.b_bits[i]});
      }
    }
  });
}

// Checks pairs `at` to `at + n - 1` through each variant.
void VerifyPairChunk(const DTypeInfo& t, Variants variants,
                     std::span<const uint64_t> patterns, uint64_t at, size_t n,
                     Tally& tally) {
  thread_local PairScratch s;
  s.a.resize(StorageBytes(t, n));
  s.b.resize(StorageBytes(t, n));
  FillPairs(t, patterns, at, n, s);
  tally.patterns += n;
  for (const Variant* v : variants) {
    const DTypeInfo& ot = OutputType(*v, t);
    s.out.resize(StorageBytes(ot, n));
    v->pair_kernel(t, s.a.data(), s.b.data(), s.out.data(), n);
    CheckPairs(t, *v, ot, n, s, tally);
    tally.checked += n;
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
