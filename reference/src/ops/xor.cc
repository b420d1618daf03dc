// Xor, version 7: whether exactly one of A and B is true, element by element,
// on bools, with broadcasting (bitwise.h). Version 1's `broadcast` and `axis`
// are left out, as the other ops' versions before numpy's broadcasting are.
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = LogicalOf<simd::BitOp::kXor>;

constexpr auto kSchemas = LogicalSchemas("Xor", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "xor",
     .op = "Xor",
     .output = DType::kBool,
     .defines = DefinesBy<Boolean>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kXor>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Xor)

}  // namespace onnxcts
