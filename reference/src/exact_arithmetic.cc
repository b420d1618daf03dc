#include "exact_arithmetic.h"

#include <bit>
#include <utility>

#include "onnxcts/convert.h"
#include "onnxcts/oracle.h"

namespace onnxcts::oracle {
namespace {

__extension__ typedef unsigned __int128 u128;

int BitWidth(u128 x) {
  const auto high = static_cast<uint64_t>(x >> 64);
  return high != 0 ? 64 + std::bit_width(high)
                   : std::bit_width(static_cast<uint64_t>(x));
}

// ---- Floats ----

enum class Class : uint8_t { kNumber, kInfinity, kNaN };

// (-1)^negative * significand * 2^exponent, or an infinity or a NaN.
struct Exact {
  Class cls = Class::kNumber;
  bool negative = false;
  u128 significand = 0;
  int exponent = 0;
};

Exact DecodeIeee(const DTypeInfo& t, uint64_t bits) {
  const Fields f = Decode(t, bits);
  const uint64_t top = (uint64_t{1} << t.format.exponent_bits) - 1;
  if (f.exponent == top) {
    return {.cls = f.mantissa != 0 ? Class::kNaN : Class::kInfinity,
            .negative = f.sign};
  }
  const int m = t.format.mantissa_bits;
  const uint64_t hidden = f.exponent != 0 ? uint64_t{1} << m : 0;
  const int biased = f.exponent != 0 ? static_cast<int>(f.exponent) : 1;
  return {.negative = f.sign,
          .significand = hidden | f.mantissa,
          .exponent = biased - t.format.bias - m};
}

uint64_t Infinity(const DTypeInfo& t, bool negative) {
  return (negative ? t.format.sign_mask() : 0) | t.format.infinity();
}

uint64_t Zero(const DTypeInfo& t, bool negative) {
  return negative ? t.format.sign_mask() : 0;
}

// Rounds (significand + (sticky ? a fraction in (0, 1) : 0)) * 2^exponent.
// Past 62 bits only whether the rest is zero matters (62 > every mantissa
// + 2), so the rest folds into one sticky bit below the kept ones.
uint64_t Rounded(const DTypeInfo& t, bool negative, u128 significand,
                 int exponent, bool sticky) {
  const int width = BitWidth(significand);
  if (width > 62) {
    const int drop = width - 62;
    sticky = sticky || (significand & ((u128{1} << drop) - 1)) != 0;
    significand >>= drop;
    exponent += drop;
  }
  if (sticky) {
    significand = (significand << 1) | 1;
    --exponent;
  }
  return convert::RoundToFormat(t, negative, static_cast<uint64_t>(significand),
                                exponent);
}

uint64_t Round(const DTypeInfo& t, const Exact& x) {
  return Rounded(t, x.negative, x.significand, x.exponent, false);
}

uint64_t Add(const DTypeInfo& t, Exact x, Exact y) {
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return DefaultNaN(t);
  if (x.cls == Class::kInfinity || y.cls == Class::kInfinity) {
    if (x.cls == y.cls && x.negative != y.negative) return DefaultNaN(t);
    return Infinity(t, x.cls == Class::kInfinity ? x.negative : y.negative);
  }
  if (x.significand == 0 && y.significand == 0) {
    return Zero(t, x.negative && y.negative);
  }
  if (x.significand == 0) return Round(t, y);
  if (y.significand == 0) return Round(t, x);
  if (x.exponent < y.exponent) std::swap(x, y);
  // y far below x's last place only decides which side of x's neighbours
  // the sum falls on: one unit far below stands for it (x is normal here,
  // as y's exponent is at least the subnormals').
  u128 big = 0;
  u128 small = 1;
  int exponent = 0;
  const int apart = x.exponent - y.exponent;
  if (apart > 64) {
    big = x.significand << 66;
    exponent = x.exponent - 66;
  } else {
    big = x.significand << apart;
    small = y.significand;
    exponent = y.exponent;
  }
  if (x.negative == y.negative) {
    return Rounded(t, x.negative, big + small, exponent, false);
  }
  if (big == small) return Zero(t, false);
  return big > small ? Rounded(t, x.negative, big - small, exponent, false)
                     : Rounded(t, y.negative, small - big, exponent, false);
}

uint64_t Mul(const DTypeInfo& t, const Exact& x, const Exact& y) {
  const bool negative = x.negative != y.negative;
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return DefaultNaN(t);
  const bool x_zero = x.cls == Class::kNumber && x.significand == 0;
  const bool y_zero = y.cls == Class::kNumber && y.significand == 0;
  if (x.cls == Class::kInfinity || y.cls == Class::kInfinity) {
    return x_zero || y_zero ? DefaultNaN(t) : Infinity(t, negative);
  }
  if (x_zero || y_zero) return Zero(t, negative);
  return Rounded(t, negative, x.significand * y.significand,
                 x.exponent + y.exponent, false);
}

uint64_t Div(const DTypeInfo& t, const Exact& x, const Exact& y) {
  const bool negative = x.negative != y.negative;
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return DefaultNaN(t);
  const bool x_zero = x.cls == Class::kNumber && x.significand == 0;
  const bool y_zero = y.cls == Class::kNumber && y.significand == 0;
  if (x.cls == Class::kInfinity) {
    return y.cls == Class::kInfinity ? DefaultNaN(t) : Infinity(t, negative);
  }
  if (y.cls == Class::kInfinity) return Zero(t, negative);
  if (y_zero) return x_zero ? DefaultNaN(t) : Infinity(t, negative);
  if (x_zero) return Zero(t, negative);
  // The dividend widened to 61 + 64 bits: the quotient of a divisor below
  // 2^53 then has 72 bits or more, and the remainder is the sticky bit.
  const int shift = 61 - BitWidth(x.significand);
  const u128 dividend = (x.significand << shift) << 64;
  return Rounded(t, negative, dividend / y.significand,
                 x.exponent - shift - 64 - y.exponent,
                 dividend % y.significand != 0);
}

// The largest r with r * r <= x, digit by digit.
u128 IntegerSqrt(u128 x) {
  u128 root = 0;
  u128 bit = u128{1} << 126;
  while (bit > x) bit >>= 2;
  while (bit != 0) {
    if (x >= root + bit) {
      x -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

uint64_t Sqrt(const DTypeInfo& t, const Exact& x) {
  if (x.cls == Class::kNaN) return DefaultNaN(t);
  if (x.cls == Class::kNumber && x.significand == 0) return Zero(t, x.negative);
  if (x.negative) return DefaultNaN(t);
  if (x.cls == Class::kInfinity) return Infinity(t, false);
  // Widened to 123 or 124 bits with an even exponent: the root has 62.
  int shift = 124 - BitWidth(x.significand);
  if (((x.exponent - shift) & 1) != 0) --shift;
  const u128 wide = x.significand << shift;
  const u128 root = IntegerSqrt(wide);
  return Rounded(t, false, root, (x.exponent - shift) / 2, root * root != wide);
}

// (significand * 2^shift) mod m, 64 doublings at a time: the remainder
// stays below m < 2^64, so each step fits 128 bits.
u128 ShiftedRemainder(u128 significand, int shift, u128 m) {
  u128 r = significand % m;
  while (shift > 0) {
    const int step = shift < 64 ? shift : 64;
    r = (r << step) % m;
    shift -= step;
  }
  return r;
}

// |x| - n|y| for the largest whole n that leaves it >= 0, with x's sign:
// exact in x's format, so it is encoded, not rounded.
uint64_t Fmod(const DTypeInfo& t, uint64_t a, const Exact& x, const Exact& y) {
  if (x.cls != Class::kNumber || y.cls == Class::kNaN) return DefaultNaN(t);
  if (y.cls == Class::kNumber && y.significand == 0) return DefaultNaN(t);
  if (y.cls == Class::kInfinity || x.significand == 0) return a;
  u128 r = 0;
  int exponent = 0;
  if (x.exponent >= y.exponent) {
    r = ShiftedRemainder(x.significand, x.exponent - y.exponent,
                         y.significand);
    exponent = y.exponent;
  } else {
    const int apart = y.exponent - x.exponent;
    // y's value is then above x's, which is its own remainder.
    r = apart >= 64 ? x.significand
                    : x.significand % (y.significand << apart);
    exponent = x.exponent;
  }
  if (r == 0) return Zero(t, x.negative);
  return Rounded(t, x.negative, r, exponent, false);
}

uint64_t FloatArithmetic(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b) {
  const Exact x = DecodeIeee(t, a);
  switch (op) {
    case Arithmetic::kSqrt:
      return Sqrt(t, x);
    case Arithmetic::kReciprocal:
      return Div(t, Exact{.significand = 1}, x);
    default:
      break;
  }
  Exact y = DecodeIeee(t, b);
  switch (op) {
    case Arithmetic::kAdd:
      return Add(t, x, y);
    case Arithmetic::kSub:
      y.negative = !y.negative;
      return Add(t, x, y);
    case Arithmetic::kMul:
      return Mul(t, x, y);
    case Arithmetic::kFmod:
      return Fmod(t, a, x, y);
    default:
      return Div(t, x, y);
  }
}

// ---- Integers ----

// A value of any integer dtype, or any exact result of two: magnitudes
// below 2^128.
struct Integer {
  bool negative = false;
  u128 magnitude = 0;
};

Integer DecodeInteger(const DTypeInfo& t, uint64_t bits) {
  const uint64_t value = bits & t.all_bits();
  const bool negative =
      t.kind == Kind::kSigned && ((value >> (t.bits - 1)) & 1) != 0;
  const uint64_t magnitude = negative ? (~value & t.all_bits()) + 1 : value;
  return {negative, magnitude};
}

Integer Sum(const Integer& x, const Integer& y) {
  if (x.negative == y.negative) return {x.negative, x.magnitude + y.magnitude};
  if (x.magnitude >= y.magnitude) {
    return {x.negative && x.magnitude != y.magnitude,
            x.magnitude - y.magnitude};
  }
  return {y.negative, y.magnitude - x.magnitude};
}

Integer IntegerResult(Arithmetic op, const Integer& x, Integer y) {
  const bool negative = x.negative != y.negative;
  switch (op) {
    case Arithmetic::kAdd:
      return Sum(x, y);
    case Arithmetic::kSub:
      y.negative = !y.negative && y.magnitude != 0;
      return Sum(x, y);
    case Arithmetic::kMul: {
      const u128 product = x.magnitude * y.magnitude;
      return {negative && product != 0, product};
    }
    case Arithmetic::kFmod:
    case Arithmetic::kMod: {
      if (y.magnitude == 0) return {};
      const u128 r = x.magnitude % y.magnitude;
      if (r == 0) return {};
      // Python's remainder takes the divisor's sign: y - (the other one).
      if (op == Arithmetic::kMod && negative) return {y.negative, y.magnitude - r};
      return {x.negative, r};
    }
    default: {
      if (y.magnitude == 0) return {};
      const u128 quotient = x.magnitude / y.magnitude;
      return {negative && quotient != 0, quotient};
    }
  }
}

bool Fits(const DTypeInfo& t, const Integer& v) {
  const int value_bits = t.kind == Kind::kSigned ? t.bits - 1 : t.bits;
  const u128 limit = (u128{1} << value_bits) - 1;
  if (!v.negative) return v.magnitude <= limit;
  return t.kind == Kind::kSigned && v.magnitude <= limit + 1;
}

uint64_t Wrapped(const DTypeInfo& t, const Integer& v) {
  const u128 bits = v.negative ? ~v.magnitude + 1 : v.magnitude;
  return static_cast<uint64_t>(bits) & t.all_bits();
}

}  // namespace

uint64_t DefaultNaN(const DTypeInfo& t) {
  return t.format.exponent_mask() | t.format.quiet_bit();
}

uint64_t ExactArithmetic(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b) {
  if (t.is_float()) return FloatArithmetic(op, t, a, b);
  return Wrapped(t, IntegerResult(op, DecodeInteger(t, a), DecodeInteger(t, b)));
}

bool ExactArithmeticOpen(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b) {
  if (t.is_float()) return false;
  const Integer y = DecodeInteger(t, b);
  const bool divides = op == Arithmetic::kDiv || op == Arithmetic::kFmod ||
                       op == Arithmetic::kMod;
  if (divides && y.magnitude == 0) return true;
  return !Fits(t, IntegerResult(op, DecodeInteger(t, a), y));
}

}  // namespace onnxcts::oracle
