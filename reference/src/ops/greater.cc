// Greater, versions 7, 9 and 13: whether A > B, element by element, to
// bool, with broadcasting: Less with its inputs swapped (ordering.h).
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void Greater(const DTypeInfo& t, const void* a, const void* b, void* out,
             size_t n) {
  CompareKernel(t, OrderedNumber, simd::Comparison::kLess, b, a, out, n);
}

constexpr KernelFn kNode = PairNodeOf<Greater>;

constexpr OpSchema kSchemas[] = {
    {.op = "Greater",
     .since_version = 7,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC7,
     .kernel = kNode,
     .broadcast = true},
    {.op = "Greater",
     .since_version = 9,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC9,
     .kernel = kNode,
     .broadcast = true},
    {.op = "Greater",
     .since_version = 13,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kOrderC13,
     .kernel = kNode,
     .broadcast = true},
};

constexpr Variant kVariants[] = {
    {.name = "greater",
     .op = "Greater",
     .output = DType::kBool,
     .defines = DefinesBy<OrderedNumber>,
     .pair_kernel = Greater,
     .pair_oracle = OrderOracle<Order::kGreater>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Greater)

}  // namespace onnxcts
