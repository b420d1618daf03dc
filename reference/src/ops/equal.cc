// Equal, versions 7, 11, 13 and 19: whether A == B, element by element, to
// bool, with broadcasting (ordering.h). IEEE 754's equality: a NaN equals
// nothing, itself included, and +0 equals -0. Bool is the one non-number
// it takes; version 19's string is not a dtype of the table.
#include "ops/ops.h"
#include "ops/ordering.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void Equal(const DTypeInfo& t, const void* a, const void* b, void* out,
           size_t n) {
  CompareKernel(t, OrderedOrBool, simd::Comparison::kEqual, a, b, out, n);
}

constexpr DType kV7[] = {DType::kBool, DType::kInt32, DType::kInt64};
constexpr DType kV11[] = {
    DType::kBool,   DType::kUint8,  DType::kUint16, DType::kUint32,
    DType::kUint64, DType::kInt8,   DType::kInt16,  DType::kInt32,
    DType::kInt64,  DType::kFloat16, DType::kFloat, DType::kDouble};
constexpr DType kV13[] = {
    DType::kBool,    DType::kUint8,   DType::kUint16, DType::kUint32,
    DType::kUint64,  DType::kInt8,    DType::kInt16,  DType::kInt32,
    DType::kInt64,   DType::kFloat16, DType::kFloat,  DType::kDouble,
    DType::kBfloat16};

constexpr TypeConstraint kC7[] = {{"T", kV7}, {"T1", kBoolOnly}};
constexpr TypeConstraint kC11[] = {{"T", kV11}, {"T1", kBoolOnly}};
constexpr TypeConstraint kC13[] = {{"T", kV13}, {"T1", kBoolOnly}};

constexpr KernelFn kNode = PairNodeOf<Equal>;

constexpr OpSchema kSchemas[] = {
    {.op = "Equal",
     .since_version = 7,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kC7,
     .kernel = kNode,
     .broadcast = true},
    {.op = "Equal",
     .since_version = 11,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kC11,
     .kernel = kNode,
     .broadcast = true},
    {.op = "Equal",
     .since_version = 13,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kC13,
     .kernel = kNode,
     .broadcast = true},
    {.op = "Equal",
     .since_version = 19,
     .inputs = kCompareIn,
     .outputs = kCompareOut,
     .constraints = kC13,
     .kernel = kNode,
     .broadcast = true},
};

constexpr Variant kVariants[] = {
    {.name = "equal",
     .op = "Equal",
     .output = DType::kBool,
     .defines = DefinesBy<OrderedOrBool>,
     .pair_kernel = Equal,
     .pair_oracle = OrderOracle<Order::kEqual>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Equal)

}  // namespace onnxcts
