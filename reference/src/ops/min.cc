// Min, versions 6, 8, 12 and 13: the smallest of one input or more, element
// by element (ordering.h). A NaN input gives a NaN, as numpy's minimum
// does; which zero a +0 and -0 give the spec does not say.
#include "onnxcts/oracle.h"
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void Min(const DTypeInfo& t, const void* a, const void* b, void* out,
         size_t n) {
  SelectKernel(t, simd::Selection::kMin, a, b, out, n);
}

// Plain: the first NaN, else the second input where it is smaller.
uint64_t MinOracle(const DTypeInfo& t, uint64_t a, uint64_t b) {
  const Order order = OracleOrder(t, a, b);
  if (order == Order::kUnordered) return oracle::IsNaN(t, a) ? a : b;
  return order == Order::kGreater ? b : a;
}

constexpr Formal kOut[] = {{"min", "T"}};
constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr TypeConstraint kC12[] = {{"T", kNumeric}};
constexpr TypeConstraint kC13[] = {{"T", kNumericWithBfloat16}};

constexpr DeviationFn kZeroPair = DeviationBy<ZeroPairDeviation>;

constexpr OpSchema kSchemas[] = {
    {.op = "Min",
     .since_version = 6,
     .inputs = kSelectIn,
     .outputs = kOut,
     .constraints = kC6,
     .kernel = FoldNodeOf<Min>,
     .deviation = kZeroPair,
     .open = ZeroPairOpen},
    {.op = "Min",
     .since_version = 8,
     .inputs = kSelectIn,
     .outputs = kOut,
     .constraints = kC6,
     .kernel = FoldNodeOf<Min>,
     .deviation = kZeroPair,
     .broadcast = true,
     .open = ZeroPairOpen},
    {.op = "Min",
     .since_version = 12,
     .inputs = kSelectIn,
     .outputs = kOut,
     .constraints = kC12,
     .kernel = FoldNodeOf<Min>,
     .deviation = kZeroPair,
     .broadcast = true,
     .open = ZeroPairOpen},
    {.op = "Min",
     .since_version = 13,
     .inputs = kSelectIn,
     .outputs = kOut,
     .constraints = kC13,
     .kernel = FoldNodeOf<Min>,
     .deviation = kZeroPair,
     .broadcast = true,
     .open = ZeroPairOpen},
};

constexpr Variant kVariants[] = {
    {.name = "min",
     .op = "Min",
     .defines = DefinesBy<OrderedNumber>,
     .pair_kernel = Min,
     .pair_oracle = EachPair<MinOracle>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Min)

}  // namespace onnxcts
