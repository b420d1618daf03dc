// What Add, Sub, Mul, Div, Sqrt and Reciprocal share: the kernel (the
// host's float32 and float64 lanes, simd_arith.h; float16 and bfloat16
// through float32 and one rounding back; integers wrapping in plain C++),
// the plain oracle (exact_arithmetic.h), the open spots of the integer
// answers, and the formals and type constraints of their versions.
#ifndef ONNXCTS_SRC_OPS_ARITHMETIC_H_
#define ONNXCTS_SRC_OPS_ARITHMETIC_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "exact_arithmetic.h"
#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"
#include "ops/ops.h"
#include "simd_arith.h"

namespace onnxcts {

// The dtypes of Add, Sub, Mul, Div in some version (the integers and the
// IEEE floats), and of Sqrt and Reciprocal (those floats).
bool ArithmeticDType(const DTypeInfo& t);
bool IeeeFloat(const DTypeInfo& t);

// The kernel on `n` elements of `a` and `b` (`b` unused by kSqrt and
// kReciprocal); std::invalid_argument on a dtype the op does not define.
// Integers: the low bits of the result (two's complement wrap); Div
// truncates toward zero, gives 0 for a zero divisor and MIN for MIN / -1.
void ArithmeticKernel(simd::Arithmetic op, const DTypeInfo& t, const void* a,
                      const void* b, void* out, size_t n);

template <simd::Arithmetic Op>
void PairArithmetic(const DTypeInfo& t, const void* a, const void* b,
                    void* out, size_t n) {
  ArithmeticKernel(Op, t, a, b, out, n);
}

template <simd::Arithmetic Op>
void UnaryArithmetic(const DTypeInfo& t, const void* in, void* out,
                     size_t n) {
  ArithmeticKernel(Op, t, in, nullptr, out, n);
}

template <oracle::Arithmetic Op>
void PairExact(const DTypeInfo& t, std::span<const uint64_t> a,
               std::span<const uint64_t> b, std::span<uint64_t> want) {
  oracle::ExactArithmetic(Op, t, a, b, want);
}

template <oracle::Arithmetic Op>
uint64_t UnaryExact(const DTypeInfo& t, uint64_t x) {
  return oracle::ExactArithmetic(Op, t, x, 0);
}

// The integer divisors an x86 division instruction traps on: 0 (place 1),
// and -1 of a signed type (place 2: MIN / -1 overflows). Div's answer is
// open on the first and on MIN / -1; a backend that divides plainly dies
// there, so the suite holds them apart (Variant::fatal_second).
inline constexpr std::string_view kTrappingDivisors[] = {"divisor_zero",
                                                         "divisor_minus_one"};
inline size_t TrappingDivisor(const DTypeInfo& t, uint64_t b) {
  const uint64_t v = b & t.all_bits();
  if (!t.is_integer()) return 0;
  if (v == 0) return 1;
  return t.kind == Kind::kSigned && v == t.all_bits() ? 2 : 0;
}

// The deviation rule of Add, Sub, Mul and Div (DeviationBy): on integers,
// any answer where the exact result overflows or the divisor is zero. It
// takes every answer there, so OpenBy makes their open predicate of it.
template <oracle::Arithmetic Op>
bool OpenSpot(const DTypeInfo& t, std::span<const uint64_t> inputs, uint64_t,
              uint64_t) {
  return inputs.size() == 2 &&
         oracle::ExactArithmeticOpen(Op, t, inputs[0], inputs[1]);
}

// A and B of type T to C of type T; version 6 and 7 take the 32- and 64-bit
// integers and float16, float and double, 13 bfloat16 too, 14 every numeric
// type (Add, Sub, Mul, Div). Sqrt and Reciprocal: X to Y, the floats of
// kFloat16FloatDouble, and bfloat16 from 13.
inline constexpr Formal kArithmeticIn[] = {{"A", "T"}, {"B", "T"}};
inline constexpr Formal kArithmeticOut[] = {{"C", "T"}};
inline constexpr DType kArithmetic7[] = {
    DType::kUint32,  DType::kUint64, DType::kInt32, DType::kInt64,
    DType::kFloat16, DType::kFloat,  DType::kDouble};
inline constexpr DType kArithmetic13[] = {
    DType::kUint32, DType::kUint64, DType::kInt32,  DType::kInt64,
    DType::kFloat16, DType::kFloat, DType::kDouble, DType::kBfloat16};
inline constexpr TypeConstraint kArithmeticC7[] = {{"T", kArithmetic7}};
inline constexpr TypeConstraint kArithmeticC13[] = {{"T", kArithmetic13}};
inline constexpr TypeConstraint kArithmeticC14[] = {{"T", kNumericWithBfloat16}};
inline constexpr DType kFloats13[] = {DType::kFloat16, DType::kFloat,
                                      DType::kDouble, DType::kBfloat16};
inline constexpr TypeConstraint kFloatsC6[] = {{"T", kFloat16FloatDouble}};
inline constexpr TypeConstraint kFloatsC13[] = {{"T", kFloats13}};

// The versions of Add, Sub, Mul and Div (6, 7, 13, 14), which differ only in
// the op's name, kernel and rules: broadcasting from 7, the types above.
constexpr std::array<OpSchema, 4> ArithmeticSchemas(std::string_view op,
                                                    KernelFn kernel,
                                                    DeviationFn deviation,
                                                    DeviationFn open) {
  struct Version {
    int since;
    std::span<const TypeConstraint> constraints;
  };
  constexpr Version kVersions[] = {{6, kArithmeticC7},
                                   {7, kArithmeticC7},
                                   {13, kArithmeticC13},
                                   {14, kArithmeticC14}};
  std::array<OpSchema, 4> schemas{};
  for (size_t i = 0; i < schemas.size(); ++i) {
    schemas[i] = {.op = op,
                  .since_version = kVersions[i].since,
                  .inputs = kArithmeticIn,
                  .outputs = kArithmeticOut,
                  .constraints = kVersions[i].constraints,
                  .kernel = kernel,
                  .deviation = deviation,
                  .broadcast = kVersions[i].since >= 7,
                  .open = open};
  }
  return schemas;
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_ARITHMETIC_H_
