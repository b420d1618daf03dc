// Sign, versions 9 and 13.
#include <bit>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "bit_predicates.h"
#include "onnxcts/kernels.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

// ±0 gives +0 and a NaN gives itself (numpy's rule); everything else keeps
// its sign bit and takes the magnitude of 1.0.
template <typename Row>
void SignFloatLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  constexpr FloatFormat F = Row::format;
  constexpr U kMagnitude = static_cast<U>(F.magnitude_mask());
  constexpr U kSignBit = static_cast<U>(F.sign_mask());
  constexpr U kOne = static_cast<U>(F.one());
  const U* x = static_cast<const U*>(in);
  U* y = static_cast<U*>(out);
  for (size_t i = 0; i < n; ++i) {
    const U v = x[i];
    const U unit = (v & kMagnitude) == 0 ? U{0} : U((v & kSignBit) | kOne);
    y[i] = internal::IsNaNBits<F>(v) ? v : unit;
  }
}

template <typename Row>
void SignIntegerLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  using T = std::conditional_t<Row::info.kind == Kind::kSigned,
                               std::make_signed_t<U>, U>;
  const U* x = static_cast<const U*>(in);
  U* y = static_cast<U*>(out);
  for (size_t i = 0; i < n; ++i) {
    const T v = std::bit_cast<T>(x[i]);
    const T s = static_cast<T>((v > T{0}) - (v < T{0}));
    y[i] = std::bit_cast<U>(s);
  }
}

void SignKernel(std::span<const ConstTensorView> in,
                std::span<const TensorView> out, const Attributes&) {
  Sign(in[0].dtype, in[0].data, out[0].data, in[0].count);
}

constexpr DType kV9[] = {
    DType::kFloat16, DType::kFloat,  DType::kDouble, DType::kUint8,
    DType::kUint16,  DType::kUint32, DType::kUint64, DType::kInt8,
    DType::kInt16,   DType::kInt32,  DType::kInt64};
constexpr DType kV13[] = {
    DType::kBfloat16, DType::kFloat16, DType::kFloat,  DType::kDouble,
    DType::kUint8,    DType::kUint16,  DType::kUint32, DType::kUint64,
    DType::kInt8,     DType::kInt16,   DType::kInt32,  DType::kInt64};

constexpr TypeConstraint kC9[] = {{"T", kV9}};
constexpr TypeConstraint kC13[] = {{"T", kV13}};

constexpr OpSchema kSchemas[] = {
    {"", "Sign", 9, kSameTypeIn, kSameTypeOut, kC9, {}, SignKernel},
    {"", "Sign", 13, kSameTypeIn, kSameTypeOut, kC13, {}, SignKernel},
};

}  // namespace

void Sign(DType t, const void* bits, void* out, size_t n) {
  VisitDType(t, [&]<typename Row>() {
    if constexpr (Row::info.is_float()) {
      SignFloatLoop<Row>(bits, out, n);
    } else if constexpr (Row::info.is_integer()) {
      SignIntegerLoop<Row>(bits, out, n);
    } else {
      throw std::invalid_argument("Sign is not defined on " +
                                  std::string(Row::info.name));
    }
  });
}

std::span<const OpSchema> SignSchemas() { return kSchemas; }

}  // namespace onnxcts
