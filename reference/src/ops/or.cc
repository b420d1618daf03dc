// Or, version 7: whether A or B is true, element by element,
// on bools, with broadcasting (bitwise.h). Version 1's `broadcast` and `axis`
// are left out, as the other ops' versions before numpy's broadcasting are.
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = LogicalOf<simd::BitOp::kOr>;

constexpr auto kSchemas = LogicalSchemas("Or", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "or",
     .op = "Or",
     .output = DType::kBool,
     .defines = DefinesBy<Boolean>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kOr>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Or)

}  // namespace onnxcts
