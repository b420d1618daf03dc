// Highway body of simd_arith.h, compiled once per target by
// foreach_target.h; the HWY_ONCE part holds the dispatching entry point and
// the scalar loop for the tail.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd_arith.cc"
#include "simd_arith.h"

#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace onnxcts::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class D, class V>
HWY_INLINE V Apply(D d, Arithmetic op, V x, V y) {
  switch (op) {
    case Arithmetic::kAdd:
      return hn::Add(x, y);
    case Arithmetic::kSub:
      return hn::Sub(x, y);
    case Arithmetic::kMul:
      return hn::Mul(x, y);
    case Arithmetic::kDiv:
      return hn::Div(x, y);
    case Arithmetic::kSqrt:
      return hn::Sqrt(x);
    default:
      return hn::Div(hn::Set(d, hn::TFromD<D>{1}), x);
  }
}

template <typename T>
size_t Lanes(Arithmetic op, const void* a_bytes, const void* b_bytes,
             void* out_bytes, size_t n) {
  const hn::ScalableTag<T> d;
  const T* a = static_cast<const T*>(a_bytes);
  const T* b = static_cast<const T*>(b_bytes);
  T* out = static_cast<T*>(out_bytes);
  const bool binary = op != Arithmetic::kSqrt && op != Arithmetic::kReciprocal;
  const auto default_nan = hn::BitCast(
      d, hn::Set(hn::RebindToUnsigned<decltype(d)>(),
                 sizeof(T) == 4 ? 0x7FC00000u : 0x7FF8000000000000ull));
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  if (op == Arithmetic::kFmod) return i;  // Highway has no remainder
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(d, a + i);
    const auto y = binary ? hn::LoadU(d, b + i) : x;
    const auto r = Apply(d, op, x, y);
    hn::StoreU(hn::IfThenElse(hn::IsNaN(r), default_nan, r), d, out + i);
  }
  return i;
}

size_t FloatArithmeticAt(Arithmetic op, int bits, const void* a,
                         const void* b, void* out, size_t n) {
  return bits == 32 ? Lanes<float>(op, a, b, out, n)
                    : Lanes<double>(op, a, b, out, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace onnxcts::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>

namespace onnxcts::simd {

HWY_EXPORT(FloatArithmeticAt);

namespace {

template <typename T>
T Apply(Arithmetic op, T x, T y) {
  switch (op) {
    case Arithmetic::kAdd:
      return x + y;
    case Arithmetic::kSub:
      return x - y;
    case Arithmetic::kMul:
      return x * y;
    case Arithmetic::kDiv:
      return x / y;
    case Arithmetic::kSqrt:
      return std::sqrt(x);
    case Arithmetic::kFmod:
      return std::fmod(x, y);
    default:
      return T{1} / x;
  }
}

template <typename T>
void Tail(Arithmetic op, const void* a, const void* b, void* out, size_t from,
          size_t n) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  const Bits default_nan = static_cast<Bits>(
      sizeof(T) == 4 ? 0x7FC00000u : 0x7FF8000000000000ull);
  const bool binary = op != Arithmetic::kSqrt && op != Arithmetic::kReciprocal;
  for (size_t i = from; i < n; ++i) {
    T x;
    T y{};
    std::memcpy(&x, static_cast<const char*>(a) + i * sizeof(T), sizeof(T));
    if (binary) {
      std::memcpy(&y, static_cast<const char*>(b) + i * sizeof(T), sizeof(T));
    }
    const T r = Apply(op, x, y);
    const Bits bits = std::isnan(r) ? default_nan : std::bit_cast<Bits>(r);
    std::memcpy(static_cast<char*>(out) + i * sizeof(T), &bits, sizeof(T));
  }
}

}  // namespace

void FloatArithmetic(Arithmetic op, int bits, const void* a, const void* b,
                     void* out, size_t n) {
  const size_t done = HWY_DYNAMIC_DISPATCH(FloatArithmeticAt)(op, bits, a, b,
                                                              out, n);
  if (bits == 32) {
    Tail<float>(op, a, b, out, done, n);
  } else {
    Tail<double>(op, a, b, out, done, n);
  }
}

}  // namespace onnxcts::simd
#endif  // HWY_ONCE
