// Kernel-against-oracle verification over ranges and sets of bit patterns:
// the engine behind the exhaustive proofs and `onnxcts sweep`.
#ifndef ONNXCTS_VERIFY_H_
#define ONNXCTS_VERIFY_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "onnxcts/dtype.h"

namespace onnxcts {

// The op variants a sweep checks: IsInf with each of its four attribute
// combinations, IsNaN and Sign.
enum class Variant : uint8_t {
  kIsInf,          // detect_positive=1, detect_negative=1
  kIsInfPositive,  // 1, 0
  kIsInfNegative,  // 0, 1
  kIsInfNone,      // 0, 0
  kIsNaN,
  kSign,
};

inline constexpr Variant kAllVariants[] = {
    Variant::kIsInf,         Variant::kIsInfPositive, Variant::kIsInfNegative,
    Variant::kIsInfNone,     Variant::kIsNaN,         Variant::kSign};

// "isinf", "isinf_pos", "isinf_neg", "isinf_none", "isnan", "sign".
std::string_view VariantName(Variant v);
// The ONNX op a variant runs: "IsInf", "IsNaN" or "Sign".
std::string_view VariantOp(Variant v);
// Whether the kernel of `v` is defined on `t` (at any opset).
bool Defines(Variant v, const DTypeInfo& t);

struct Mismatch {
  Variant variant;
  uint64_t input;
  uint64_t expected;
  uint64_t actual;
};

struct Tally {
  static constexpr size_t kKeep = 8;  // first mismatches kept, by pattern

  uint64_t patterns = 0;
  uint64_t nans = 0;
  uint64_t infinities = 0;
  uint64_t zeros = 0;
  uint64_t mismatches = 0;
  std::vector<Mismatch> first;

  // Adds a tally of patterns that all come after this one's.
  void Append(const Tally& later);
};

// VerifyRange()
//
// Runs each variant's kernel over patterns `first` to `last` inclusive of
// dtype `t` and compares every output with the oracle.
Tally VerifyRange(const DTypeInfo& t, std::span<const Variant> variants,
                  uint64_t first, uint64_t last);

// VerifyPatterns()
//
// The same over an explicit list of patterns (samples of 64-bit types).
Tally VerifyPatterns(const DTypeInfo& t, std::span<const Variant> variants,
                     std::span<const uint64_t> patterns);

}  // namespace onnxcts

#endif  // ONNXCTS_VERIFY_H_
