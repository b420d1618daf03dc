// Per-target helpers shared by the Highway files: from a runtime element
// width to the unsigned lane type of a templated body, and the store of
// 0/1 lanes as bytes. Included by each
// target's pass of foreach_target.h, hence the toggle guard.
#if defined(ONNXCTS_SRC_SIMD_WIDTH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ONNXCTS_SRC_SIMD_WIDTH_INL_H_
#undef ONNXCTS_SRC_SIMD_WIDTH_INL_H_
#else
#define ONNXCTS_SRC_SIMD_WIDTH_INL_H_
#endif

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {

// Calls `Body::template Run<U>(args...)` with U the unsigned type of `bits`
// (8, 16, 32; anything else is 64).
template <class Body, typename... Args>
HWY_INLINE size_t ByWidth(int bits, Args... args) {
  switch (bits) {
    case 8:
      return Body::template Run<uint8_t>(args...);
    case 16:
      return Body::template Run<uint16_t>(args...);
    case 32:
      return Body::template Run<uint32_t>(args...);
    case 64:
      return Body::template Run<uint64_t>(args...);
    default:  // packed elements are no lane type; callers keep them out
      HWY_ABORT("no vector lanes of %d bits", bits);
  }
}

// Predicates write one byte per element whatever the input width, so wide
// lanes of 0/1 are truncated to bytes before the store.
template <class D, class V>
HWY_INLINE void StoreAsBytes(D d, V zero_or_one, uint8_t* out) {
  namespace hn = hwy::HWY_NAMESPACE;
  if constexpr (sizeof(hn::TFromD<D>) == 1) {
    hn::StoreU(zero_or_one, d, out);
  } else {
    const hn::Rebind<uint8_t, D> d8;
    hn::StoreU(hn::TruncateTo(d8, zero_or_one), d8, out);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#endif  // ONNXCTS_SRC_SIMD_WIDTH_INL_H_
