// Highway body of simd_bitwise.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry point.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_bitwise.cc"
#include "simd_bitwise.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class V>
HWY_INLINE V Apply(BitOp op, V x, V y) {
  switch (op) {
    case BitOp::kAnd:
      return hn::And(x, y);
    case BitOp::kOr:
      return hn::Or(x, y);
    case BitOp::kXor:
      return hn::Xor(x, y);
  }
  return x;
}

size_t BitwiseAt(BitOp op, bool logical, const void* a_bytes,
                 const void* b_bytes, void* out_bytes, size_t bytes) {
  const hn::ScalableTag<uint8_t> d;
  const auto* a = static_cast<const uint8_t*>(a_bytes);
  const auto* b = static_cast<const uint8_t*>(b_bytes);
  auto* out = static_cast<uint8_t*>(out_bytes);
  // min(x, 1) is x's truth.
  const auto top = hn::Set(d, static_cast<uint8_t>(logical ? 1 : 0xff));
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= bytes; i += lanes) {
    const auto x = hn::Min(hn::LoadU(d, a + i), top);
    const auto y = hn::Min(hn::LoadU(d, b + i), top);
    hn::StoreU(Apply(op, x, y), d, out + i);
  }
  return i;
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(BitwiseAt);

size_t Bitwise(BitOp op, bool logical, const void* a, const void* b,
               void* out, size_t bytes) {
  return HWY_DYNAMIC_DISPATCH(BitwiseAt)(op, logical, a, b, out, bytes);
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
