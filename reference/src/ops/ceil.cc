// Ceil, versions 6 and 13: the smallest integral value not below X, on
// floats (rounding.h). Ceil(-0.5) is -0, Ceil(0.5) is 1.
#include "ops/ops.h"
#include "ops/rounding.h"

namespace onnxcts {
namespace {

constexpr auto kUp = simd::Rounding::kCeil;

constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr DType kV13[] = {DType::kFloat16, DType::kFloat, DType::kDouble,
                          DType::kBfloat16};
constexpr TypeConstraint kC13[] = {{"T", kV13}};

constexpr OpSchema kSchemas[] = {
    {.op = "Ceil",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .kernel = RoundNodeOf<kUp>},
    {.op = "Ceil",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC13,
     .kernel = RoundNodeOf<kUp>},
};

constexpr Variant kVariants[] = {
    {.name = "ceil",
     .op = "Ceil",
     .defines = DefinesBy<RoundableFloat>,
     .kernel = KernelBy<RoundKernelOf<kUp>>,
     .oracle = OracleBy<RoundOracleOf<kUp>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Ceil)

}  // namespace onnxcts
