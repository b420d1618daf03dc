// Less, versions 7, 9 and 13: whether A < B, element by element, to bool,
// with broadcasting (ordering.h). IEEE 754's order: a NaN is unordered, so
// every comparison with one is false, and -0 is not less than +0.
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void Less(const DTypeInfo& t, const void* a, const void* b, void* out,
          size_t n) {
  CompareKernel(t, OrderedNumber, simd::Comparison::kLess, a, b, out, n);
}

constexpr KernelFn kNode = PairNodeOf<Less>;

constexpr auto kSchemas = OrderSchemas("Less", kNode);

constexpr Variant kVariants[] = {
    {.name = "less",
     .op = "Less",
     .output = DType::kBool,
     .defines = DefinesBy<OrderedNumber>,
     .pair_kernel = Less,
     .pair_oracle = OrderOracle<Order::kLess>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Less)

}  // namespace onnxcts
