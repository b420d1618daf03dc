// Highway bodies of simd_scan.h, compiled once per target like the kernels.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_scan.cc"
#include "simd_scan.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "simd_width-inl.h"

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct FillBody {
  template <typename U>
  static size_t Run(void* out_bytes, size_t n, uint64_t first) {
    const hn::ScalableTag<U> d;
    U* out = static_cast<U*>(out_bytes);
    const size_t lanes = hn::Lanes(d);
    const auto step = hn::Set(d, static_cast<U>(lanes));
    auto v = hn::Iota(d, static_cast<U>(first));
    size_t i = 0;
    for (; i + lanes <= n; i += lanes) {
      hn::StoreU(v, d, out + i);
      v = hn::Add(v, step);
    }
    for (; i < n; ++i) out[i] = static_cast<U>(first + i);
    return n;
  }
};

// Four vectors per test of the branch: a mismatch is the rare case, and its
// exact place is found by the scalar loop after.
struct FindBody {
  template <typename U>
  static size_t Run(const void* data_bytes, size_t n, uint64_t value) {
    const hn::ScalableTag<U> d;
    const U* data = static_cast<const U*>(data_bytes);
    const U want = static_cast<U>(value);
    const size_t lanes = hn::Lanes(d);
    const auto expected = hn::Set(d, want);
    size_t i = 0;
    for (; i + 4 * lanes <= n; i += 4 * lanes) {
      const auto a = hn::Xor(hn::LoadU(d, data + i), expected);
      const auto b = hn::Xor(hn::LoadU(d, data + i + lanes), expected);
      const auto c = hn::Xor(hn::LoadU(d, data + i + 2 * lanes), expected);
      const auto e = hn::Xor(hn::LoadU(d, data + i + 3 * lanes), expected);
      const auto any = hn::Or(hn::Or(a, b), hn::Or(c, e));
      if (!hn::AllTrue(d, hn::Eq(any, hn::Zero(d)))) break;
    }
    for (; i < n; ++i) {
      if (data[i] != want) return i;
    }
    return n;
  }
};

size_t FillSequenceAt(int bits, void* out, size_t n, uint64_t first) {
  return ByWidth<FillBody>(bits, out, n, first);
}

size_t FindNotEqualAt(int bits, const void* data, size_t n, uint64_t value) {
  return ByWidth<FindBody>(bits, data, n, value);
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(FillSequenceAt);
HWY_EXPORT(FindNotEqualAt);

void FillSequence(int bits, void* out, size_t n, uint64_t first) {
  HWY_DYNAMIC_DISPATCH(FillSequenceAt)(bits, out, n, first);
}

size_t FindNotEqual(int bits, const void* data, size_t n, uint64_t value) {
  return HWY_DYNAMIC_DISPATCH(FindNotEqualAt)(bits, data, n, value);
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
