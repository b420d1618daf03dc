// Highway bodies of the reference kernels. This file is compiled once per
// target by foreach_target.h; the HWY_ONCE part at the end holds the
// dispatching entry points of simd_kernels.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_kernels.cc"
#include "simd_kernels.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "simd_width-inl.h"

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Runs `Test<U>::Mask` over the whole vectors of `in`, writing 0/1 bytes.
template <typename U, class Test>
HWY_INLINE size_t PredicateLoop(const void* in_bytes, uint8_t* out, size_t n,
                                const Test& test) {
  const hn::ScalableTag<U> d;
  const U* in = static_cast<const U*>(in_bytes);
  const size_t lanes = hn::Lanes(d);
  const auto one = hn::Set(d, U{1});
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto is = test.Mask(d, hn::LoadU(d, in + i));
    StoreAsBytes(d, hn::IfThenElseZero(is, one), out + i);
  }
  return i;
}

template <typename U>
struct MaskedEqualTest {
  uint64_t mask;
  uint64_t pattern;
  template <class D, class V>
  HWY_INLINE auto Mask(D d, V x) const {
    return hn::Eq(hn::And(x, hn::Set(d, static_cast<U>(mask))),
                  hn::Set(d, static_cast<U>(pattern)));
  }
};

// With the top bit masked off, a signed compare orders magnitudes as
// unsigned ones would; Highway 1.0 has signed compares on every target.
template <typename U>
struct MagnitudeAtLeastTest {
  uint64_t magnitude_mask;
  uint64_t floor;
  template <class D, class V>
  HWY_INLINE auto Mask(D d, V x) const {
    const hn::RebindToSigned<D> di;
    const auto magnitude =
        hn::And(x, hn::Set(d, static_cast<U>(magnitude_mask)));
    const auto below = hn::Set(d, static_cast<U>(floor - 1));
    return hn::RebindMask(
        d, hn::Gt(hn::BitCast(di, magnitude), hn::BitCast(di, below)));
  }
};

// ±0 gives +0, a NaN gives itself, everything else its sign bit on 1.0.
// NaN is "magnitude above the last finite" except in fnuz formats, where it
// is the lone -0 pattern.
template <typename U, bool kFnuz>
HWY_INLINE size_t SignFloatLoop(const void* in_bytes, void* out_bytes, size_t n,
                                const FloatFormat& f) {
  const hn::ScalableTag<U> d;
  const hn::RebindToSigned<decltype(d)> di;
  const U* in = static_cast<const U*>(in_bytes);
  U* out = static_cast<U*>(out_bytes);
  const auto magnitude_mask = hn::Set(d, static_cast<U>(f.magnitude_mask()));
  const auto sign_mask = hn::Set(d, static_cast<U>(f.sign_mask()));
  const auto one = hn::Set(d, static_cast<U>(f.one()));
  const auto last_finite =
      hn::BitCast(di, hn::Set(d, static_cast<U>(f.lowest_nan_magnitude() - 1)));
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(d, in + i);
    const auto magnitude = hn::And(x, magnitude_mask);
    const auto unit = hn::IfThenZeroElse(hn::Eq(magnitude, hn::Zero(d)),
                                         hn::Or(hn::And(x, sign_mask), one));
    const auto nan =
        kFnuz ? hn::Eq(x, sign_mask)
              : hn::RebindMask(d,
                               hn::Gt(hn::BitCast(di, magnitude), last_finite));
    hn::StoreU(hn::IfThenElse(nan, x, unit), d, out + i);
  }
  return i;
}

// -1 is all ones: the mask of the negative lanes, OR-ed with 1 on the
// positive ones.
template <typename U, bool kSigned>
HWY_INLINE size_t SignIntegerLoop(const void* in_bytes, void* out_bytes,
                                  size_t n) {
  const hn::ScalableTag<U> d;
  const hn::RebindToSigned<decltype(d)> di;
  const U* in = static_cast<const U*>(in_bytes);
  U* out = static_cast<U*>(out_bytes);
  const auto one = hn::Set(d, U{1});
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(d, in + i);
    if constexpr (kSigned) {
      const auto xi = hn::BitCast(di, x);
      const auto positive = hn::RebindMask(d, hn::Gt(xi, hn::Zero(di)));
      const auto negative =
          hn::BitCast(d, hn::VecFromMask(di, hn::Lt(xi, hn::Zero(di))));
      hn::StoreU(hn::Or(hn::IfThenElseZero(positive, one), negative), d,
                 out + i);
    } else {
      hn::StoreU(hn::IfThenZeroElse(hn::Eq(x, hn::Zero(d)), one), d, out + i);
    }
  }
  return i;
}

struct MaskedEqualBody {
  template <typename U>
  static size_t Run(const void* in, uint8_t* out, size_t n, uint64_t mask,
                    uint64_t pattern) {
    return PredicateLoop<U>(in, out, n, MaskedEqualTest<U>{mask, pattern});
  }
};

struct MagnitudeAtLeastBody {
  template <typename U>
  static size_t Run(const void* in, uint8_t* out, size_t n, uint64_t mask,
                    uint64_t floor) {
    return PredicateLoop<U>(in, out, n, MagnitudeAtLeastTest<U>{mask, floor});
  }
};

struct SignFloatBody {
  template <typename U>
  static size_t Run(const void* in, void* out, size_t n, const FloatFormat* f) {
    return f->specials == Specials::kFnuz
               ? SignFloatLoop<U, true>(in, out, n, *f)
               : SignFloatLoop<U, false>(in, out, n, *f);
  }
};

struct SignIntegerBody {
  template <typename U>
  static size_t Run(bool is_signed, const void* in, void* out, size_t n) {
    return is_signed ? SignIntegerLoop<U, true>(in, out, n)
                     : SignIntegerLoop<U, false>(in, out, n);
  }
};

size_t MaskedEqualAt(int bits, const void* in, uint8_t* out, size_t n,
                     uint64_t mask, uint64_t pattern) {
  return ByWidth<MaskedEqualBody>(bits, in, out, n, mask, pattern);
}

size_t MagnitudeAtLeastAt(int bits, const void* in, uint8_t* out, size_t n,
                          uint64_t magnitude_mask, uint64_t floor) {
  return ByWidth<MagnitudeAtLeastBody>(bits, in, out, n, magnitude_mask, floor);
}

size_t SignFloatAt(int bits, const void* in, void* out, size_t n,
                   const FloatFormat& f) {
  return ByWidth<SignFloatBody>(bits, in, out, n, &f);
}

size_t SignIntegerAt(int bits, bool is_signed, const void* in, void* out,
                     size_t n) {
  return ByWidth<SignIntegerBody>(bits, is_signed, in, out, n);
}

int64_t TargetAt() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(MaskedEqualAt);
HWY_EXPORT(MagnitudeAtLeastAt);
HWY_EXPORT(SignFloatAt);
HWY_EXPORT(SignIntegerAt);
HWY_EXPORT(TargetAt);

size_t MaskedEqual(int bits, const void* in, uint8_t* out, size_t n,
                   uint64_t mask, uint64_t pattern) {
  return HWY_DYNAMIC_DISPATCH(MaskedEqualAt)(bits, in, out, n, mask, pattern);
}

size_t MagnitudeAtLeast(int bits, const void* in, uint8_t* out, size_t n,
                        uint64_t magnitude_mask, uint64_t floor) {
  return HWY_DYNAMIC_DISPATCH(MagnitudeAtLeastAt)(bits, in, out, n,
                                                  magnitude_mask, floor);
}

size_t SignFloat(int bits, const void* in, void* out, size_t n,
                 const FloatFormat& f) {
  return HWY_DYNAMIC_DISPATCH(SignFloatAt)(bits, in, out, n, f);
}

size_t SignInteger(int bits, bool is_signed, const void* in, void* out,
                   size_t n) {
  return HWY_DYNAMIC_DISPATCH(SignIntegerAt)(bits, is_signed, in, out, n);
}

const char* DispatchedTarget() {
  return hwy::TargetName(HWY_DYNAMIC_DISPATCH(TargetAt)());
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
