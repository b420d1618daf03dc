// LessOrEqual, versions 12 and 16: whether A <= B, element by element, to
// bool, with broadcasting (ordering.h). IEEE 754's order: false where either
// is a NaN, true for -0 against +0.
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void LessOrEqual(const DTypeInfo& t, const void* a, const void* b, void* out,
                 size_t n) {
  CompareKernel(t, OrderedNumber, simd::Comparison::kLessOrEqual, a, b, out,
                n);
}

// Version 12 takes the integers, float16, float and double (Less-9's
// types); 16 adds bfloat16.
constexpr OpSchema kSchemas[] = {
    {.op = "LessOrEqual",
     .since_version = 12,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC9,
     .kernel = PairNodeOf<LessOrEqual>,
     .broadcast = true},
    {.op = "LessOrEqual",
     .since_version = 16,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC13,
     .kernel = PairNodeOf<LessOrEqual>,
     .broadcast = true},
};

constexpr Variant kVariants[] = {
    {.name = "less_or_equal",
     .op = "LessOrEqual",
     .output = DType::kBool,
     .defines = DefinesBy<OrderedNumber>,
     .pair_kernel = LessOrEqual,
     .pair_oracle = OrderOracle<Order::kLess, Order::kEqual>},
};

}  // namespace

ONNXCTS_REGISTER_OP(LessOrEqual)

}  // namespace onnxcts
