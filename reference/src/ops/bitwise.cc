#include "ops/bitwise.h"

#include <stdexcept>
#include <string>

#include "onnxcts/variant.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

bool Truth(simd::BitOp op, bool x, bool y) {
  switch (op) {
    case simd::BitOp::kAnd:
      return x && y;
    case simd::BitOp::kOr:
      return x || y;
    case simd::BitOp::kXor:
      return x != y;
  }
  return false;
}

}  // namespace

bool IntegerBits(const DTypeInfo& t) {
  return KernelsCover(t) && t.is_integer();
}

bool Boolean(const DTypeInfo& t) { return t.kind == Kind::kBool; }

void BitwiseKernel(const DTypeInfo& t, bool (*defines)(const DTypeInfo&),
                   simd::BitOp op, const void* a, const void* b, void* out,
                   size_t n) {
  if (!defines(t)) {
    throw std::invalid_argument("the op is not defined on " +
                                std::string(t.name));
  }
  const bool logical = t.kind == Kind::kBool;
  const size_t bytes = n * ElementBytes(t);
  const auto* x = static_cast<const uint8_t*>(a);
  const auto* y = static_cast<const uint8_t*>(b);
  auto* z = static_cast<uint8_t*>(out);
  for (size_t i = simd::Bitwise(op, logical, a, b, out, bytes); i < bytes;
       ++i) {
    z[i] = simd::BitwiseByte(op, logical, x[i], y[i]);
  }
}

uint64_t BitwiseOracle(const DTypeInfo& t, simd::BitOp op, uint64_t a,
                       uint64_t b) {
  if (t.kind == Kind::kBool) return Truth(op, a != 0, b != 0);
  uint64_t out = 0;
  for (int k = 0; k < t.bits; ++k) {
    const bool bit = Truth(op, (a >> k) & 1, (b >> k) & 1);
    out |= static_cast<uint64_t>(bit) << k;
  }
  return out;
}

}  // namespace onnxcts
