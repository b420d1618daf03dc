// The vector body of Floor, Ceil and Round (ties to even) on IEEE 754
// formats of 16, 32 and 64 bits, from the pattern's bits alone: the
// fraction bits below the unit place are cleared, and one unit is added to
// the magnitude where the direction asks for it (a carry into the exponent
// field is the next binade, as it should be). Dispatched as
// simd_kernels.h's are; processes the leading whole vectors and returns how
// many elements it wrote.
#ifndef ONNXCTS_SRC_SIMD_ROUND_H_
#define ONNXCTS_SRC_SIMD_ROUND_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

enum class Rounding : uint8_t { kFloor, kCeil, kNearestEven };

// The format's shape, as the kernel needs it.
struct RoundSpec {
  int bits;           // 16, 32 or 64
  int mantissa_bits;  // stored fraction bits
  int bias;
};

// RoundToIntegral()
//
// Writes `in[i]` rounded to an integral value in direction `r`; ±0, ±inf,
// NaN (payload kept) and integral values come back unchanged.
size_t RoundToIntegral(const RoundSpec& s, Rounding r, const void* in,
                       void* out, size_t n);

// The same on one pattern, for the tail the vectors leave.
uint64_t RoundPattern(const RoundSpec& s, Rounding r, uint64_t x);

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_ROUND_H_
