#include "ops/rounding.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

simd::RoundSpec SpecOf(const DTypeInfo& t) {
  return {t.bits, t.format.mantissa_bits, t.format.bias};
}

// Whether the dropped part of a significand, `rest` of `shift` bits,
// is above, at or below one half of the unit: -1, 0 or 1.
int AgainstHalf(uint64_t rest, int shift) {
  if (shift > 64) return -1;  // rest < 2^64 <= half
  const uint64_t half = uint64_t{1} << (shift - 1);
  return rest < half ? -1 : rest == half ? 0 : 1;
}

// The integer `n` (0 <= n <= 2^(m+1)) as a pattern of `t` with `sign`.
uint64_t EncodeInteger(const DTypeInfo& t, bool sign, uint64_t n) {
  const FloatFormat& f = t.format;
  uint64_t bits = sign ? f.sign_mask() : 0;
  if (n == 0) return bits;
  const int top = 63 - std::countl_zero(n);
  const uint64_t exponent = static_cast<uint64_t>(f.bias + top);
  const uint64_t fraction = (n << (f.mantissa_bits - top)) & f.mantissa_mask();
  return bits | (exponent << f.mantissa_bits) | fraction;
}

}  // namespace

bool RoundableFloat(const DTypeInfo& t) {
  return KernelsCover(t) && t.is_float() && t.bits >= 16;
}

void RoundKernel(simd::Rounding r, const DTypeInfo& t, const void* in,
                 void* out, size_t n) {
  if (!RoundableFloat(t)) {
    throw std::invalid_argument("no rounding is defined on " +
                                std::string(t.name));
  }
  const simd::RoundSpec s = SpecOf(t);
  const size_t done = simd::RoundToIntegral(s, r, in, out, n);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    for (size_t i = done; i < n; ++i) {
      const uint64_t x = LoadElement<U>(in, i);
      StoreElement<U>(out, i, static_cast<U>(simd::RoundPattern(s, r, x)));
    }
  });
}

// Plain: the value is S * 2^(E - m), S the significand with its hidden
// bit; with shift = m - E > 0 its integer part is S >> shift and the rest
// decides the direction.
uint64_t RoundOracle(simd::Rounding r, const DTypeInfo& t, uint64_t bits) {
  const oracle::Fields x = oracle::Decode(t, bits);
  const FloatFormat& f = t.format;
  const uint64_t top = (uint64_t{1} << f.exponent_bits) - 1;
  if (x.exponent == top) return bits;  // inf, NaN
  const bool normal = x.exponent != 0;
  const uint64_t significand =
      normal ? x.mantissa | (uint64_t{1} << f.mantissa_bits) : x.mantissa;
  const int64_t exponent =
      (normal ? static_cast<int64_t>(x.exponent) : 1) - f.bias;
  const int shift = static_cast<int>(f.mantissa_bits - exponent);
  if (shift <= 0 || significand == 0) return bits;  // integral, ±0
  const uint64_t whole = shift >= 64 ? 0 : significand >> shift;
  const uint64_t rest =
      shift >= 64 ? significand : significand - (whole << shift);
  bool away = false;
  if (rest != 0) {
    switch (r) {
      case simd::Rounding::kFloor:
        away = x.sign;
        break;
      case simd::Rounding::kCeil:
        away = !x.sign;
        break;
      case simd::Rounding::kNearestEven: {
        const int half = AgainstHalf(rest, shift);
        away = half > 0 || (half == 0 && (whole & 1) != 0);
        break;
      }
    }
  }
  return EncodeInteger(t, x.sign, whole + (away ? 1 : 0));
}

}  // namespace onnxcts
