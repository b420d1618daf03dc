// Bit-level description of a binary floating-point format.
//
// One template, `MiniFloat<E, M, Bias, Specials>`, describes every float
// format ONNX uses, from float8 to double. Every mask, limit and class
// boundary is derived from those four parameters; nothing is written per
// format, so a new format is one line in the dtype table.
#ifndef ONNXCTS_FLOAT_FORMAT_H_
#define ONNXCTS_FLOAT_FORMAT_H_

#include <cstdint>

namespace onnxcts {

// Which special values a format encodes, and where.
enum class Specials : uint8_t {
  kNone,        // not a float (the dtype table's integer rows)
  kIeee,        // IEEE 754: ±inf at the top exponent with a zero mantissa,
                // NaN elsewhere at the top exponent, signed zeros.
  kFiniteOnly,  // no infinities; NaN only where exponent and mantissa are
                // all ones (float8e4m3fn: 0x7F, 0xFF); signed zeros.
  kFnuz,        // no infinities and no -0: the -0 pattern (sign bit alone)
                // is the single NaN (the "fnuz" float8 formats).
  kNoNaN,       // no infinities and no NaNs, signed zeros: every pattern is
                // a number (float4e2m1).
  kExponentOnly,  // no sign bit and no mantissa: every pattern but all ones
                  // is a power of two, all ones is the one NaN; no zero, no
                  // infinity (float8e8m0).
};

struct FloatFormat {
  int exponent_bits = 0;
  int mantissa_bits = 0;
  int bias = 0;
  Specials specials = Specials::kNone;

  constexpr bool has_sign() const {
    return specials != Specials::kExponentOnly;
  }
  constexpr int width() const {
    return (has_sign() ? 1 : 0) + exponent_bits + mantissa_bits;
  }
  // Zero for a format without a sign bit.
  constexpr uint64_t sign_mask() const {
    return has_sign() ? uint64_t{1} << (width() - 1) : 0;
  }
  constexpr uint64_t mantissa_mask() const {
    return (uint64_t{1} << mantissa_bits) - 1;
  }
  constexpr uint64_t exponent_mask() const {
    return ((uint64_t{1} << exponent_bits) - 1) << mantissa_bits;
  }
  // Every bit except the sign: the magnitude of a pattern.
  constexpr uint64_t magnitude_mask() const {
    return exponent_mask() | mantissa_mask();
  }
  // Zero for a format without a mantissa.
  constexpr uint64_t quiet_bit() const {
    return mantissa_bits == 0 ? 0 : uint64_t{1} << (mantissa_bits - 1);
  }
  constexpr bool has_infinity() const { return specials == Specials::kIeee; }
  constexpr bool has_negative_zero() const {
    return specials == Specials::kIeee || specials == Specials::kFiniteOnly ||
           specials == Specials::kNoNaN;
  }
  constexpr bool has_nan() const { return specials != Specials::kNoNaN; }
  constexpr bool has_zero() const {
    return specials != Specials::kExponentOnly;
  }
  // The pattern of +1.0: the biased exponent equal to the bias, mantissa 0.
  constexpr uint64_t one() const {
    return static_cast<uint64_t>(bias) << mantissa_bits;
  }
  // The pattern of +inf; meaningful only where has_infinity().
  constexpr uint64_t infinity() const { return exponent_mask(); }
  // The smallest magnitude pattern that is a NaN, for formats whose NaNs sit
  // at the top of the magnitude range (kIeee, kFiniteOnly, kExponentOnly).
  constexpr uint64_t lowest_nan_magnitude() const {
    return specials == Specials::kIeee ? exponent_mask() + 1 : magnitude_mask();
  }

  friend constexpr bool operator==(const FloatFormat&,
                                   const FloatFormat&) = default;
};

// E4M3FN: bias 7, no infinities, NaN = S.1111.111 — one line per format.
template <int E, int M, int Bias, Specials S>
inline constexpr FloatFormat MiniFloat{E, M, Bias, S};

}  // namespace onnxcts

#endif  // ONNXCTS_FLOAT_FORMAT_H_
