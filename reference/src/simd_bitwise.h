// The vector body of the bitwise kernels of two inputs (BitwiseAnd, Or and
// Xor on integers; And, Or and Xor on bools, whose 0 and 1 bytes combine
// as bits do): byte by byte, so one body serves every element width,
// dispatched as simd_kernels.h's are.
#ifndef ONNXCTS_SRC_SIMD_BITWISE_H_
#define ONNXCTS_SRC_SIMD_BITWISE_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts::simd {

enum class BitOp : uint8_t { kAnd, kOr, kXor };

// Bitwise()
//
// Writes `a[i] op b[i]` for the leading whole vectors of `bytes` bytes and
// returns how many bytes it wrote; the caller finishes the rest. `out` may
// be `a` or `b`. With `logical`, each byte is read as a truth first (any
// byte but 0 is 1), so that a bool tensor's stray bytes still give 0 or 1.
size_t Bitwise(BitOp op, bool logical, const void* a, const void* b,
               void* out, size_t bytes);

// The same on one byte, for the tail the vectors leave.
inline uint8_t BitwiseByte(BitOp op, bool logical, uint8_t a, uint8_t b) {
  if (logical) {
    a = a != 0;
    b = b != 0;
  }
  switch (op) {
    case BitOp::kAnd:
      return a & b;
    case BitOp::kOr:
      return a | b;
    case BitOp::kXor:
      return a ^ b;
  }
  return 0;
}

}  // namespace onnxcts::simd

#endif  // ONNXCTS_SRC_SIMD_BITWISE_H_
