// Properties over raw bit patterns drawn by value class. RapidCheck's own
// float generators never yield NaN payloads, subnormals of a float8 or the
// fnuz NaN, so the generator here builds patterns from their fields. The
// seed comes from RC_PARAMS (fixed in CTest) and RapidCheck prints it on a
// failure.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/oracle.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

using oracle::ValueClass;

// The float rows the kernels take (float4e2m1 and float8e8m0 have none;
// their every pattern is checked against the spec in dtype_test.cc).
std::vector<const DTypeInfo*> FloatRows() {
  std::vector<const DTypeInfo*> rows;
  for (const DTypeInfo& t : kDTypes) {
    if (t.is_float() && KernelsCover(t)) rows.push_back(&t);
  }
  return rows;
}

struct Drawn {
  const DTypeInfo* t;
  ValueClass value_class;
  uint64_t bits;
};

// The classes a format has, each with the exponent range and mantissa rule
// that make it; built from the format's parameters.
std::vector<ValueClass> ClassesOf(const FloatFormat& f) {
  std::vector<ValueClass> c = {ValueClass::kZero, ValueClass::kSubnormal,
                               ValueClass::kNormal, ValueClass::kQuietNaN};
  if (f.specials == Specials::kIeee) {
    c.push_back(ValueClass::kInfinity);
    c.push_back(ValueClass::kSignalingNaN);
  }
  return c;
}

uint64_t Compose(const FloatFormat& f, bool negative, uint64_t exponent,
                 uint64_t mantissa) {
  return (negative ? f.sign_mask() : 0) | (exponent << f.mantissa_bits) |
         mantissa;
}

uint64_t Below(uint64_t bound) {  // uniform in [0, bound)
  return *rc::gen::inRange<uint64_t>(0, bound);
}

uint64_t DrawBits(const FloatFormat& f, ValueClass c) {
  const uint64_t top = (uint64_t{1} << f.exponent_bits) - 1;
  const uint64_t mmax = f.mantissa_mask();
  const bool fnuz = f.specials == Specials::kFnuz;
  const bool neg = fnuz && (c == ValueClass::kZero) ? false : *rc::gen::arbitrary<bool>();
  switch (c) {
    case ValueClass::kZero:
      return Compose(f, neg, 0, 0);
    case ValueClass::kSubnormal:
      return Compose(f, neg, 0, 1 + Below(mmax));
    case ValueClass::kNormal: {
      if (f.specials == Specials::kIeee) {
        return Compose(f, neg, 1 + Below(top - 1), Below(mmax + 1));
      }
      // Finite-only formats use the top exponent too, all but its NaN.
      const uint64_t e = 1 + Below(top);
      const uint64_t m_bound = (e == top && !fnuz) ? mmax : mmax + 1;
      return Compose(f, neg, e, Below(m_bound));
    }
    case ValueClass::kInfinity:
      return Compose(f, neg, top, 0);
    case ValueClass::kQuietNaN:
      if (fnuz) return f.sign_mask();
      if (f.specials == Specials::kFiniteOnly) return Compose(f, neg, top, mmax);
      return Compose(f, neg, top, f.quiet_bit() | Below(f.quiet_bit()));
    case ValueClass::kSignalingNaN:
      return Compose(f, neg, top, 1 + Below(f.quiet_bit() - 1));
    default:
      break;
  }
  return 0;
}

Drawn Draw() {
  const DTypeInfo* t = *rc::gen::elementOf(FloatRows());
  const ValueClass c = *rc::gen::elementOf(ClassesOf(t->format));
  return {t, c, DrawBits(t->format, c)};
}

uint8_t KernelIsNaN(const DTypeInfo& t, uint64_t bits) {
  uint8_t out = 2;
  IsNaN(t.code, &bits, &out, 1);
  return out;
}

uint8_t KernelIsInf(const DTypeInfo& t, uint64_t bits, bool pos, bool neg) {
  uint8_t out = 2;
  IsInf(t.code, &bits, &out, 1, {pos, neg});
  return out;
}

uint64_t KernelSign(const DTypeInfo& t, uint64_t bits) {
  uint64_t out = 0;
  Sign(t.code, &bits, &out, 1);
  return out;
}

RC_GTEST_PROP(Properties, GeneratorMakesTheClassItAsks, ()) {
  const Drawn d = Draw();
  RC_ASSERT(oracle::Classify(*d.t, d.bits) == d.value_class);
}

RC_GTEST_PROP(Properties, IsNaNAndIsInfNeverBothTrue, ()) {
  const Drawn d = Draw();
  RC_ASSERT(!(KernelIsNaN(*d.t, d.bits) && KernelIsInf(*d.t, d.bits, 1, 1)));
}

RC_GTEST_PROP(Properties, IsInfIsTheSignRestrictedUnion, ()) {
  const Drawn d = Draw();
  const bool pos = *rc::gen::arbitrary<bool>();
  const bool neg = *rc::gen::arbitrary<bool>();
  const bool pos_inf = KernelIsInf(*d.t, d.bits, true, false);
  const bool neg_inf = KernelIsInf(*d.t, d.bits, false, true);
  RC_ASSERT(KernelIsInf(*d.t, d.bits, pos, neg) ==
            ((pos && pos_inf) || (neg && neg_inf)));
  RC_ASSERT(KernelIsInf(*d.t, d.bits, true, true) == (pos_inf || neg_inf));
}

RC_GTEST_PROP(Properties, SignIsNaNExactlyWhenInputIs, ()) {
  const Drawn d = Draw();
  RC_ASSERT(KernelIsNaN(*d.t, KernelSign(*d.t, d.bits)) ==
            KernelIsNaN(*d.t, d.bits));
}

RC_GTEST_PROP(Properties, SignIsOddAwayFromZeroAndNaN, ()) {
  const Drawn d = Draw();
  const DTypeInfo& t = *d.t;
  RC_PRE(d.value_class != ValueClass::kZero &&
         d.value_class != ValueClass::kQuietNaN &&
         d.value_class != ValueClass::kSignalingNaN);
  const uint64_t negated = d.bits ^ t.format.sign_mask();
  RC_ASSERT(KernelSign(t, negated) ==
            (KernelSign(t, d.bits) ^ t.format.sign_mask()));
}

// float16, bfloat16 and the float8 formats widen exactly to float; every
// predicate must agree with the same predicate on the widened value.
RC_GTEST_PROP(Properties, NarrowFormatsAgreeWithTheirWideningToFloat, ()) {
  const Drawn d = Draw();
  const DTypeInfo& t = *d.t;
  RC_PRE(t.bits <= 16);
  const DTypeInfo& f32 = Info(DType::kFloat);
  const float wide = static_cast<float>(oracle::Value(t, d.bits));
  const uint64_t wide_bits = std::bit_cast<uint32_t>(wide);
  RC_ASSERT(KernelIsNaN(t, d.bits) == KernelIsNaN(f32, wide_bits));
  for (int flags = 0; flags < 4; ++flags) {
    RC_ASSERT(KernelIsInf(t, d.bits, flags & 1, flags & 2) ==
              KernelIsInf(f32, wide_bits, flags & 1, flags & 2));
  }
  const double narrow_sign = oracle::Value(t, KernelSign(t, d.bits));
  const float wide_sign =
      std::bit_cast<float>(static_cast<uint32_t>(KernelSign(f32, wide_bits)));
  if (std::isnan(wide_sign)) {
    RC_ASSERT(std::isnan(narrow_sign));
  } else {
    RC_ASSERT(narrow_sign == static_cast<double>(wide_sign));
  }
}

}  // namespace
}  // namespace onnxcts
