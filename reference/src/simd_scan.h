// Vector helpers of the verification engine: filling a buffer with
// consecutive patterns and finding the elements that differ from an expected
// value. Highway, dispatched at run time like the kernels.
#ifndef ONNXCTS_SRC_SIMD_SCAN_H_
#define ONNXCTS_SRC_SIMD_SCAN_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

// FillSequence()
//
// Writes `first`, `first + 1`, ... (modulo 2^bits) to `n` elements `bits`
// wide (8, 16, 32 or 64).
void FillSequence(int bits, void* out, size_t n, uint64_t first);

// FindNotEqual()
//
// The index of the first of `n` elements `bits` wide that is not `value`, or
// `n` when they all are.
size_t FindNotEqual(int bits, const void* data, size_t n, uint64_t value);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_SCAN_H_
