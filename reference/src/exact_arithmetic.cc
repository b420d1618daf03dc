#include "exact_arithmetic.h"

#include <bit>
#include <span>
#include <utility>

#include "exact_value.h"

namespace onnxcts::oracle {
namespace {

__extension__ typedef unsigned __int128 u128;

int BitWidth(uint32_t x) { return static_cast<int>(std::bit_width(x)); }
int BitWidth(uint64_t x) { return static_cast<int>(std::bit_width(x)); }
int BitWidth(u128 x) {
  const auto high = static_cast<uint64_t>(x >> 64);
  return high != 0 ? 64 + BitWidth(high) : BitWidth(static_cast<uint64_t>(x));
}

// ---- Floats ----

// Each takes the format by reference; the pair loops below pass a
// constant one, which their flattening folds in.
using exact::Class;
using Exact = exact::Value;

uint64_t NaN(const FloatFormat& f) { return f.exponent_mask() | f.quiet_bit(); }

uint64_t Infinity(const FloatFormat& f, bool negative) {
  return (negative ? f.sign_mask() : 0) | f.infinity();
}

uint64_t Zero(const FloatFormat& f, bool negative) {
  return negative ? f.sign_mask() : 0;
}

// Rounds (significand + (sticky ? a fraction in (0, 1) : 0)) * 2^exponent
// to nearest even, ±inf past the largest finite value. Past 62 bits only
// whether the rest is zero matters (62 > every mantissa + 2), so the rest
// folds into one sticky bit below the kept ones.
template <typename U>
uint64_t Rounded(const FloatFormat& f, bool negative, U significand,
                 int exponent, bool sticky) {
  const int width = BitWidth(significand);
  if (width > 62) {
    const int drop = width - 62;
    sticky = sticky || (significand & ((U{1} << drop) - 1)) != 0;
    significand >>= drop;
    exponent += drop;
  }
  if (sticky) {
    significand = (significand << 1) | 1;
    --exponent;
  }
  const uint64_t magnitude = exact::RoundedMagnitude(
      f, static_cast<uint64_t>(significand), exponent);
  return Zero(f, negative) |
         (magnitude >= f.infinity() ? f.infinity() : magnitude);
}

uint64_t Round(const FloatFormat& f, const Exact& x) {
  return Rounded(f, x.negative, x.significand, x.exponent, false);
}

// The sum of two nonzero finite values, formed in U: 64 bits hold every
// sum of the formats of 23 mantissa bits and fewer, 128 those of double.
template <typename U>
uint64_t Sum(const FloatFormat& f, Exact x, Exact y) {
  if (x.exponent < y.exponent) std::swap(x, y);
  // y more than `room` places below x's last bit (room >= m + 4: below the
  // bit the sum rounds by) only decides which side of x's neighbours the
  // sum falls on, and one unit `room` places below stands for it, so the
  // sum keeps within U. x is normal then, as y's exponent is at least the
  // subnormals'.
  const int room = static_cast<int>(sizeof(U)) * 8 - f.mantissa_bits - 2;
  const int apart = x.exponent - y.exponent;
  const int shift = apart > room ? room : apart;
  const U big = U{x.significand} << shift;
  const U small = apart > room ? U{1} : U{y.significand};
  const int exponent = x.exponent - shift;
  if (x.negative == y.negative) {
    return Rounded(f, x.negative, big + small, exponent, false);
  }
  if (big == small) return Zero(f, false);
  return big > small ? Rounded(f, x.negative, big - small, exponent, false)
                     : Rounded(f, y.negative, small - big, exponent, false);
}

uint64_t Add(const FloatFormat& f, const Exact& x, const Exact& y) {
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return NaN(f);
  if (x.cls == Class::kInfinity || y.cls == Class::kInfinity) {
    if (x.cls == y.cls && x.negative != y.negative) return NaN(f);
    return Infinity(f, x.cls == Class::kInfinity ? x.negative : y.negative);
  }
  if (x.significand == 0 && y.significand == 0) {
    return Zero(f, x.negative && y.negative);
  }
  if (x.significand == 0) return Round(f, y);
  if (y.significand == 0) return Round(f, x);
  return f.mantissa_bits <= 23 ? Sum<uint64_t>(f, x, y) : Sum<u128>(f, x, y);
}

uint64_t Mul(const FloatFormat& f, const Exact& x, const Exact& y) {
  const bool negative = x.negative != y.negative;
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return NaN(f);
  const bool x_zero = x.cls == Class::kNumber && x.significand == 0;
  const bool y_zero = y.cls == Class::kNumber && y.significand == 0;
  if (x.cls == Class::kInfinity || y.cls == Class::kInfinity) {
    return x_zero || y_zero ? NaN(f) : Infinity(f, negative);
  }
  if (x_zero || y_zero) return Zero(f, negative);
  // 48 bits hold the product of two significands of 24 bits.
  const int exponent = x.exponent + y.exponent;
  if (f.mantissa_bits <= 23) {
    return Rounded(f, negative, x.significand * y.significand, exponent,
                   false);
  }
  return Rounded(f, negative, u128{x.significand} * y.significand, exponent,
                 false);
}

// The quotient of two nonzero significands, rounded, formed in U: the
// dividend widened to all but U's top bit, a divisor of m + 1 bits leaves
// a quotient of at least (bits of U) - m - 2 bits, which decide the
// rounding where they are m + 3 or more (m + 1 to keep, one to round by,
// one more; the remainder is sticky). So 32 bits for float16 and bfloat16,
// 64 for float and 128 for double: the narrowest division that is exact.
template <typename U>
uint64_t QuotientIn(const FloatFormat& f, bool negative, const Exact& x,
                    const Exact& y) {
  const int shift = static_cast<int>(sizeof(U)) * 8 - 1 -
                    static_cast<int>(std::bit_width(x.significand));
  const U dividend = static_cast<U>(x.significand) << shift;
  const auto divisor = static_cast<U>(y.significand);
  return Rounded(f, negative, dividend / divisor,
                 x.exponent - shift - y.exponent, dividend % divisor != 0);
}

uint64_t Quotient(const FloatFormat& f, bool negative, const Exact& x,
                  const Exact& y) {
  const int needs = 2 * f.mantissa_bits + 5;
  if (needs <= 32) return QuotientIn<uint32_t>(f, negative, x, y);
  if (needs <= 64) return QuotientIn<uint64_t>(f, negative, x, y);
  return QuotientIn<u128>(f, negative, x, y);
}

uint64_t Div(const FloatFormat& f, const Exact& x, const Exact& y) {
  const bool negative = x.negative != y.negative;
  if (x.cls == Class::kNaN || y.cls == Class::kNaN) return NaN(f);
  const bool x_zero = x.cls == Class::kNumber && x.significand == 0;
  const bool y_zero = y.cls == Class::kNumber && y.significand == 0;
  if (x.cls == Class::kInfinity) {
    return y.cls == Class::kInfinity ? NaN(f) : Infinity(f, negative);
  }
  if (y.cls == Class::kInfinity) return Zero(f, negative);
  if (y_zero) return x_zero ? NaN(f) : Infinity(f, negative);
  if (x_zero) return Zero(f, negative);
  return Quotient(f, negative, x, y);
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

uint64_t Sqrt(const FloatFormat& f, const Exact& x) {
  if (x.cls == Class::kNaN) return NaN(f);
  if (x.cls == Class::kNumber && x.significand == 0) return Zero(f, x.negative);
  if (x.negative) return NaN(f);
  if (x.cls == Class::kInfinity) return Infinity(f, false);
  // Widened to 123 or 124 bits with an even exponent: the root has 62.
  int shift = 124 - static_cast<int>(std::bit_width(x.significand));
  if (((x.exponent - shift) & 1) != 0) --shift;
  const u128 wide = u128{x.significand} << shift;
  const u128 root = IntegerSqrt(wide);
  return Rounded(f, false, root, (x.exponent - shift) / 2, root * root != wide);
}

// (significand * 2^shift) mod m, as many doublings at a time as keep the
// remainder (below m) within 64 bits: every significand here fits 53 bits,
// so a step is 11 doublings or more, and 40 or more for the formats of 23
// mantissa bits and fewer, in 64-bit divisions.
uint64_t ShiftedRemainder(uint64_t significand, int shift, uint64_t m) {
  const int step = 64 - static_cast<int>(std::bit_width(m));
  uint64_t r = significand % m;
  while (shift > 0) {
    const int doublings = shift < step ? shift : step;
    r = (r << doublings) % m;
    shift -= doublings;
  }
  return r;
}

// |x| - n|y| for the largest whole n that leaves it >= 0, with x's sign:
// exact in x's format, so it is encoded, not rounded.
uint64_t Fmod(const FloatFormat& f, uint64_t a, const Exact& x,
              const Exact& y) {
  if (x.cls != Class::kNumber || y.cls == Class::kNaN) return NaN(f);
  if (y.cls == Class::kNumber && y.significand == 0) return NaN(f);
  if (y.cls == Class::kInfinity || x.significand == 0) return a;
  uint64_t r = 0;
  int exponent = 0;
  if (x.exponent >= y.exponent) {
    r = ShiftedRemainder(x.significand, x.exponent - y.exponent,
                         y.significand);
    exponent = y.exponent;
  } else {
    const int apart = y.exponent - x.exponent;
    // y's value is then above x's, which is its own remainder.
    const int room = 64 - static_cast<int>(std::bit_width(y.significand));
    r = apart >= room ? x.significand
            : x.significand % (y.significand << apart);
    exponent = x.exponent;
  }
  if (r == 0) return Zero(f, x.negative);
  return Rounded(f, x.negative, r, exponent, false);
}

uint64_t FloatArithmetic(Arithmetic op, const FloatFormat& f, uint64_t a,
                         uint64_t b) {
  const Exact x = exact::DecodeFloat(f, a);
  switch (op) {
    case Arithmetic::kSqrt:
      return Sqrt(f, x);
    case Arithmetic::kReciprocal:
      return Div(f, Exact{.significand = 1}, x);
    default:
      break;
  }
  Exact y = exact::DecodeFloat(f, b);
  switch (op) {
    case Arithmetic::kAdd:
      return Add(f, x, y);
    case Arithmetic::kSub:
      y.negative = !y.negative;
      return Add(f, x, y);
    case Arithmetic::kMul:
      return Mul(f, x, y);
    case Arithmetic::kFmod:
      return Fmod(f, a, x, y);
    default:
      return Div(f, x, y);
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

uint64_t Exactly(Arithmetic op, const DTypeInfo& t, uint64_t a, uint64_t b) {
  if (t.is_float()) return FloatArithmetic(op, t.format, a, b);
  return Wrapped(t, IntegerResult(op, DecodeInteger(t, a), DecodeInteger(t, b)));
}

constexpr FloatFormat FormatOf(DType code) {
  for (const DTypeInfo& t : kDTypes) {
    if (t.code == code) return t.format;
  }
  return {};
}

// The loop of one op on one float format, everything it calls inlined
// into it, so that the format's fields are constants throughout.
template <Arithmetic Op, DType Code>
[[gnu::flatten]] void FloatPairs(std::span<const uint64_t> a,
                                 std::span<const uint64_t> b,
                                 std::span<uint64_t> out) {
  static constexpr FloatFormat kFormat = FormatOf(Code);
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = FloatArithmetic(Op, kFormat, a[i], b.empty() ? 0 : b[i]);
  }
}

template <Arithmetic Op>
void Pairs(const DTypeInfo& t, std::span<const uint64_t> a,
           std::span<const uint64_t> b, std::span<uint64_t> out) {
  switch (t.code) {
    case DType::kFloat16:
      return FloatPairs<Op, DType::kFloat16>(a, b, out);
    case DType::kBfloat16:
      return FloatPairs<Op, DType::kBfloat16>(a, b, out);
    case DType::kFloat:
      return FloatPairs<Op, DType::kFloat>(a, b, out);
    case DType::kDouble:
      return FloatPairs<Op, DType::kDouble>(a, b, out);
    default:
      for (size_t i = 0; i < out.size(); ++i) {
        out[i] = Exactly(Op, t, a[i], b.empty() ? 0 : b[i]);
      }
  }
}

}  // namespace

uint64_t DefaultNaN(const DTypeInfo& t) { return NaN(t.format); }

uint64_t ExactArithmetic(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b) {
  return Exactly(op, t, a, b);
}

void ExactArithmetic(Arithmetic op, const DTypeInfo& t,
                     std::span<const uint64_t> a, std::span<const uint64_t> b,
                     std::span<uint64_t> out) {
  switch (op) {
    case Arithmetic::kAdd:
      return Pairs<Arithmetic::kAdd>(t, a, b, out);
    case Arithmetic::kSub:
      return Pairs<Arithmetic::kSub>(t, a, b, out);
    case Arithmetic::kMul:
      return Pairs<Arithmetic::kMul>(t, a, b, out);
    case Arithmetic::kDiv:
      return Pairs<Arithmetic::kDiv>(t, a, b, out);
    case Arithmetic::kSqrt:
      return Pairs<Arithmetic::kSqrt>(t, a, b, out);
    case Arithmetic::kReciprocal:
      return Pairs<Arithmetic::kReciprocal>(t, a, b, out);
    case Arithmetic::kFmod:
      return Pairs<Arithmetic::kFmod>(t, a, b, out);
    case Arithmetic::kMod:
      return Pairs<Arithmetic::kMod>(t, a, b, out);
  }
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
