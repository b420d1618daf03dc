// GreaterOrEqual, versions 12 and 16: whether A >= B, element by element,
// to bool, with broadcasting (ordering.h): LessOrEqual with its inputs
// swapped. IEEE 754's order: false where either is a NaN, true for -0
// against +0.
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void GreaterOrEqual(const DTypeInfo& t, const void* a, const void* b, void* out,
                    size_t n) {
  CompareKernel(t, OrderedNumber, simd::Comparison::kLessOrEqual, b, a, out,
                n);
}

// Version 12 takes the integers, float16, float and double (Less-9's
// types); 16 adds bfloat16.
constexpr OpSchema kSchemas[] = {
    {.op = "GreaterOrEqual",
     .since_version = 12,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC9,
     .kernel = PairNodeOf<GreaterOrEqual>,
     .broadcast = true},
    {.op = "GreaterOrEqual",
     .since_version = 16,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC13,
     .kernel = PairNodeOf<GreaterOrEqual>,
     .broadcast = true},
};

constexpr Variant kVariants[] = {
    {.name = "greater_or_equal",
     .op = "GreaterOrEqual",
     .output = DType::kBool,
     .defines = DefinesBy<OrderedNumber>,
     .pair_kernel = GreaterOrEqual,
     .pair_oracle = OrderOracle<Order::kGreater, Order::kEqual>},
};

}  // namespace

ONNXCTS_REGISTER_OP(GreaterOrEqual)

}  // namespace onnxcts
