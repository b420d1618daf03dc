// A float pattern decoded into an exact value, and an exact value rounded
// back into a float format: what the Cast oracle (convert_oracle.cc) and the
// arithmetic oracle (exact_arithmetic.cc) share. Integers and shifts only;
// nothing here touches the host's floating point.
//
// Inline on purpose: the arithmetic oracle's pair loops are compiled once
// per format, and with the format's fields known there these fold into the
// format's own shifts and masks (a 2^32-pair check of float16 takes the
// oracle 2^32 times).
#ifndef ONNXCTS_SRC_EXACT_VALUE_H_
#define ONNXCTS_SRC_EXACT_VALUE_H_

#include <bit>
#include <cstdint>

#include "onnxcts/float_format.h"

namespace onnxcts::exact {

enum class Class : uint8_t { kNumber, kInfinity, kNaN };

// (-1)^negative * significand * 2^exponent, or an infinity or a NaN.
struct Value {
  Class cls = Class::kNumber;
  bool negative = false;
  uint64_t significand = 0;
  int exponent = 0;
  uint64_t nan_fraction = 0;  // an IEEE NaN's mantissa, left-aligned
};

inline Value DecodeFloat(const FloatFormat& f, uint64_t bits) {
  Value x;
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

enum class Rounding : uint8_t { kNearestEven, kTowardZero, kAway, kNearestUp };

// significand / 2^shift rounded to an integer, shift >= 0, formed in U
// (uint64_t for a shift below 64).
template <typename U>
uint64_t RoundShiftIn(uint64_t significand, int shift, Rounding r) {
  constexpr int kBits = static_cast<int>(sizeof(U)) * 8;
  const U s = significand;
  // From kBits places of shift on the quotient is 0 and the remainder (all
  // of s) is below half of 2^shift.
  const U quotient = shift >= kBits ? 0 : s >> shift;
  const U remainder = shift >= kBits ? s : s - (quotient << shift);
  if (remainder == 0) return static_cast<uint64_t>(quotient);
  bool up = false;
  if (r == Rounding::kAway) {
    up = true;
  } else if (r != Rounding::kTowardZero) {
    // remainder vs half of 2^shift; shift >= 1 here since remainder != 0.
    const bool above_half =
        shift >= kBits ? false : remainder > (U{1} << (shift - 1));
    const bool half = shift < kBits && remainder == (U{1} << (shift - 1));
    up = above_half ||
         (half && (r == Rounding::kNearestUp || (quotient & 1) != 0));
  }
  return static_cast<uint64_t>(quotient + (up ? 1 : 0));
}

inline uint64_t RoundShift(uint64_t significand, int shift, Rounding r) {
  __extension__ typedef unsigned __int128 u128;
  return shift < 64 ? RoundShiftIn<uint64_t>(significand, shift, r)
                    : RoundShiftIn<u128>(significand, shift, r);
}

// RoundedMagnitude()
//
// The magnitude pattern of `f` nearest to significand * 2^exponent, ties to
// even, subnormals kept: 0 where it rounds to zero, and past the largest
// finite magnitude where it overflows (what that gives is the caller's
// rule: an infinity, the largest finite, a NaN).
inline uint64_t RoundedMagnitude(const FloatFormat& f, uint64_t significand,
                                 int exponent) {
  if (significand == 0) return 0;
  const int m = f.mantissa_bits;
  // The exponent of the last mantissa bit: that of the value's leading bit
  // less m, but never below the subnormals' quantum.
  const int top = exponent + std::bit_width(significand) - 1;
  const int lowest_quantum = 1 - f.bias - m;
  int quantum = top - m > lowest_quantum ? top - m : lowest_quantum;
  uint64_t r = exponent >= quantum
                   ? significand << (exponent - quantum)
                   : RoundShift(significand, quantum - exponent,
                                Rounding::kNearestEven);
  if (r == uint64_t{2} << m) {  // rounding carried into a new binade
    r >>= 1;
    ++quantum;
  }
  if (r < (uint64_t{1} << m)) return r;  // a subnormal, or zero
  return (static_cast<uint64_t>(quantum + m + f.bias) << m) |
         (r - (uint64_t{1} << m));
}

}  // namespace onnxcts::exact

#endif  // ONNXCTS_SRC_EXACT_VALUE_H_
