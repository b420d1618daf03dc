// Neg, versions 6 and 13: a float with its sign bit flipped, an integer
// negated (sign_bits.h). No unsigned type has it.
#include <stdexcept>
#include <string>

#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "ops/sign_bits.h"
#include "simd_sign_bits.h"

namespace onnxcts {
namespace {

bool NegDefines(const DTypeInfo& t) {
  return WideNumber(t) && t.kind != Kind::kUnsigned;
}

// The scalar tail after the vectors.
template <typename Row>
void NegLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  for (size_t i = 0; i < n; ++i) {
    const U v = LoadElement<U>(in, i);
    if constexpr (Row::info.is_float()) {
      StoreElement<U>(out, i, v ^ static_cast<U>(Row::format.sign_mask()));
    } else {
      StoreElement<U>(out, i, static_cast<U>(0 - v));
    }
  }
}

void Neg(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!NegDefines(t)) {
    throw std::invalid_argument("Neg is not defined on " + std::string(t.name));
  }
  const size_t done =
      t.is_float()
          ? simd::AndXor(t.bits, in, out, n, t.all_bits(), t.format.sign_mask())
          : simd::NegateInteger(t.bits, in, out, n);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    NegLoop<Row>(From<U>(in, done), From<U>(out, done), n - done);
  });
}

void NegKernel(std::span<const ConstTensorView> in,
               std::span<const TensorView> out, const Attributes&) {
  Neg(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

// Plain: a float's fields with the other sign; an integer's negation.
uint64_t NegOracle(const DTypeInfo& t, uint64_t bits) {
  if (!t.is_float()) return Negated(t, bits);
  const oracle::Fields f = oracle::Decode(t, bits);
  const uint64_t sign = f.sign ? 0 : t.format.sign_mask();
  return sign | (f.exponent << t.format.mantissa_bits) | f.mantissa;
}

RunAnswer NegOnRun(const DTypeInfo& t, const PatternRun&) {
  if (t.is_float()) return {false, t.all_bits(), t.format.sign_mask()};
  return {true, t.all_bits(), 0};
}

constexpr DType kV6[] = {DType::kFloat,   DType::kInt32, DType::kInt8,
                         DType::kInt16,   DType::kInt64, DType::kFloat16,
                         DType::kDouble};
constexpr DType kV13[] = {DType::kFloat,   DType::kInt32,  DType::kInt8,
                          DType::kInt16,   DType::kInt64,  DType::kFloat16,
                          DType::kDouble,  DType::kBfloat16};

constexpr TypeConstraint kC6[] = {{"T", kV6}};
constexpr TypeConstraint kC13[] = {{"T", kV13}};

// Open at the minimum of a signed type, whose magnitude does not fit.
constexpr DeviationFn kOpen = OpenBy<SignedMinimumDeviation>;

constexpr OpSchema kSchemas[] = {
    {.op = "Neg",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .kernel = NegKernel,
     .deviation = DeviationBy<SignedMinimumDeviation>,
     .open = kOpen},
    {.op = "Neg",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC13,
     .kernel = NegKernel,
     .deviation = DeviationBy<SignedMinimumDeviation>,
     .open = kOpen},
};

constexpr Variant kVariants[] = {
    {.name = "neg",
     .op = "Neg",
     .defines = DefinesBy<NegDefines>,
     .kernel = KernelBy<Neg>,
     .oracle = OracleBy<NegOracle>,
     .on_runs = OnRuns::kOwnRule,
     .on_run = NegOnRun},
};

}  // namespace

ONNXCTS_REGISTER_OP(Neg)

}  // namespace onnxcts
