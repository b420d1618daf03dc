// Abs, versions 6 and 13: a float with its sign bit cleared, the magnitude
// of an integer (sign_bits.h).
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "ops/sign_bits.h"
#include "simd_sign_bits.h"

namespace onnxcts {
namespace {

// The scalar tail after the vectors.
template <typename Row>
void AbsLoop(const void* in, void* out, size_t n) {
  using U = typename Row::Bits;
  for (size_t i = 0; i < n; ++i) {
    U v = LoadElement<U>(in, i);
    if constexpr (Row::info.is_float()) {
      v &= static_cast<U>(Row::format.magnitude_mask());
    } else if constexpr (Row::info.kind == Kind::kSigned) {
      if (std::bit_cast<std::make_signed_t<U>>(v) < 0) v = static_cast<U>(0 - v);
    }
    StoreElement<U>(out, i, v);
  }
}

size_t AbsVectors(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (t.is_float()) {
    return simd::AndXor(t.bits, in, out, n, t.format.magnitude_mask(), 0);
  }
  if (t.kind == Kind::kSigned) return simd::AbsInteger(t.bits, in, out, n);
  if (n != 0 && in != out) std::memmove(out, in, n * ElementBytes(t));
  return n;
}

void Abs(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!WideNumber(t)) {
    throw std::invalid_argument("Abs is not defined on " + std::string(t.name));
  }
  const size_t done = AbsVectors(t, in, out, n);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    AbsLoop<Row>(From<U>(in, done), From<U>(out, done), n - done);
  });
}

void AbsKernel(std::span<const ConstTensorView> in,
               std::span<const TensorView> out, const Attributes&) {
  Abs(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

// Plain: a float's fields without the sign; an integer's value, negated
// when negative.
uint64_t AbsOracle(const DTypeInfo& t, uint64_t bits) {
  if (t.is_float()) {
    const oracle::Fields f = oracle::Decode(t, bits);
    return (f.exponent << t.format.mantissa_bits) | f.mantissa;
  }
  return oracle::IsNegative(t, bits) ? Negated(t, bits) : bits;
}

RunAnswer AbsOnRun(const DTypeInfo& t, const PatternRun& run) {
  if (t.is_float()) return {false, t.format.magnitude_mask(), 0};
  return {oracle::IsNegative(t, run.first), t.all_bits(), 0};
}

constexpr TypeConstraint kC6[] = {{"T", kNumeric}};
constexpr TypeConstraint kC13[] = {{"T", kNumericWithBfloat16}};

// Open at the minimum of a signed type, whose magnitude does not fit.
constexpr DeviationFn kOpen = OpenBy<SignedMinimumDeviation>;

constexpr OpSchema kSchemas[] = {
    {.op = "Abs",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .kernel = AbsKernel,
     .deviation = DeviationBy<SignedMinimumDeviation>,
     .open = kOpen},
    {.op = "Abs",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC13,
     .kernel = AbsKernel,
     .deviation = DeviationBy<SignedMinimumDeviation>,
     .open = kOpen},
};

constexpr Variant kVariants[] = {
    {.name = "abs",
     .op = "Abs",
     .defines = DefinesBy<WideNumber>,
     .kernel = KernelBy<Abs>,
     .oracle = OracleBy<AbsOracle>,
     .on_runs = OnRuns::kOwnRule,
     .on_run = AbsOnRun},
};

}  // namespace

ONNXCTS_REGISTER_OP(Abs)

}  // namespace onnxcts
