// Reciprocal, versions 6 and 13: 1 / X, element by element, on float16,
// float and double (13: bfloat16 too). IEEE 754, correctly rounded to
// nearest even in the tensor's own format, subnormals kept
// (exact_arithmetic.h): ±0 gives ±inf, ±inf gives ±0. The spec decides every answer.
#include "ops/arithmetic.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = UnaryArithmetic<simd::Arithmetic::kReciprocal>;

void ReciprocalNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, const Attributes&) {
  kKernel(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

constexpr OpSchema kSchemas[] = {
    {.op = "Reciprocal",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kFloatsC6,
     .kernel = ReciprocalNode},
    {.op = "Reciprocal",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kFloatsC13,
     .kernel = ReciprocalNode},
};

constexpr Variant kVariants[] = {
    {.name = "reciprocal",
     .op = "Reciprocal",
     .defines = DefinesBy<IeeeFloat>,
     .kernel = KernelBy<kKernel>,
     .oracle = OracleBy<UnaryExact<oracle::Arithmetic::kReciprocal>>,
     .on_runs = OnRuns::kByPattern},
};

}  // namespace

ONNXCTS_REGISTER_OP(Reciprocal)

}  // namespace onnxcts
