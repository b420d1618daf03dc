#include "onnxcts/verify.h"

#include <algorithm>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

// Patterns per kernel call: large enough to amortise the call, small enough
// that input and outputs stay in cache.
constexpr uint64_t kChunk = 1 << 14;

IsInfFlags FlagsOf(Variant v) {
  switch (v) {
    case Variant::kIsInfPositive:
      return {true, false};
    case Variant::kIsInfNegative:
      return {false, true};
    case Variant::kIsInfNone:
      return {false, false};
    default:
      return {true, true};
  }
}

// Buffers reused across chunks: allocating them per chunk costs more than
// the checks themselves.
struct Scratch {
  std::vector<uint8_t> input;
  std::vector<std::vector<uint8_t>> outputs;
};

// Runs the kernel of `v` into `out`: one byte per element for the
// predicates, the input's width for Sign.
void RunKernel(const DTypeInfo& t, Variant v, const uint8_t* input, size_t n,
               std::vector<uint8_t>& out) {
  if (v == Variant::kSign) {
    out.resize(n * t.bytes());
    Sign(t.code, input, out.data(), n);
  } else if (v == Variant::kIsNaN) {
    out.resize(n);
    IsNaN(t.code, input, out.data(), n);
  } else {
    out.resize(n);
    IsInf(t.code, input, out.data(), n, FlagsOf(v));
  }
}

uint64_t Actual(const DTypeInfo& t, Variant v, const std::vector<uint8_t>& out,
                size_t i) {
  return v == Variant::kSign ? LoadBits(t, out.data(), i) : out[i];
}

uint64_t Expected(const DTypeInfo& t, Variant v, oracle::Classified c,
                  uint64_t bits) {
  if (v == Variant::kSign) return oracle::Sign(t, c, bits);
  if (v == Variant::kIsNaN) return oracle::IsNaN(c) ? 1 : 0;
  const IsInfFlags f = FlagsOf(v);
  return oracle::IsInf(c, f.detect_positive, f.detect_negative) ? 1 : 0;
}

void CountClass(const DTypeInfo& t, oracle::Classified c, Tally& tally) {
  if (!t.is_float()) {
    tally.zeros += c.value_class == oracle::ValueClass::kIntZero;
    return;
  }
  tally.nans += oracle::IsNaN(c);
  tally.infinities += c.value_class == oracle::ValueClass::kInfinity;
  tally.zeros += c.value_class == oracle::ValueClass::kZero;
}

Tally VerifyChunk(const DTypeInfo& t, std::span<const Variant> variants,
                  std::span<const uint64_t> patterns) {
  thread_local Scratch scratch;
  const size_t n = patterns.size();
  scratch.input.resize(n * t.bytes());
  for (size_t i = 0; i < n; ++i) {
    StoreBits(t, scratch.input.data(), i, patterns[i]);
  }
  scratch.outputs.resize(variants.size());
  for (size_t k = 0; k < variants.size(); ++k) {
    RunKernel(t, variants[k], scratch.input.data(), n, scratch.outputs[k]);
  }

  Tally tally;
  tally.patterns = n;
  for (size_t i = 0; i < n; ++i) {
    const oracle::Classified c = oracle::ClassifyWithSign(t, patterns[i]);
    CountClass(t, c, tally);
    for (size_t k = 0; k < variants.size(); ++k) {
      const uint64_t want = Expected(t, variants[k], c, patterns[i]);
      const uint64_t got = Actual(t, variants[k], scratch.outputs[k], i);
      if (want == got) continue;
      ++tally.mismatches;
      if (tally.first.size() < Tally::kKeep) {
        tally.first.push_back({variants[k], patterns[i], want, got});
      }
    }
  }
  return tally;
}

// Only the variants whose kernel is defined on `t` are run.
std::vector<Variant> Applicable(const DTypeInfo& t,
                                std::span<const Variant> variants) {
  std::vector<Variant> kept;
  for (Variant v : variants) {
    if (Defines(v, t)) kept.push_back(v);
  }
  return kept;
}

}  // namespace

std::string_view VariantName(Variant v) {
  static constexpr std::string_view kNames[] = {
      "isinf", "isinf_pos", "isinf_neg", "isinf_none", "isnan", "sign"};
  return kNames[static_cast<int>(v)];
}

std::string_view VariantOp(Variant v) {
  if (v == Variant::kSign) return "Sign";
  return v == Variant::kIsNaN ? "IsNaN" : "IsInf";
}

bool Defines(Variant v, const DTypeInfo& t) {
  if (v == Variant::kSign) return t.kind != Kind::kBool;
  return t.is_float();
}

void Tally::Append(const Tally& later) {
  patterns += later.patterns;
  nans += later.nans;
  infinities += later.infinities;
  zeros += later.zeros;
  mismatches += later.mismatches;
  for (const Mismatch& m : later.first) {
    if (first.size() < kKeep) first.push_back(m);
  }
}

Tally VerifyPatterns(const DTypeInfo& t, std::span<const Variant> variants,
                     std::span<const uint64_t> patterns) {
  const std::vector<Variant> kept = Applicable(t, variants);
  Tally total;
  for (size_t at = 0; at < patterns.size(); at += kChunk) {
    const size_t n = std::min<size_t>(kChunk, patterns.size() - at);
    total.Append(VerifyChunk(t, kept, patterns.subspan(at, n)));
  }
  return total;
}

// 64-bit counters and an inclusive end: the last pattern (0xFFFF for a
// 16-bit type) is never skipped.
Tally VerifyRange(const DTypeInfo& t, std::span<const Variant> variants,
                  uint64_t first, uint64_t last) {
  const std::vector<Variant> kept = Applicable(t, variants);
  Tally total;
  std::vector<uint64_t> patterns;
  for (uint64_t at = first;; at += kChunk) {
    const uint64_t end = std::min(last, at + (kChunk - 1));
    patterns.clear();
    for (uint64_t p = at;; ++p) {
      patterns.push_back(p);
      if (p == end) break;
    }
    total.Append(VerifyChunk(t, kept, patterns));
    if (end == last) break;
  }
  return total;
}

}  // namespace onnxcts
