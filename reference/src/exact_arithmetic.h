// The oracle of Add, Sub, Mul, Div, Sqrt, Reciprocal and Mod: each pattern
// decoded into an exact sign, integer significand and power of two, the
// operation done on integers without loss, and the result rounded once to
// nearest even in the tensor's own format (exact_value.h). Plain
// on purpose: the kernels compute in the host's float32 and float64 lanes,
// and the two share nothing but the dtype table.
//
// Floats (the IEEE formats of 16 bits and more): IEEE 754, subnormals kept.
// Every NaN answer is the default quiet NaN (sign clear, quiet bit only):
// the spec names no payload, comparisons match any NaN with any NaN, and
// one NaN lets kernel and oracle agree bit for bit on every host.
//
// Integers: Add, Sub, Mul give the low bits of the exact result (numpy's
// two's complement wrap), Div the exact quotient truncated toward zero,
// wrapped; a division by zero gives 0. Where the exact result does not fit
// the dtype, or the divisor is zero, the spec decides nothing
// (ExactArithmeticOpen).
//
// Remainders: kFmod is C's fmod (the dividend's sign; on floats exact, so
// nothing rounds: fmod(x, ±0) and fmod(±inf, y) are NaN, fmod(x, ±inf) is
// x); kMod, on integers only, is Python's and numpy's (the divisor's
// sign). Both give 0 for a zero divisor (open) and for MIN by -1 (decided:
// the remainder fits, though an x86 division traps computing it).
#ifndef ONNXCTS_SRC_EXACT_ARITHMETIC_H_
#define ONNXCTS_SRC_EXACT_ARITHMETIC_H_

#include <cstdint>
#include <span>

#include "onnxcts/dtype.h"

namespace onnxcts::oracle {

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

// ExactArithmetic()
//
// The answer of `op` on patterns `a` and `b` of dtype `t` (`b` unused by
// the unary kSqrt and kReciprocal, which take floats only).
uint64_t ExactArithmetic(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b);

// The same on each pair (a[i], b[i]) into out[i] (`b` empty for kSqrt and
// kReciprocal): one call for many answers, its loop compiled for each
// float format alone, as the 2^32-pair checks of float16 and bfloat16 need.
void ExactArithmetic(Arithmetic op, const DTypeInfo& t,
                     std::span<const uint64_t> a, std::span<const uint64_t> b,
                     std::span<uint64_t> out);

// ExactArithmeticOpen()
//
// Whether the spec leaves the answer of `op` on integers `a`, `b` open: the
// exact result outside the dtype's range, or a zero divisor.
bool ExactArithmeticOpen(Arithmetic op, const DTypeInfo& t, uint64_t a,
                         uint64_t b);

// DefaultNaN()
//
// The NaN every float answer of these ops that is a NaN takes.
uint64_t DefaultNaN(const DTypeInfo& t);

}  // namespace onnxcts::oracle

#endif  // ONNXCTS_SRC_EXACT_ARITHMETIC_H_
