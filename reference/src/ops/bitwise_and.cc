// BitwiseAnd, version 18: the bits set in both A and B, element by element, on
// integers, with broadcasting (bitwise.h).
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = BitwiseOf<simd::BitOp::kAnd>;

constexpr auto kSchemas = BitwiseSchemas("BitwiseAnd", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "bitwise_and",
     .op = "BitwiseAnd",
     .defines = DefinesBy<IntegerBits>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kAnd>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(BitwiseAnd)

}  // namespace onnxcts
