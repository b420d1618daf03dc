// The vector body of Cast from float32 into a narrower float format
// (float16, bfloat16, the float8 types but float8e8m0, float4e2m1), which
// the 2^32 sweeps and every float32 model spend their time in. It rounds as
// convert_kernel.cc's scalar encoder does (nearest even of the significand
// at the target's precision, subnormals by a wider drop); the answers that
// do not depend on the value come from that encoder, so the two share every
// rule but the arithmetic. Dispatched as simd_kernels.h's are: it writes
// the leading whole vectors and returns how many elements it wrote.
#ifndef ONNXCTS_SRC_SIMD_CONVERT_H_
#define ONNXCTS_SRC_SIMD_CONVERT_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

// A narrowing's target: its format and its answers by sign (index 1 is
// negative).
struct NarrowTarget {
  int mantissa_bits;  // fewer than float32's 23
  int bias;
  int out_bytes;      // 1 or 2 (a 4-bit element is unpacked, one a byte)
  uint32_t sign;      // the target's sign bit
  uint32_t max_finite;      // the largest finite magnitude
  uint32_t zero[2];         // a zero, or a value that rounds to zero
  uint32_t too_large[2];    // a finite value past max_finite once rounded
  uint32_t infinity[2];
  uint32_t nan[2];          // a NaN, before its payload
  uint32_t payload_mask;    // the NaN payload bits kept (IEEE targets), or 0
};

// NarrowFloat32()
//
// Writes the target patterns of the float32 patterns `in` to `out`
// (out_bytes each, any alignment), for the leading whole vectors of `n`.
size_t NarrowFloat32(const NarrowTarget& t, const void* in, void* out,
                     size_t n);

// WidenToFloat32()
//
// Writes the float32 values of the float16 (or, with `bfloat16`, the
// bfloat16) patterns `in` to `out`, exactly, for the leading whole vectors
// of `n`: the arithmetic of those formats through float32 widens every
// operand.
size_t WidenToFloat32(bool bfloat16, const void* in, float* out, size_t n);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_CONVERT_H_
