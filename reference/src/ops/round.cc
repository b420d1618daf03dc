// Round, versions 11 and 22: X to the nearest integral value, ties to the
// even one, on floats (rounding.h). Round(2.5) is 2, Round(-0.5) is -0.
#include "ops/ops.h"
#include "ops/rounding.h"

namespace onnxcts {
namespace {

constexpr auto kNearest = simd::Rounding::kNearestEven;

constexpr TypeConstraint kC11[] = {{"T", kFloat16FloatDouble}};
constexpr DType kV22[] = {DType::kBfloat16, DType::kFloat16, DType::kFloat,
                          DType::kDouble};
constexpr TypeConstraint kC22[] = {{"T", kV22}};

constexpr OpSchema kSchemas[] = {
    {.op = "Round",
     .since_version = 11,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC11,
     .kernel = RoundNodeOf<kNearest>},
    {.op = "Round",
     .since_version = 22,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC22,
     .kernel = RoundNodeOf<kNearest>},
};

constexpr Variant kVariants[] = {
    {.name = "round",
     .op = "Round",
     .defines = DefinesBy<RoundableFloat>,
     .kernel = KernelBy<RoundKernelOf<kNearest>>,
     .oracle = OracleBy<RoundOracleOf<kNearest>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Round)

}  // namespace onnxcts
