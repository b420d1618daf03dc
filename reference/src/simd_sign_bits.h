// The vector bodies of the kernels that move a pattern's sign (Abs, Neg,
// Relu):
// a mask and a flip of bits for floats, two's complement negation for
// integers, any element width, dispatched as simd_kernels.h's are. Each
// processes the leading whole vectors and returns how many elements it
// wrote; the op's scalar loop finishes the rest.
#ifndef ONNXCTS_SRC_SIMD_SIGN_BITS_H_
#define ONNXCTS_SRC_SIMD_SIGN_BITS_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

// AndXor()
//
// Writes `(in[i] & keep) ^ flip`; `bits` is the element width.
size_t AndXor(int bits, const void* in, void* out, size_t n, uint64_t keep,
              uint64_t flip);

// NegateInteger()
//
// Writes `-in[i]` modulo 2^bits (the minimum stays the minimum).
size_t NegateInteger(int bits, const void* in, void* out, size_t n);

// AbsInteger()
//
// Writes the magnitude of two's complement `in[i]` modulo 2^bits (the
// minimum stays the minimum).
size_t AbsInteger(int bits, const void* in, void* out, size_t n);

// ZeroNegatives()
//
// Writes `in[i]`, or +0 where its sign bit is set, except on a float NaN
// (a pattern whose bits under `magnitude_mask` exceed `infinity`; pass
// `magnitude_mask` 0 for integers, where every negative goes). Relu.
size_t ZeroNegatives(int bits, const void* in, void* out, size_t n,
                     uint64_t magnitude_mask, uint64_t infinity);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_SIGN_BITS_H_
