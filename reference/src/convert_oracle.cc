// The Cast oracle: one pattern at a time, decoded to an exact value and
// rounded once with exact integer arithmetic. Plain on purpose; the fast
// path is convert_kernel.cc, and the two share no code.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>

#include "exact_value.h"
#include "onnxcts/convert.h"

namespace onnxcts::convert {
namespace {

using exact::Class;
using exact::DecodeFloat;
using exact::Rounding;
using exact::RoundShift;
using Exact = exact::Value;

Exact DecodeInteger(const DTypeInfo& t, uint64_t bits) {
  Exact x;
  const uint64_t value = bits & t.all_bits();
  const bool negative =
      t.kind == Kind::kSigned && ((value >> (t.bits - 1)) & 1) != 0;
  x.negative = negative;
  // The two's complement magnitude: 2^bits - value, computed without
  // overflow for 64 bits.
  x.significand = negative ? (~value & t.all_bits()) + 1 : value;
  return x;
}

Exact Decode(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kFloat) return DecodeFloat(t.format, bits);
  if (t.kind == Kind::kBool) return Exact{.significand = (bits & 0xFF) != 0};
  return DecodeInteger(t, bits);
}

// The largest finite magnitude pattern of a format.
uint64_t MaxFinite(const FloatFormat& f) {
  switch (f.specials) {
    case Specials::kIeee:
      return f.exponent_mask() - 1;
    case Specials::kFiniteOnly:
    case Specials::kExponentOnly:
      return f.magnitude_mask() - 1;
    default:
      return f.magnitude_mask();
  }
}

uint64_t NaNPattern(const FloatFormat& f, const Exact& x) {
  const uint64_t sign = x.negative ? f.sign_mask() : 0;
  switch (f.specials) {
    case Specials::kIeee:
      return sign | f.exponent_mask() | f.quiet_bit() |
             (x.nan_fraction >> (64 - f.mantissa_bits));
    case Specials::kFiniteOnly:
      return sign | f.magnitude_mask();
    case Specials::kFnuz:
      return f.sign_mask();
    case Specials::kExponentOnly:
      return f.magnitude_mask();
    default:  // float4e2m1 has no NaN: its page maps NaN to +6
      return MaxFinite(f);
  }
}

// What a too-large magnitude (a rounded finite value or an infinity) gives.
uint64_t Overflow(const DTypeInfo& to, bool negative, bool infinity,
                  const CastOptions& o) {
  const FloatFormat& f = to.format;
  const uint64_t sign = negative ? f.sign_mask() : 0;
  const bool float8 = to.bits == 8;
  if (f.specials == Specials::kNoNaN) return sign | MaxFinite(f);
  if (float8 && o.saturate) {
    if (infinity && f.specials == Specials::kFnuz && o.opset < 24) {
      return f.sign_mask();  // NaN: Cast-19 to 23's table
    }
    return sign | MaxFinite(f);
  }
  if (f.has_infinity()) return sign | f.infinity();
  return NaNPattern(f, Exact{.negative = negative});
}

uint64_t RoundToFloat(const DTypeInfo& to, const Exact& x,
                      const CastOptions& o) {
  const FloatFormat& f = to.format;
  const uint64_t magnitude =
      exact::RoundedMagnitude(f, x.significand, x.exponent);
  if (magnitude == 0) {
    return f.specials == Specials::kFnuz ? 0 : x.negative ? f.sign_mask() : 0;
  }
  if (magnitude > MaxFinite(f)) return Overflow(to, x.negative, false, o);
  return (x.negative ? f.sign_mask() : 0) | magnitude;
}

Rounding E8M0Rounding(RoundMode mode) {
  switch (mode) {
    case RoundMode::kDown:
      return Rounding::kTowardZero;
    case RoundMode::kNearest:
      return Rounding::kNearestUp;
    default:
      return Rounding::kAway;
  }
}

uint64_t ToE8M0(const FloatFormat& f, const Exact& x, const CastOptions& o) {
  const uint64_t nan = f.magnitude_mask();
  if (x.cls == Class::kNaN) return nan;
  if (x.negative && (x.cls != Class::kNumber || x.significand != 0)) {
    return nan;  // undefined by the spec; ml_dtypes' answer
  }
  if (x.cls == Class::kInfinity) return o.saturate ? MaxFinite(f) : nan;
  if (x.significand == 0) return o.saturate ? 0 : nan;
  // Round the value to a power of two: keep the leading bit only.
  const int top_bit = std::bit_width(x.significand) - 1;
  const uint64_t lead =
      RoundShift(x.significand, top_bit, E8M0Rounding(o.round_mode));
  const int64_t biased = int64_t{x.exponent} + top_bit + f.bias +
                         (lead == 2 ? 1 : 0);
  if (biased > static_cast<int64_t>(MaxFinite(f))) {
    return o.saturate ? MaxFinite(f) : nan;
  }
  if (biased < 0) return o.saturate ? 0 : nan;
  return static_cast<uint64_t>(biased);
}

uint64_t ToFloat(const DTypeInfo& to, const Exact& x, const CastOptions& o) {
  const FloatFormat& f = to.format;
  if (f.specials == Specials::kExponentOnly) return ToE8M0(f, x, o);
  if (x.cls == Class::kNaN) return NaNPattern(f, x);
  if (x.cls == Class::kInfinity) {
    return f.has_infinity() && to.bits != 8
               ? (x.negative ? f.sign_mask() : 0) | f.infinity()
               : Overflow(to, x.negative, true, o);
  }
  return RoundToFloat(to, x, o);
}

// The low bits of x rounded to an integer by `r`.
uint64_t ToInteger(const DTypeInfo& to, const Exact& x, Rounding r) {
  if (x.cls != Class::kNumber) return 0;
  uint64_t magnitude = 0;
  if (x.exponent >= 64) {
    magnitude = 0;  // a multiple of 2^64: its low bits are all zero
  } else if (x.exponent >= 0) {
    magnitude = x.significand << x.exponent;
  } else {
    magnitude = RoundShift(x.significand, -x.exponent, r);
  }
  const uint64_t wrapped = x.negative ? ~magnitude + 1 : magnitude;
  return wrapped & to.all_bits();
}

uint64_t ToInteger(const DTypeInfo& to, const Exact& x) {
  return ToInteger(
      to, x, to.bits < 8 ? Rounding::kNearestEven : Rounding::kTowardZero);
}

// Whether x, truncated, falls outside the integers of `to`; exact, since a
// magnitude of 2^64 or more is out of every range.
bool OutsideInteger(const DTypeInfo& to, const Exact& x) {
  const int top = x.exponent + std::bit_width(x.significand) - 1;
  if (x.significand == 0 || top < 0) return false;  // |x| < 1
  if (top >= 64) return true;
  const uint64_t magnitude =
      x.exponent >= 0 ? x.significand << x.exponent
                      : RoundShift(x.significand, -x.exponent,
                                   Rounding::kTowardZero);
  const int value_bits = to.kind == Kind::kSigned ? to.bits - 1 : to.bits;
  const uint64_t limit = value_bits == 64 ? ~uint64_t{0}
                                          : (uint64_t{1} << value_bits) - 1;
  if (!x.negative) return magnitude > limit;
  if (to.kind != Kind::kSigned) return magnitude != 0;
  return magnitude > limit + 1;
}

// Negative, -0, or outside [2^-127, 2^127]: the spots of CastDeviation.
bool OutsideE8M0(const FloatFormat& f, const Exact& x) {
  if (x.cls == Class::kNaN) return false;
  if (x.negative) return true;
  if (x.cls == Class::kInfinity) return false;  // the table says
  if (x.significand == 0) return false;         // the table says
  const int top = x.exponent + std::bit_width(x.significand) - 1;
  const bool power_of_two = std::has_single_bit(x.significand);
  return top < -f.bias || top > f.bias || (top == f.bias && !power_of_two);
}

}  // namespace

size_t UnpackedBytes(const DTypeInfo& t) {
  return t.bits < 8 ? 1 : static_cast<size_t>(t.bits) / 8;
}

uint64_t CastOracle(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                    const CastOptions& o) {
  const Exact x = Decode(from, bits);
  switch (to.kind) {
    case Kind::kBool:
      return x.cls != Class::kNumber || x.significand != 0 ? 1 : 0;
    case Kind::kFloat:
      return ToFloat(to, x, o);
    default:
      return ToInteger(to, x);
  }
}

namespace {

// Whether a cast from `from` into `to` is one that ONNX's evaluator and
// ml_dtypes round twice, through float32: an integer or a double into an
// IEEE float narrower than float32.
bool TwiceRounded(const DTypeInfo& from, const DTypeInfo& to) {
  const bool wide_source =
      from.kind == Kind::kSigned || from.kind == Kind::kUnsigned ||
      (from.kind == Kind::kFloat && from.bits == 64);
  return wide_source && to.format.specials == Specials::kIeee && to.bits == 16;
}

// What the spec allows beside the oracle's answer at one conversion: any
// answer, or those listed (none where it decides).
struct Allowed {
  bool any = false;
  uint64_t answers[2] = {};
  int count = 0;
};

Allowed Alternatives(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                     const CastOptions& o) {
  if (from.kind == Kind::kBool && (bits & 0xFF) > 1) return {.any = true};
  const Exact x = Decode(from, bits);
  if (to.kind == Kind::kFloat) {
    const FloatFormat& f = to.format;
    if (f.specials == Specials::kFnuz && o.saturate && o.opset < 24 &&
        x.cls == Class::kInfinity) {
      CastOptions later = o;
      later.opset = 24;
      return {.answers = {CastOracle(from, bits, to, later)}, .count = 1};
    }
    Allowed a;
    if (TwiceRounded(from, to)) {
      const DTypeInfo& f32 = Info(DType::kFloat);
      a.answers[a.count++] =
          CastOracle(f32, CastOracle(from, bits, f32, o), to, o);
    }
    a.any = f.specials == Specials::kExponentOnly && OutsideE8M0(f, x);
    return a;
  }
  if (to.kind == Kind::kBool || from.kind != Kind::kFloat) return {};
  if (x.cls != Class::kNumber || OutsideInteger(to, x)) return {.any = true};
  return {.answers = {ToInteger(to, x, Rounding::kTowardZero),
                      ToInteger(to, x, Rounding::kAway)},
          .count = 2};
}

bool IsNaN(const DTypeInfo& t, uint64_t bits) {
  return t.kind == Kind::kFloat && Decode(t, bits).cls == Class::kNaN;
}

}  // namespace

bool CastDeviation(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                   const CastOptions& o, uint64_t actual) {
  const Allowed a = Alternatives(from, bits, to, o);
  return a.any || std::ranges::count(std::span(a.answers, a.count), actual) > 0;
}

bool CastOpen(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
              const CastOptions& o) {
  const Allowed a = Alternatives(from, bits, to, o);
  if (a.any) return true;
  const uint64_t expected = CastOracle(from, bits, to, o);
  return std::ranges::any_of(std::span(a.answers, a.count), [&](uint64_t y) {
    return y != expected && !(IsNaN(to, y) && IsNaN(to, expected));
  });
}

}  // namespace onnxcts::convert
