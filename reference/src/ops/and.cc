// And, version 7: whether both A and B are true, element by element,
// on bools, with broadcasting (bitwise.h). Version 1's `broadcast` and `axis`
// are left out, as the other ops' versions before numpy's broadcasting are.
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = LogicalOf<simd::BitOp::kAnd>;

constexpr auto kSchemas = LogicalSchemas("And", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "and",
     .op = "And",
     .output = DType::kBool,
     .defines = DefinesBy<Boolean>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kAnd>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(And)

}  // namespace onnxcts
