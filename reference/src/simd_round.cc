// Highway body of simd_round.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry point and
// the scalar form of the same steps.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_round.cc"
#include "simd_round.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "simd_width-inl.h"

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Per lane, with e the biased exponent field: e >= bias + m is integral
// already (or inf, NaN); e < bias is |x| < 1, whose answer is 0 or 1 with
// x's sign; else `frac` = bias + m - e bits (1 to m) lie below the unit.
// Lanes of L hold patterns of `s.bits` bits (L may be wider).
template <class D, class V>
HWY_INLINE V RoundLanes(D d, const RoundSpec& s, Rounding r, V x) {
  using L = hn::TFromD<D>;
  const auto sign_bit = hn::Set(d, static_cast<L>(L{1} << (s.bits - 1)));
  const auto unit_place = hn::Set(d, static_cast<L>(s.bias + s.mantissa_bits));
  const auto one = hn::Set(d, static_cast<L>(L(s.bias) << s.mantissa_bits));
  const auto half =
      hn::Set(d, static_cast<L>(L(s.bias - 1) << s.mantissa_bits));
  const auto k1 = hn::Set(d, L{1});
  const auto zero = hn::Zero(d);
  const auto sign = hn::And(x, sign_bit);
  const auto mag = hn::AndNot(sign_bit, x);
  const auto e = hn::ShiftRightSame(mag, s.mantissa_bits);
  const auto negative = hn::Ne(sign, zero);
  const auto nonzero = hn::Ne(mag, zero);
  // Below one: 0 or 1 by the direction.
  const auto small_up = r == Rounding::kFloor  ? hn::And(negative, nonzero)
                        : r == Rounding::kCeil ? hn::AndNot(negative, nonzero)
                                               : hn::Gt(mag, half);
  const auto small = hn::IfThenElseZero(small_up, one);
  // Between: clear the fraction, add a unit where it rounds away. Lanes
  // at or above the unit place wrap here; they keep x below.
  const auto m = hn::Set(d, static_cast<L>(s.mantissa_bits));
  const auto frac = hn::Min(hn::Sub(unit_place, e), m);
  const auto unit = hn::Shl(k1, frac);
  const auto mask = hn::Sub(unit, k1);
  const auto rest = hn::And(mag, mask);
  const auto trunc = hn::AndNot(mask, mag);
  const auto inexact = hn::Ne(rest, zero);
  const auto half_unit = hn::ShiftRight<1>(unit);
  const auto odd = hn::Ne(hn::And(trunc, unit), zero);
  const auto nearest =
      hn::Or(hn::Gt(rest, half_unit), hn::And(hn::Eq(rest, half_unit), odd));
  const auto up = r == Rounding::kFloor  ? hn::And(negative, inexact)
                  : r == Rounding::kCeil ? hn::AndNot(negative, inexact)
                                         : nearest;
  const auto between = hn::Add(trunc, hn::IfThenElseZero(up, unit));
  const auto below_one = hn::Lt(e, hn::Set(d, static_cast<L>(s.bias)));
  const auto integral = hn::Not(hn::Lt(e, unit_place));
  const auto rounded = hn::Or(sign, hn::IfThenElse(below_one, small, between));
  return hn::IfThenElse(integral, x, rounded);
}

// 16-bit patterns go through 32-bit lanes: Highway 1.0 has no variable
// 16-bit shift on every x86 target (its SSSE3 one needs an SSE4 pack).
struct RoundByWidth {
  template <typename U>
  static size_t Run(const RoundSpec& s, Rounding r, const void* in_bytes,
                    void* out_bytes, size_t n) {
    const U* in = static_cast<const U*>(in_bytes);
    U* out = static_cast<U*>(out_bytes);
    size_t i = 0;
    if constexpr (sizeof(U) == 2) {
      const hn::ScalableTag<uint32_t> d;
      const hn::Rebind<uint16_t, decltype(d)> dn;
      const size_t lanes = hn::Lanes(d);
      for (; i + lanes <= n; i += lanes) {
        const auto x = hn::PromoteTo(d, hn::LoadU(dn, in + i));
        hn::StoreU(hn::TruncateTo(dn, RoundLanes(d, s, r, x)), dn, out + i);
      }
    } else if constexpr (sizeof(U) >= 4) {
      const hn::ScalableTag<U> d;
      const size_t lanes = hn::Lanes(d);
      for (; i + lanes <= n; i += lanes) {
        hn::StoreU(RoundLanes(d, s, r, hn::LoadU(d, in + i)), d, out + i);
      }
    }
    return i;  // no 8-bit format rounds here
  }
};

size_t RoundToIntegralAt(const RoundSpec& s, Rounding r, const void* in,
                         void* out, size_t n) {
  return ByWidth<RoundByWidth>(s.bits, s, r, in, out, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(RoundToIntegralAt);

size_t RoundToIntegral(const RoundSpec& s, Rounding r, const void* in,
                       void* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(RoundToIntegralAt)(s, r, in, out, n);
}

uint64_t RoundPattern(const RoundSpec& s, Rounding r, uint64_t x) {
  const uint64_t sign_bit = uint64_t{1} << (s.bits - 1);
  const uint64_t sign = x & sign_bit;
  const uint64_t mag = x & (sign_bit - 1);
  const uint64_t e = mag >> s.mantissa_bits;
  const uint64_t unit_place = static_cast<uint64_t>(s.bias + s.mantissa_bits);
  if (e >= unit_place) return x;
  const bool negative = sign != 0;
  const uint64_t one = uint64_t(s.bias) << s.mantissa_bits;
  if (e < static_cast<uint64_t>(s.bias)) {
    const uint64_t half = uint64_t(s.bias - 1) << s.mantissa_bits;
    const bool up = r == Rounding::kFloor  ? negative && mag != 0
                    : r == Rounding::kCeil ? !negative && mag != 0
                                           : mag > half;
    return sign | (up ? one : 0);
  }
  const uint64_t unit = uint64_t{1} << (unit_place - e);
  const uint64_t rest = mag & (unit - 1);
  const uint64_t trunc = mag - rest;
  const bool odd = (trunc & unit) != 0;
  const bool nearest = rest > unit / 2 || (rest == unit / 2 && odd);
  const bool up = r == Rounding::kFloor  ? negative && rest != 0
                  : r == Rounding::kCeil ? !negative && rest != 0
                                         : nearest;
  return sign | (trunc + (up ? unit : 0));
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
