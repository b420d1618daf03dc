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

constexpr auto kSchemas = OrderSchemas("Greater", kNode);

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
