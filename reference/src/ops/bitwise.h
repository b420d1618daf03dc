// What the bitwise ops (BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot on
// integers) and the logical ones (And, Or, Xor, Not on bool) share: one
// kernel of two inputs byte by byte (simd_bitwise.h), a bool's byte read
// as its truth (0 or 1, any byte but 0 being true) first; and a plain oracle
// that applies the op's truth table to each bit, or to a bool's truth.
#ifndef ONNXCTS_SRC_OPS_BITWISE_H_
#define ONNXCTS_SRC_OPS_BITWISE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"
#include "simd_bitwise.h"

namespace onnxcts {

// The dtypes of the bitwise ops (the integers) and of the logical ones.
bool IntegerBits(const DTypeInfo& t);
bool Boolean(const DTypeInfo& t);

// The kernel of two inputs (Variant::pair_kernel) on dtypes `defines`
// allows; std::invalid_argument on any other.
void BitwiseKernel(const DTypeInfo& t, bool (*defines)(const DTypeInfo&),
                   simd::BitOp op, const void* a, const void* b, void* out,
                   size_t n);

// The oracle of two inputs: the truth table of `op` on each bit of an
// integer, or once on two bools (any byte but 0 is true).
uint64_t BitwiseOracle(const DTypeInfo& t, simd::BitOp op, uint64_t a,
                       uint64_t b);

template <simd::BitOp Op>
void BitwiseOf(const DTypeInfo& t, const void* a, const void* b, void* out,
               size_t n) {
  BitwiseKernel(t, IntegerBits, Op, a, b, out, n);
}

template <simd::BitOp Op>
void LogicalOf(const DTypeInfo& t, const void* a, const void* b, void* out,
               size_t n) {
  BitwiseKernel(t, Boolean, Op, a, b, out, n);
}

template <simd::BitOp Op>
uint64_t BitwiseOracleOf(const DTypeInfo& t, uint64_t a, uint64_t b) {
  return BitwiseOracle(t, Op, a, b);
}

// The formals of BitwiseAnd, Or, Xor (A, B and C of one type T) and of
// BitwiseNot (X to Y), with T any integer.
inline constexpr Formal kBitwiseIn[] = {{"A", "T"}, {"B", "T"}};
inline constexpr Formal kBitwiseOut[] = {{"C", "T"}};
inline constexpr DType kIntegers[] = {
    DType::kUint8, DType::kUint16, DType::kUint32, DType::kUint64,
    DType::kInt8,  DType::kInt16,  DType::kInt32,  DType::kInt64};
inline constexpr TypeConstraint kIntegersC[] = {{"T", kIntegers}};

// And, Or, Xor: A and B of bool T to C of bool T1.
inline constexpr Formal kLogicalIn[] = {{"A", "T"}, {"B", "T"}};
inline constexpr Formal kLogicalOut[] = {{"C", "T1"}};
inline constexpr DType kBoolType[] = {DType::kBool};
inline constexpr TypeConstraint kLogicalC[] = {{"T", kBoolType},
                                               {"T1", kBoolType}};

// The one version of And, Or, Xor (7, from numpy's broadcasting on) and of
// BitwiseAnd, Or, Xor (18): they differ only in the op's name and kernel.
constexpr std::array<OpSchema, 1> LogicalSchemas(std::string_view op,
                                                 KernelFn kernel) {
  return {OpSchema{.op = op,
                   .since_version = 7,
                   .inputs = kLogicalIn,
                   .outputs = kLogicalOut,
                   .constraints = kLogicalC,
                   .kernel = kernel,
                   .broadcast = true}};
}
constexpr std::array<OpSchema, 1> BitwiseSchemas(std::string_view op,
                                                 KernelFn kernel) {
  return {OpSchema{.op = op,
                   .since_version = 18,
                   .inputs = kBitwiseIn,
                   .outputs = kBitwiseOut,
                   .constraints = kIntegersC,
                   .kernel = kernel,
                   .broadcast = true}};
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_BITWISE_H_
