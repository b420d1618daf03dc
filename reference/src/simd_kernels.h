// The vector bodies of the reference kernels, one per bit test, for any
// element width, dispatched at run time to the best Highway target the CPU
// has. Each processes the leading whole vectors of a buffer and returns how
// many elements it wrote; the caller's scalar loop (the per-dtype template in
// ops/*.cc) finishes the rest. Every decision is an integer test on the
// pattern's bits: no float arithmetic of the host.
#ifndef ONNXCTS_SRC_SIMD_KERNELS_H_
#define ONNXCTS_SRC_SIMD_KERNELS_H_

#include <cstddef>
#include <cstdint>

#include "onnxcts/float_format.h"

namespace onnxcts::simd {

// MaskedEqual()
//
// Writes 1 to `out[i]` where `(in[i] & mask) == pattern`, else 0; `bits` is
// the element width (8, 16, 32 or 64).
size_t MaskedEqual(int bits, const void* in, uint8_t* out, size_t n,
                   uint64_t mask, uint64_t pattern);

// MagnitudeAtLeast()
//
// Writes 1 to `out[i]` where `in[i] & magnitude_mask >= floor`, else 0.
// `magnitude_mask` must leave the top bit clear.
size_t MagnitudeAtLeast(int bits, const void* in, uint8_t* out, size_t n,
                        uint64_t magnitude_mask, uint64_t floor);

// SignFloat()
//
// Sign over patterns of float format `f` (`bits` wide): +0 for either zero,
// the input itself for a NaN, else the input's sign bit on 1.0.
size_t SignFloat(int bits, const void* in, void* out, size_t n,
                 const FloatFormat& f);

// SignInteger()
//
// Sign over two's complement (`is_signed`) or unsigned integers: 0, 1 or -1.
size_t SignInteger(int bits, bool is_signed, const void* in, void* out,
                   size_t n);

// DispatchedTarget()
//
// The name of the Highway target the calls above run on now ("AVX3",
// "EMU128", ...), for tests and benchmarks.
const char* DispatchedTarget();

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_KERNELS_H_
