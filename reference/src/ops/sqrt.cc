// Sqrt, versions 6 and 13: the square root of X, element by element, on float16,
// float and double (13: bfloat16 too). IEEE 754, correctly rounded to
// nearest even in the tensor's own format, subnormals kept
// (exact_arithmetic.h): -0 is -0, a negative number or -inf a NaN. The spec decides every answer.
#include "ops/arithmetic.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = UnaryArithmetic<simd::Arithmetic::kSqrt>;

void SqrtNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, const Attributes&) {
  kKernel(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

constexpr OpSchema kSchemas[] = {
    {.op = "Sqrt",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kFloatsC6,
     .kernel = SqrtNode},
    {.op = "Sqrt",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kFloatsC13,
     .kernel = SqrtNode},
};

constexpr Variant kVariants[] = {
    {.name = "sqrt",
     .op = "Sqrt",
     .defines = DefinesBy<IeeeFloat>,
     .kernel = KernelBy<kKernel>,
     .oracle = OracleBy<UnaryExact<oracle::Arithmetic::kSqrt>>,
     .on_runs = OnRuns::kByPattern},
};

}  // namespace

ONNXCTS_REGISTER_OP(Sqrt)

}  // namespace onnxcts
