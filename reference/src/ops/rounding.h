// What Floor, Ceil and Round share: a kernel of IEEE 754 bit operations
// (simd_round.h) and a plain oracle that decodes the value, takes its
// integer part with the remainder against one half, and encodes the
// integer again. Both leave ±0, ±inf, NaN (payload kept) and integral
// values as they are, as the specs say.
#ifndef ONNXCTS_SRC_OPS_ROUNDING_H_
#define ONNXCTS_SRC_OPS_ROUNDING_H_

#include <cstddef>
#include <cstdint>

#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"
#include "simd_round.h"

namespace onnxcts {

// The dtypes these ops take in some version: float16, bfloat16, float,
// double.
bool RoundableFloat(const DTypeInfo& t);

void RoundKernel(simd::Rounding r, const DTypeInfo& t, const void* in,
                 void* out, size_t n);
uint64_t RoundOracle(simd::Rounding r, const DTypeInfo& t, uint64_t bits);

template <simd::Rounding R>
void RoundKernelOf(const DTypeInfo& t, const void* in, void* out, size_t n) {
  RoundKernel(R, t, in, out, n);
}

template <simd::Rounding R>
void RoundNodeOf(std::span<const ConstTensorView> in,
                 std::span<const TensorView> out, const Attributes&) {
  RoundKernel(R, Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

template <simd::Rounding R>
uint64_t RoundOracleOf(const DTypeInfo& t, uint64_t bits) {
  return RoundOracle(R, t, bits);
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_ROUNDING_H_
