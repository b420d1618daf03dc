// Highway body of simd_convert.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry point.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_convert.cc"
#include "simd_convert.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Every lane holds a value below 2^31, so Highway 1.0's signed compares
// (the only ones it has on every target) order them.
struct Narrowing {
  const NarrowTarget& t;

  template <class D, class M>
  HWY_INLINE hn::Vec<D> BySign(D d, M negative, const uint32_t (&v)[2]) const {
    return hn::IfThenElse(negative, hn::Set(d, v[1]), hn::Set(d, v[0]));
  }

  // The value's significand s (the hidden bit set for a normal) and the
  // target's biased exponent bt of its unit 2^23 place: value = s *
  // 2^(bt - bias - 23). A target normal drops 23 - m bits of s; below the
  // normals (bt < 1) the drop grows by 1 - bt, at most to 25, where
  // everything below 2^24 rounds to zero.
  template <class D, class V>
  HWY_INLINE V Magnitude(D d, V x) const {
    const hn::RebindToSigned<D> di;
    const int m = t.mantissa_bits;
    const V e = hn::ShiftRight<23>(hn::And(x, hn::Set(d, 0x7FFFFFFFu)));
    const V mantissa = hn::And(x, hn::Set(d, 0x7FFFFFu));
    const auto normal = hn::Ne(e, hn::Zero(d));
    const V s = hn::IfThenElse(normal, hn::Or(mantissa, hn::Set(d, 0x800000u)),
                               mantissa);
    const auto bt = hn::Add(hn::Max(hn::BitCast(di, e), hn::Set(di, 1)),
                            hn::Set(di, t.bias - 127));
    const auto below = hn::Max(hn::Sub(hn::Set(di, 1), bt), hn::Zero(di));
    const V drop = hn::BitCast(
        d, hn::Min(hn::Add(below, hn::Set(di, 23 - m)), hn::Set(di, 25)));
    const V one = hn::Set(d, 1u);
    const V kept = hn::operator>>(s, drop);
    const V rest = hn::And(s, hn::Sub(hn::operator<<(one, drop), one));
    const V half = hn::operator<<(one, hn::Sub(drop, one));
    const auto rest_i = hn::BitCast(di, rest);
    const auto half_i = hn::BitCast(di, half);
    const auto up = hn::Or(
        hn::Gt(rest_i, half_i),
        hn::And(hn::Eq(rest_i, half_i),
                hn::RebindMask(di, hn::Ne(hn::And(kept, one), hn::Zero(d)))));
    const V rounded = hn::Add(kept, hn::And(hn::BitCast(d, hn::VecFromMask(di, up)), one));
    // A normal's hidden bit adds one to the exponent field, and a carry
    // out of the mantissa one more: (bt - 1) << m plus the rounded s.
    const auto field = hn::Max(hn::Sub(bt, hn::Set(di, 1)), hn::Zero(di));
    return hn::Add(hn::ShiftLeftSame(hn::BitCast(d, field), m), rounded);
  }

  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const hn::RebindToSigned<D> di;
    const auto negative = hn::Ne(hn::And(x, hn::Set(d, 0x80000000u)), hn::Zero(d));
    const V magnitude = Magnitude(d, x);
    V y = hn::Or(hn::IfThenElseZero(negative, hn::Set(d, t.sign)), magnitude);
    y = hn::IfThenElse(hn::Eq(magnitude, hn::Zero(d)), BySign(d, negative, t.zero), y);
    const auto too_large = hn::RebindMask(
        d, hn::Gt(hn::BitCast(di, magnitude),
                  hn::Set(di, static_cast<int32_t>(t.max_finite))));
    y = hn::IfThenElse(too_large, BySign(d, negative, t.too_large), y);
    const auto abs = hn::BitCast(di, hn::And(x, hn::Set(d, 0x7FFFFFFFu)));
    const auto inf = hn::Set(di, 0x7F800000);
    y = hn::IfThenElse(hn::RebindMask(d, hn::Eq(abs, inf)),
                       BySign(d, negative, t.infinity), y);
    const V payload = hn::And(
        hn::ShiftRightSame(x, 23 - t.mantissa_bits), hn::Set(d, t.payload_mask));
    return hn::IfThenElse(hn::RebindMask(d, hn::Gt(abs, inf)),
                          hn::Or(BySign(d, negative, t.nan), payload), y);
  }
};

#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
// Whether `t` is IEEE float16, past whose largest finite value a float32
// rounds to infinity.
bool IsHalf(const NarrowTarget& t) {
  return t.out_bytes == 2 && t.mantissa_bits == 10 && t.bias == 15 &&
         t.too_large[0] == 0x7C00 && t.too_large[1] == 0xFC00 &&
         t.infinity[0] == 0x7C00 && t.infinity[1] == 0xFC00;
}

// Into float16 by F16C (these targets have it), which rounds to nearest
// even with subnormals and overflow as IEEE 754 does; its NaNs are quieted,
// so a vector holding a NaN takes the integer code's answer, which keeps
// the payload as Cast does. The integer code took 36% of a float16 Add.
size_t NarrowToHalf(const NarrowTarget& t, const void* in_bytes,
                    void* out_bytes, size_t n) {
  const hn::ScalableTag<uint32_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const hn::RebindToFloat<decltype(d)> df;
  const hn::Rebind<hwy::float16_t, decltype(d)> dh;
  const hn::Rebind<uint16_t, decltype(d)> d16;
  const auto* in = static_cast<const uint32_t*>(in_bytes);
  auto* out = static_cast<uint16_t*>(out_bytes);
  const Narrowing narrow{t};
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(d, in + i);
    const auto abs = hn::BitCast(di, hn::And(x, hn::Set(d, 0x7FFFFFFFu)));
    if (hn::AllFalse(di, hn::Gt(abs, hn::Set(di, 0x7F800000)))) {
      hn::StoreU(hn::BitCast(d16, hn::DemoteTo(dh, hn::BitCast(df, x))), d16,
                 out + i);
    } else {
      hn::StoreU(hn::TruncateTo(d16, narrow(d, x)), d16, out + i);
    }
  }
  return i;
}
#endif

template <typename Out>
HWY_INLINE size_t NarrowLoop(const NarrowTarget& t, const void* in_bytes,
                             void* out_bytes, size_t n) {
  const hn::ScalableTag<uint32_t> d;
  const hn::Rebind<Out, decltype(d)> dout;
  const auto* in = static_cast<const uint32_t*>(in_bytes);
  auto* out = static_cast<Out*>(out_bytes);
  const Narrowing narrow{t};
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(hn::TruncateTo(dout, narrow(d, hn::LoadU(d, in + i))), dout,
               out + i);
  }
  return i;
}

size_t NarrowFloat32At(const NarrowTarget& t, const void* in, void* out,
                       size_t n) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
  if (IsHalf(t)) return NarrowToHalf(t, in, out, n);
#endif
  return t.out_bytes == 1 ? NarrowLoop<uint8_t>(t, in, out, n)
                          : NarrowLoop<uint16_t>(t, in, out, n);
}

// float16 and bfloat16 into float32 is exact. A bfloat16 is float32's
// high half. A float16's fields move to float32's, its subnormals through
// an exact integer conversion and a power of two; Highway 1.0's own
// promotion without F16C gives an infinity or a NaN a finite exponent.
struct Widening {
  bool bfloat16;

  template <class D, class V>
  HWY_INLINE V operator()(D d, V h) const {
    if (bfloat16) return hn::ShiftLeft<16>(h);
    const hn::RebindToSigned<D> di;
    const hn::RebindToFloat<D> df;
    const V e = hn::And(hn::ShiftRight<10>(h), hn::Set(d, 0x1Fu));
    const V m = hn::And(h, hn::Set(d, 0x3FFu));
    const V field = hn::IfThenElse(hn::Eq(e, hn::Set(d, 0x1Fu)),
                                   hn::Set(d, 0xFFu),
                                   hn::Add(e, hn::Set(d, 127u - 15u)));
    const V normal = hn::Or(hn::ShiftLeft<23>(field), hn::ShiftLeft<13>(m));
    const V subnormal = hn::BitCast(
        d, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, m)),
                   hn::Set(df, 1.0f / (1 << 24))));
    const V magnitude = hn::IfThenElse(hn::Eq(e, hn::Zero(d)), subnormal, normal);
    return hn::Or(hn::ShiftLeft<16>(hn::And(h, hn::Set(d, 0x8000u))),
                  magnitude);
  }
};

size_t WidenToFloat32At(bool bfloat16, const void* in_bytes, float* out,
                        size_t n) {
  const hn::ScalableTag<uint32_t> d;
  const hn::Rebind<uint16_t, decltype(d)> d16;
  const auto* in = static_cast<const uint16_t*>(in_bytes);
  auto* bits = reinterpret_cast<uint32_t*>(out);
  const Widening widen{bfloat16};
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
  // F16C where no lane is a NaN (it would quiet a signalling one): the
  // integer code took 24% of a float16 Add.
  if (!bfloat16) {
    const hn::RebindToFloat<decltype(d)> df;
    const hn::Rebind<hwy::float16_t, decltype(d)> dh;
    const hn::Rebind<int16_t, decltype(d)> di16;
    for (; i + lanes <= n; i += lanes) {
      const auto h = hn::LoadU(d16, in + i);
      const auto abs = hn::BitCast(di16, hn::And(h, hn::Set(d16, 0x7FFF)));
      if (hn::AllFalse(di16, hn::Gt(abs, hn::Set(di16, 0x7C00)))) {
        hn::StoreU(hn::PromoteTo(df, hn::BitCast(dh, h)), df, out + i);
      } else {
        hn::StoreU(widen(d, hn::PromoteTo(d, h)), d, bits + i);
      }
    }
    return i;
  }
#endif
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(widen(d, hn::PromoteTo(d, hn::LoadU(d16, in + i))), d,
               bits + i);
  }
  return i;
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace onnxcts::simd {

HWY_EXPORT(NarrowFloat32At);
HWY_EXPORT(WidenToFloat32At);

size_t WidenToFloat32(bool bfloat16, const void* in, float* out, size_t n) {
  return HWY_DYNAMIC_DISPATCH(WidenToFloat32At)(bfloat16, in, out, n);
}

size_t NarrowFloat32(const NarrowTarget& t, const void* in, void* out,
                     size_t n) {
  return HWY_DYNAMIC_DISPATCH(NarrowFloat32At)(t, in, out, n);
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
