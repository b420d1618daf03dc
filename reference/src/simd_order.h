// The vector bodies of the kernels that order two patterns (Max, Min, Equal,
// Less, Greater), any element width, dispatched as simd_kernels.h's are.
// Each maps a pattern to a signed key whose integer order is the value's
// order: a float's magnitude, negated when its sign is set (both zeros give
// 0), an integer's value (unsigned ones with the top bit flipped). A float
// whose magnitude is above infinity's is a NaN and is unordered. Each
// processes the leading whole vectors and returns how many elements it
// wrote; the op's scalar loop (ops/ordering.h) finishes the rest.
#ifndef ONNXCTS_SRC_SIMD_ORDER_H_
#define ONNXCTS_SRC_SIMD_ORDER_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

// How a dtype's patterns are ordered.
struct OrderSpec {
  enum class Kind : uint8_t { kFloat, kSigned, kUnsigned } kind;
  int bits;
  uint64_t magnitude_mask;  // floats: all but the sign bit
  uint64_t infinity;        // floats: the magnitude of infinity
};

enum class Comparison : uint8_t { kEqual, kLess, kLessOrEqual };
enum class Selection : uint8_t { kMax, kMin };

// Compare()
//
// Writes 1 where `a[i]` equals (is less than, is at most) `b[i]`, else 0:
// one byte per element. A NaN compares false.
size_t Compare(const OrderSpec& s, Comparison c, const void* a, const void* b,
               uint8_t* out, size_t n);

// Select()
//
// Writes the larger (or smaller) of `a[i]` and `b[i]`; `a[i]` when they are
// equal or `a[i]` is a NaN, `b[i]` when only it is a NaN (numpy's maximum
// and minimum). `out` may be `a`.
size_t Select(const OrderSpec& s, Selection c, const void* a, const void* b,
              void* out, size_t n);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_ORDER_H_
