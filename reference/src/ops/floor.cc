// Floor, versions 6 and 13: the largest integral value not above X, on
// floats (rounding.h). Floor(-0.5) is -1, Floor(0.5) is +0.
#include "ops/ops.h"
#include "ops/rounding.h"

namespace onnxcts {
namespace {

constexpr auto kDown = simd::Rounding::kFloor;

constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr DType kV13[] = {DType::kFloat16, DType::kFloat, DType::kDouble,
                          DType::kBfloat16};
constexpr TypeConstraint kC13[] = {{"T", kV13}};

constexpr OpSchema kSchemas[] = {
    {.op = "Floor",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .kernel = RoundNodeOf<kDown>},
    {.op = "Floor",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC13,
     .kernel = RoundNodeOf<kDown>},
};

constexpr Variant kVariants[] = {
    {.name = "floor",
     .op = "Floor",
     .defines = DefinesBy<RoundableFloat>,
     .kernel = KernelBy<RoundKernelOf<kDown>>,
     .oracle = OracleBy<RoundOracleOf<kDown>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Floor)

}  // namespace onnxcts
