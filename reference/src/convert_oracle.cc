// The Cast oracle: one pattern at a time, decoded to an exact value and
// rounded once with exact integer arithmetic. Plain on purpose; the fast
// path is convert_kernel.cc, and the two share no code.
#include <bit>
#include <cstdint>

#include "onnxcts/convert.h"

namespace onnxcts::convert {
namespace {

enum class Class : uint8_t { kNumber, kInfinity, kNaN };

// (-1)^negative * significand * 2^exponent, or an infinity or a NaN.
struct Exact {
  Class cls = Class::kNumber;
  bool negative = false;
  uint64_t significand = 0;
  int exponent = 0;
  uint64_t nan_fraction = 0;  // an IEEE NaN's mantissa, left-aligned
};

Exact DecodeFloat(const FloatFormat& f, uint64_t bits) {
  Exact x;
  x.negative = (bits & f.sign_mask()) != 0;
  const uint64_t magnitude = bits & f.magnitude_mask();
  const uint64_t mantissa = bits & f.mantissa_mask();
  const int biased = static_cast<int>(magnitude >> f.mantissa_bits);
  switch (f.specials) {
    case Specials::kIeee:
      if (magnitude >= f.exponent_mask()) {
        x.cls = mantissa == 0 ? Class::kInfinity : Class::kNaN;
        if (mantissa != 0) x.nan_fraction = mantissa << (64 - f.mantissa_bits);
        return x;
      }
      break;
    case Specials::kFiniteOnly:
    case Specials::kExponentOnly:
      if (magnitude == f.magnitude_mask()) x.cls = Class::kNaN;
      break;
    case Specials::kFnuz:
      if ((bits & (f.sign_mask() | f.magnitude_mask())) == f.sign_mask()) {
        x.cls = Class::kNaN;
      }
      break;
    default:
      break;
  }
  if (x.cls == Class::kNaN) return x;
  const uint64_t hidden = f.mantissa_bits == 0 || biased != 0
                              ? uint64_t{1} << f.mantissa_bits
                              : 0;
  x.significand = hidden | mantissa;
  x.exponent = (biased == 0 && f.mantissa_bits != 0 ? 1 : biased) - f.bias -
               f.mantissa_bits;
  return x;
}

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

__extension__ typedef unsigned __int128 u128;

enum class Rounding : uint8_t { kNearestEven, kTowardZero, kAway, kNearestUp };

// significand / 2^shift rounded to an integer, shift >= 0.
uint64_t RoundShift(uint64_t significand, int shift, Rounding r) {
  const u128 s = significand;
  // Beyond 127 bits of shift the quotient is 0 and the remainder (all of s)
  // is below half of 2^shift.
  const u128 quotient = shift >= 128 ? 0 : s >> shift;
  const u128 remainder = shift >= 128 ? s : s - (quotient << shift);
  if (remainder == 0) return static_cast<uint64_t>(quotient);
  bool up = false;
  if (r == Rounding::kAway) {
    up = true;
  } else if (r != Rounding::kTowardZero) {
    // remainder vs half of 2^shift; shift >= 1 here since remainder != 0.
    const bool above_half = shift >= 128 ? false : remainder > (u128{1} << (shift - 1));
    const bool half = shift < 128 && remainder == (u128{1} << (shift - 1));
    up = above_half ||
         (half && (r == Rounding::kNearestUp || (quotient & 1) != 0));
  }
  return static_cast<uint64_t>(quotient + (up ? 1 : 0));
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
  const int m = f.mantissa_bits;
  const uint64_t sign = x.negative ? f.sign_mask() : 0;
  if (x.significand == 0) {
    return f.specials == Specials::kFnuz ? 0 : sign;
  }
  // The exponent of the last mantissa bit: that of the value's leading bit
  // less m, but never below the subnormals' quantum.
  const int top = x.exponent + std::bit_width(x.significand) - 1;
  const int lowest_quantum = 1 - f.bias - m;
  int quantum = top - m > lowest_quantum ? top - m : lowest_quantum;
  uint64_t r = x.exponent >= quantum
                   ? x.significand << (x.exponent - quantum)
                   : RoundShift(x.significand, quantum - x.exponent,
                                Rounding::kNearestEven);
  if (r == uint64_t{2} << m) {  // rounding carried into a new binade
    r >>= 1;
    ++quantum;
  }
  if (r == 0) return f.specials == Specials::kFnuz ? 0 : sign;
  const uint64_t magnitude =
      r < (uint64_t{1} << m)
          ? r
          : (static_cast<uint64_t>(quantum + m + f.bias) << m) |
                (r - (uint64_t{1} << m));
  if (magnitude > MaxFinite(f)) return Overflow(to, x.negative, false, o);
  return sign | magnitude;
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

uint64_t RoundToFormat(const DTypeInfo& to, bool negative,
                       uint64_t significand, int exponent) {
  const Exact x{.negative = negative,
                .significand = significand,
                .exponent = exponent};
  return RoundToFloat(to, x, CastOptions{});
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

}  // namespace

bool CastDeviation(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                   const CastOptions& o, uint64_t actual) {
  if (from.kind == Kind::kBool && (bits & 0xFF) > 1) return true;
  const Exact x = Decode(from, bits);
  if (to.kind == Kind::kFloat) {
    const FloatFormat& f = to.format;
    if (f.specials == Specials::kFnuz && o.saturate && o.opset < 24 &&
        x.cls == Class::kInfinity) {
      CastOptions later = o;
      later.opset = 24;
      return actual == CastOracle(from, bits, to, later);
    }
    if (TwiceRounded(from, to)) {
      const DTypeInfo& f32 = Info(DType::kFloat);
      if (actual == CastOracle(f32, CastOracle(from, bits, f32, o), to, o)) {
        return true;
      }
    }
    return f.specials == Specials::kExponentOnly && OutsideE8M0(f, x);
  }
  if (to.kind == Kind::kBool || from.kind != Kind::kFloat) return false;
  if (x.cls != Class::kNumber) return true;
  const uint64_t down = ToInteger(to, x, Rounding::kTowardZero);
  const uint64_t up = ToInteger(to, x, Rounding::kAway);
  if (OutsideInteger(to, x)) return true;
  return actual == down || actual == up;
}

}  // namespace onnxcts::convert
