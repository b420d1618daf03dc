// What Abs and Neg share: both only move a pattern's sign. A float keeps its
// exponent and mantissa (a NaN stays a NaN, payload and all); an integer
// wraps as numpy's does, so the minimum of a signed type is its own
// magnitude and its own negation. The spec leaves that last answer open.
#ifndef ONNXCTS_SRC_OPS_SIGN_BITS_H_
#define ONNXCTS_SRC_OPS_SIGN_BITS_H_

#include <cstdint>
#include <span>

#include "onnxcts/dtype.h"
#include "onnxcts/variant.h"

namespace onnxcts {

// The float and integer dtypes that Abs and Neg have in some version: no
// float8 format and no bool.
inline bool WideNumber(const DTypeInfo& t) {
  return KernelsCover(t) && (t.is_float() ? t.bits >= 16 : t.is_integer());
}

// -p modulo 2^bits: unsigned arithmetic wraps where a signed one overflows.
inline uint64_t Negated(const DTypeInfo& t, uint64_t p) {
  return (0 - p) & t.all_bits();
}

// Any answer for the minimum of a signed type is a deviation, not a failure.
inline bool SignedMinimumDeviation(const DTypeInfo& t,
                                   std::span<const uint64_t> inputs,
                                   uint64_t expected, uint64_t actual) {
  const uint64_t minimum = uint64_t{1} << (t.bits - 1);
  return t.kind == Kind::kSigned && inputs[0] == minimum && expected != actual;
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_SIGN_BITS_H_
