// The vector body of Add, Sub, Mul, Div, Sqrt, Reciprocal (and Mod's fmod) on float32
// and float64: the host's IEEE 754 lane arithmetic (no approximate
// reciprocal or square root), with every NaN answer made the default quiet
// NaN (exact_arithmetic.h), so that the answer never depends on which NaN
// input a CPU or a compiler's operand order happens to propagate. float16
// and bfloat16 widen to float32 first and round once on the way back
// (ops/arithmetic.cc): float32's 24 bits are at least twice theirs plus
// two, so for these five operations the double rounding is innocuous.
// Relies on the host's default floating-point mode (no flush to zero).
#ifndef ONNXCTS_SRC_SIMD_ARITH_H_
#define ONNXCTS_SRC_SIMD_ARITH_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

// kFmod is C's fmod (no vector body: a scalar loop of std::fmod, which is
// exact); kMod, Python's remainder, is for integers only (ops/arithmetic.cc).
enum class Arithmetic : uint8_t {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kSqrt,
  kReciprocal,
  kFmod,
  kMod,
};

// FloatArithmetic()
//
// Writes `a[i] op b[i]` (`op a[i]` for kSqrt and kReciprocal, `b` unused)
// for `n` elements of float32 (`bits` 32) or float64 (64), any alignment;
// `out` may be `a`.
void FloatArithmetic(Arithmetic op, int bits, const void* a, const void* b,
                     void* out, size_t n);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_ARITH_H_
