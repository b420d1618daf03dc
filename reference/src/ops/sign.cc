// Sign, versions 9 and 13.
#include <bit>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "bit_predicates.h"
#include "onnxcts/kernels.h"
#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "simd_kernels.h"

namespace onnxcts {
namespace {

// The scalar tails after the vectors (simd::SignFloat, simd::SignInteger).
// ±0 gives +0 and a NaN gives itself (numpy's rule); everything else keeps
// its sign bit and takes the magnitude of 1.0.
template <typename Row>
void SignFloatLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  constexpr FloatFormat F = Row::format;
  constexpr U kMagnitude = static_cast<U>(F.magnitude_mask());
  constexpr U kSignBit = static_cast<U>(F.sign_mask());
  constexpr U kOne = static_cast<U>(F.one());
  for (size_t i = 0; i < n; ++i) {
    const U v = LoadElement<U>(in, i);
    const U unit = (v & kMagnitude) == 0 ? U{0} : U((v & kSignBit) | kOne);
    StoreElement<U>(out, i, internal::IsNaNBits<F>(v) ? v : unit);
  }
}

template <typename Row>
void SignIntegerLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  using T = std::conditional_t<Row::info.kind == Kind::kSigned,
                               std::make_signed_t<U>, U>;
  for (size_t i = 0; i < n; ++i) {
    const T v = std::bit_cast<T>(LoadElement<U>(in, i));
    const T s = static_cast<T>((v > T{0}) - (v < T{0}));
    StoreElement<U>(out, i, std::bit_cast<U>(s));
  }
}

// The spec says nothing of NaN inputs, nor of the sign of a zero result:
// any answer to a NaN, and a zero of either sign for a zero, is a deviation.
bool SignDeviation(const DTypeInfo& t, std::span<const uint64_t> inputs,
                   uint64_t expected, uint64_t actual) {
  if (!t.is_float() || expected == actual) return false;
  const uint64_t input = inputs[0];
  using internal::IsNaNBits;
  bool input_is_nan = false;
  VisitDType(t.code, [&]<typename Row>() {
    if constexpr (Row::info.is_float()) {
      input_is_nan =
          IsNaNBits<Row::format>(static_cast<typename Row::Bits>(input));
    }
  });
  if (input_is_nan) return true;
  const uint64_t magnitude = t.format.magnitude_mask();
  // A -0 answer is only a zero where the format has one (not in fnuz).
  return (input & magnitude) == 0 && (actual & magnitude) == 0 &&
         t.format.has_negative_zero();
}

// Open beside a NaN (0 is an answer SignDeviation takes) and on a zero
// (the other zero), which are all the answers it takes.
bool SignOpen(const OpSchema& s, const ElementAnswer& e) {
  return OtherAnswerDeviates(DeviationBy<SignDeviation>, s, e,
                             {0, e.expected ^ e.output->format.sign_mask()});
}

void SignKernel(std::span<const ConstTensorView> in,
                std::span<const TensorView> out, const Attributes&) {
  Sign(in[0].dtype, in[0].data, out[0].data, in[0].count);
}

constexpr TypeConstraint kC9[] = {{"T", kNumeric}};
constexpr TypeConstraint kC13[] = {{"T", kNumericWithBfloat16}};

constexpr OpSchema kSchemas[] = {
    {.op = "Sign",
     .since_version = 9,
     .inputs = kSameTypeIn,
     .outputs = kSameTypeOut,
     .constraints = kC9,
     .kernel = SignKernel,
     .deviation = DeviationBy<SignDeviation>,
     .open = SignOpen},
    {.op = "Sign",
     .since_version = 13,
     .inputs = kSameTypeIn,
     .outputs = kSameTypeOut,
     .constraints = kC13,
     .kernel = SignKernel,
     .deviation = DeviationBy<SignDeviation>,
     .open = SignOpen},
};

void SignVariantKernel(const DTypeInfo& t, const void* in, void* out,
                       size_t n) {
  Sign(t.code, in, out, n);
}

uint64_t SignOracle(const DTypeInfo& t, uint64_t bits) {
  return oracle::Sign(t, bits);
}

bool DefinedOnNumbers(const DTypeInfo& t) {
  return t.kind != Kind::kBool && KernelsCover(t);
}

constexpr Variant kVariants[] = {
    {.name = "sign",
     .op = "Sign",
     .defines = DefinesBy<DefinedOnNumbers>,
     .kernel = KernelBy<SignVariantKernel>,
     .oracle = OracleBy<SignOracle>,
     .on_runs = OnRuns::kClassAnswer},
};

}  // namespace

void Sign(DType t, const void* bits, void* out, size_t n) {
  VisitDType(t, [&]<typename Row>() {
    using U = typename Row::Bits;
    constexpr int kBits = Row::info.bits;
    if constexpr (!KernelsCover(Row::info)) {
      throw std::invalid_argument("Sign is not defined on " +
                                  std::string(Row::info.name));
    } else if constexpr (Row::info.is_float()) {
      const size_t done = simd::SignFloat(kBits, bits, out, n, Row::format);
      SignFloatLoop<Row>(From<U>(bits, done), From<U>(out, done), n - done);
    } else if constexpr (Row::info.is_integer()) {
      const bool is_signed = Row::info.kind == Kind::kSigned;
      const size_t done = simd::SignInteger(kBits, is_signed, bits, out, n);
      SignIntegerLoop<Row>(From<U>(bits, done), From<U>(out, done), n - done);
    } else {
      throw std::invalid_argument("Sign is not defined on " +
                                  std::string(Row::info.name));
    }
  });
}

ONNXCTS_REGISTER_OP(Sign)

}  // namespace onnxcts
