// Highway bodies of simd_order.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry points.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_order.cc"
#include "simd_order.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "simd_width-inl.h"

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Signed keys and NaN masks of one vector of patterns. Highway 1.0 has
// signed compares on every target, hence keys that order as signed lanes.
template <typename U>
struct Keys {
  const OrderSpec& s;

  template <class D, class V>
  HWY_INLINE auto Key(D d, V x) const {
    const hn::RebindToSigned<D> di;
    if (s.kind == OrderSpec::Kind::kSigned) return hn::BitCast(di, x);
    if (s.kind == OrderSpec::Kind::kUnsigned) {
      const U top = static_cast<U>(U{1} << (sizeof(U) * 8 - 1));
      return hn::BitCast(di, hn::Xor(x, hn::Set(d, top)));
    }
    // (m ^ s) - s negates the magnitude m where s is all ones.
    const auto magnitude =
        hn::BitCast(di, hn::And(x, hn::Set(d, static_cast<U>(s.magnitude_mask))));
    const auto sign = hn::BroadcastSignBit(hn::BitCast(di, x));
    return hn::Sub(hn::Xor(magnitude, sign), sign);
  }

  template <class D, class V>
  HWY_INLINE auto NaN(D d, V x) const {
    const hn::RebindToSigned<D> di;
    if (s.kind != OrderSpec::Kind::kFloat) return hn::FirstN(di, 0);
    const auto magnitude =
        hn::BitCast(di, hn::And(x, hn::Set(d, static_cast<U>(s.magnitude_mask))));
    return hn::Gt(magnitude, hn::Set(di, static_cast<hn::TFromD<decltype(di)>>(
                                             s.infinity)));
  }
};

struct CompareBody {
  template <typename U>
  static size_t Run(const OrderSpec& s, Comparison c, const void* a_bytes,
                    const void* b_bytes, uint8_t* out, size_t n) {
    const hn::ScalableTag<U> d;
    const hn::RebindToSigned<decltype(d)> di;
    const U* a = static_cast<const U*>(a_bytes);
    const U* b = static_cast<const U*>(b_bytes);
    const Keys<U> keys{s};
    const auto one = hn::Set(d, U{1});
    const size_t lanes = hn::Lanes(d);
    size_t i = 0;
    for (; i + lanes <= n; i += lanes) {
      const auto x = hn::LoadU(d, a + i);
      const auto y = hn::LoadU(d, b + i);
      const auto kx = keys.Key(d, x);
      const auto ky = keys.Key(d, y);
      const auto ordered = hn::Not(hn::Or(keys.NaN(d, x), keys.NaN(d, y)));
      // Keys are totally ordered (NaNs are masked apart): x <= y is !(y < x).
      const auto holds = c == Comparison::kEqual  ? hn::Eq(kx, ky)
                         : c == Comparison::kLess ? hn::Lt(kx, ky)
                                                  : hn::Not(hn::Lt(ky, kx));
      const auto is = hn::RebindMask(d, hn::And(ordered, holds));
      StoreAsBytes(d, hn::IfThenElseZero(is, one), out + i);
    }
    (void)di;
    return i;
  }
};

struct SelectBody {
  template <typename U>
  static size_t Run(const OrderSpec& s, Selection c, const void* a_bytes,
                    const void* b_bytes, void* out_bytes, size_t n) {
    const hn::ScalableTag<U> d;
    const U* a = static_cast<const U*>(a_bytes);
    const U* b = static_cast<const U*>(b_bytes);
    U* out = static_cast<U*>(out_bytes);
    const Keys<U> keys{s};
    const size_t lanes = hn::Lanes(d);
    size_t i = 0;
    for (; i + lanes <= n; i += lanes) {
      const auto x = hn::LoadU(d, a + i);
      const auto y = hn::LoadU(d, b + i);
      const auto kx = keys.Key(d, x);
      const auto ky = keys.Key(d, y);
      // b wins where it is strictly beyond a, or where only b is a NaN.
      const auto beyond = c == Selection::kMax ? hn::Lt(kx, ky) : hn::Lt(ky, kx);
      const auto nan_x = keys.NaN(d, x);
      const auto take_b = hn::Or(hn::AndNot(nan_x, keys.NaN(d, y)),
                                 hn::AndNot(hn::Or(nan_x, keys.NaN(d, y)), beyond));
      hn::StoreU(hn::IfThenElse(hn::RebindMask(d, take_b), y, x), d, out + i);
    }
    return i;
  }
};

size_t CompareAt(const OrderSpec& s, Comparison c, const void* a,
                 const void* b, uint8_t* out, size_t n) {
  return ByWidth<CompareBody>(s.bits, s, c, a, b, out, n);
}

size_t SelectAt(const OrderSpec& s, Selection c, const void* a, const void* b,
                void* out, size_t n) {
  return ByWidth<SelectBody>(s.bits, s, c, a, b, out, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(CompareAt);
HWY_EXPORT(SelectAt);

size_t Compare(const OrderSpec& s, Comparison c, const void* a, const void* b,
               uint8_t* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(CompareAt)(s, c, a, b, out, n);
}

size_t Select(const OrderSpec& s, Selection c, const void* a, const void* b,
              void* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(SelectAt)(s, c, a, b, out, n);
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
