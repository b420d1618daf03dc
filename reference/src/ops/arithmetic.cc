#include "ops/arithmetic.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "onnxcts/convert.h"
#include "simd_convert.h"
#include "onnxcts/type_list.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

bool Unary(simd::Arithmetic op) {
  return op == simd::Arithmetic::kSqrt || op == simd::Arithmetic::kReciprocal;
}

// `m` float16 or bfloat16 patterns widened to float32 (exact): whole
// vectors by Highway's promotion, the tail by Cast's kernel.
void Widen(const DTypeInfo& t, const void* in, float* out, size_t m) {
  const size_t done =
      simd::WidenToFloat32(t.code == DType::kBfloat16, in, out, m);
  convert::CastKernel(t, From<uint16_t>(in, done), Info(DType::kFloat),
                      out + done, m - done, convert::CastOptions{});
}

// float16 and bfloat16: a block at a time widened to float32 (exact), the
// float32 answer, then one rounding back (Cast's kernel).
void ThroughFloat32(simd::Arithmetic op, const DTypeInfo& t, const void* a,
                    const void* b, void* out, size_t n) {
  constexpr size_t kBlock = 1024;
  const DTypeInfo& f32 = Info(DType::kFloat);
  const convert::CastOptions cast;
  float x[kBlock];
  float y[kBlock];
  for (size_t at = 0; at < n; at += kBlock) {
    const size_t m = std::min(kBlock, n - at);
    Widen(t, From<uint16_t>(a, at), x, m);
    if (!Unary(op)) Widen(t, From<uint16_t>(b, at), y, m);
    simd::FloatArithmetic(op, 32, x, y, x, m);
    convert::CastKernel(f32, x, t, From<uint16_t>(out, at), m, cast);
  }
}

template <typename T>
T Wrapping(simd::Arithmetic op, T x, T y) {
  // Unsigned arithmetic of at least int's width wraps without undefined
  // behaviour (a uint16 product would be an int's).
  using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
  const U ux = static_cast<U>(x);
  const U uy = static_cast<U>(y);
  switch (op) {
    case simd::Arithmetic::kAdd:
      return static_cast<T>(ux + uy);
    case simd::Arithmetic::kSub:
      return static_cast<T>(ux - uy);
    case simd::Arithmetic::kMul:
      return static_cast<T>(ux * uy);
    case simd::Arithmetic::kFmod:
    case simd::Arithmetic::kMod: {
      if (y == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (y == -1) return 0;  // MIN % -1 would trap
        const T r = static_cast<T>(x % y);
        const bool floored = op == simd::Arithmetic::kMod;
        return floored && r != 0 && (r < 0) != (y < 0) ? static_cast<T>(r + y)
                                                       : r;
      }
      return static_cast<T>(x % y);
    }
    default:
      if (y == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (y == -1) return static_cast<T>(U{0} - ux);  // MIN / -1 wraps
      }
      return static_cast<T>(x / y);
  }
}

template <typename T>
void IntegerLoop(simd::Arithmetic op, const void* a, const void* b, void* out,
                 size_t n) {
  for (size_t i = 0; i < n; ++i) {
    StoreElement<T>(out, i,
                    Wrapping<T>(op, LoadElement<T>(a, i), LoadElement<T>(b, i)));
  }
}

}  // namespace

bool ArithmeticDType(const DTypeInfo& t) {
  return KernelsCover(t) && (t.is_integer() || IeeeFloat(t));
}

bool IeeeFloat(const DTypeInfo& t) {
  return t.is_float() && t.bits >= 16 && KernelsCover(t);
}

void ArithmeticKernel(simd::Arithmetic op, const DTypeInfo& t, const void* a,
                      const void* b, void* out, size_t n) {
  const bool defined = Unary(op)                     ? IeeeFloat(t)
                       : op == simd::Arithmetic::kMod ? t.is_integer()
                                                      : ArithmeticDType(t);
  if (!defined || !KernelsCover(t)) {
    throw std::invalid_argument("no arithmetic kernel on " +
                                std::string(t.name));
  }
  if (t.is_float()) {
    if (t.bits == 16) {
      ThroughFloat32(op, t, a, b, out, n);
    } else {
      simd::FloatArithmetic(op, t.bits, a, b, out, n);
    }
    return;
  }
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    if (t.kind == Kind::kSigned) {
      IntegerLoop<std::make_signed_t<U>>(op, a, b, out, n);
    } else {
      IntegerLoop<U>(op, a, b, out, n);
    }
  });
}

}  // namespace onnxcts
