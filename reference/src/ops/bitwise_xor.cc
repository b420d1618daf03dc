// BitwiseXor, version 18: the bits set in exactly one of A and B, element
// by element, on integers, with broadcasting (bitwise.h).
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = BitwiseOf<simd::BitOp::kXor>;

constexpr auto kSchemas = BitwiseSchemas("BitwiseXor", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "bitwise_xor",
     .op = "BitwiseXor",
     .defines = DefinesBy<IntegerBits>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kXor>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(BitwiseXor)

}  // namespace onnxcts
