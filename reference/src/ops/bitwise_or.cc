// BitwiseOr, version 18: the bits set in A or in B, element by element, on
// integers, with broadcasting (bitwise.h).
#include "ops/bitwise.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = BitwiseOf<simd::BitOp::kOr>;

constexpr auto kSchemas = BitwiseSchemas("BitwiseOr", PairNodeOf<kKernel>);

constexpr Variant kVariants[] = {
    {.name = "bitwise_or",
     .op = "BitwiseOr",
     .defines = DefinesBy<IntegerBits>,
     .pair_kernel = kKernel,
     .pair_oracle = EachPair<BitwiseOracleOf<simd::BitOp::kOr>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(BitwiseOr)

}  // namespace onnxcts
