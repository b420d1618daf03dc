// Highway bodies of simd_sign_bits.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry points.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_sign_bits.cc"
#include "simd_sign_bits.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "simd_width-inl.h"

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Runs `op(d, x)` over the whole vectors of `in` into `out`.
template <typename U, class Op>
HWY_INLINE size_t MapLoop(const void* in_bytes, void* out_bytes, size_t n,
                          const Op& op) {
  const hn::ScalableTag<U> d;
  const U* in = static_cast<const U*>(in_bytes);
  U* out = static_cast<U*>(out_bytes);
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(op(d, hn::LoadU(d, in + i)), d, out + i);
  }
  return i;
}

// Functors rather than lambdas: a lambda would not carry the target's
// attributes (HWY_ATTR).
template <typename U>
struct AndXorOp {
  U keep;
  U flip;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Xor(hn::And(x, hn::Set(d, keep)), hn::Set(d, flip));
  }
};

// Unsigned lanes wrap, so 0 - x is the two's complement negation.
struct NegateOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Sub(hn::Zero(d), x);
  }
};

// With m all ones on negative lanes and zero elsewhere, (x ^ m) - m is x or
// its negation.
struct AbsOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const hn::RebindToSigned<D> di;
    const V m = hn::BitCast(d, hn::BroadcastSignBit(hn::BitCast(di, x)));
    return hn::Sub(hn::Xor(x, m), m);
  }
};

// Negative lanes (sign bit set) that are no NaN become +0.
template <typename U>
struct ZeroNegativesOp {
  U magnitude_mask;
  U infinity;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const hn::RebindToSigned<D> di;
    using S = hn::TFromD<decltype(di)>;
    const auto negative = hn::BroadcastSignBit(hn::BitCast(di, x));
    const auto magnitude = hn::BitCast(di, hn::And(x, hn::Set(d, magnitude_mask)));
    const auto nan = hn::VecFromMask(
        di, hn::Gt(magnitude, hn::Set(di, static_cast<S>(infinity))));
    return hn::AndNot(hn::BitCast(d, hn::AndNot(nan, negative)), x);
  }
};

struct AndXorBody {
  template <typename U>
  static size_t Run(const void* in, void* out, size_t n, uint64_t keep,
                    uint64_t flip) {
    return MapLoop<U>(in, out, n,
                      AndXorOp<U>{static_cast<U>(keep), static_cast<U>(flip)});
  }
};

template <class Op>
struct MapBody {
  template <typename U>
  static size_t Run(const void* in, void* out, size_t n) {
    return MapLoop<U>(in, out, n, Op{});
  }
};

struct ZeroNegativesBody {
  template <typename U>
  static size_t Run(const void* in, void* out, size_t n, uint64_t mask,
                    uint64_t infinity) {
    return MapLoop<U>(in, out, n,
                      ZeroNegativesOp<U>{static_cast<U>(mask),
                                         static_cast<U>(infinity)});
  }
};

size_t ZeroNegativesAt(int bits, const void* in, void* out, size_t n,
                       uint64_t magnitude_mask, uint64_t infinity) {
  return ByWidth<ZeroNegativesBody>(bits, in, out, n, magnitude_mask,
                                    infinity);
}

size_t AndXorAt(int bits, const void* in, void* out, size_t n, uint64_t keep,
                uint64_t flip) {
  return ByWidth<AndXorBody>(bits, in, out, n, keep, flip);
}

size_t NegateIntegerAt(int bits, const void* in, void* out, size_t n) {
  return ByWidth<MapBody<NegateOp>>(bits, in, out, n);
}

size_t AbsIntegerAt(int bits, const void* in, void* out, size_t n) {
  return ByWidth<MapBody<AbsOp>>(bits, in, out, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(AndXorAt);
HWY_EXPORT(NegateIntegerAt);
HWY_EXPORT(AbsIntegerAt);
HWY_EXPORT(ZeroNegativesAt);

size_t AndXor(int bits, const void* in, void* out, size_t n, uint64_t keep,
              uint64_t flip) {
  return HWY_DYNAMIC_DISPATCH(AndXorAt)(bits, in, out, n, keep, flip);
}

size_t NegateInteger(int bits, const void* in, void* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(NegateIntegerAt)(bits, in, out, n);
}

size_t AbsInteger(int bits, const void* in, void* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(AbsIntegerAt)(bits, in, out, n);
}

size_t ZeroNegatives(int bits, const void* in, void* out, size_t n,
                     uint64_t magnitude_mask, uint64_t infinity) {
  return HWY_DYNAMIC_DISPATCH(ZeroNegativesAt)(bits, in, out, n,
                                               magnitude_mask, infinity);
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
