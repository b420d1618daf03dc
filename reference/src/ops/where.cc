// Where, versions 9 and 16: X where the condition is true, else Y, element
// by element, the three inputs broadcast together as numpy's (16 adds
// bfloat16 to T; the condition is bool). Selection copies bits, a NaN's
// payload and a zero's sign included: another NaN is a deviation (the
// comparison's rule for an op that keeps NaN payloads), anything else
// different fails. Nothing is open.
//
// It has no sweep variant: its answer depends on three inputs of two
// dtypes, and the copy has no rounding to prove; the suite's cases meet
// every pair of the dtype's pair set with true and false (a [2, 1, 1]
// condition against a column and a row).
#include <cstring>
#include <vector>

#include "onnxcts/dtype.h"
#include "ops/conversion.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

void WhereNode(std::span<const ConstTensorView> in,
               std::span<const TensorView> out, const Attributes&) {
  const size_t width = ElementBytes(Info(out[0].dtype));
  std::vector<uint8_t> copies[3];
  const auto stretched = [&](size_t i) {
    return static_cast<const uint8_t*>(Stretched(in[i], out[0], copies[i]));
  };
  const uint8_t* condition = stretched(0);
  const uint8_t* x = stretched(1);
  const uint8_t* y = stretched(2);
  auto* result = static_cast<uint8_t*>(out[0].data);
  for (size_t i = 0; i < out[0].count; ++i) {
    const uint8_t* from = condition[i] != 0 ? x : y;
    std::memcpy(result + i * width, from + i * width, width);
  }
}

constexpr Formal kIn[] = {{"condition", "B"}, {"X", "T"}, {"Y", "T"}};
constexpr Formal kOut[] = {{"output", "T"}};
constexpr DType kBool[] = {DType::kBool};
constexpr TypeConstraint kC9[] = {{"B", kBool}, {"T", conversion::kDTypes6}};
constexpr TypeConstraint kC16[] = {{"B", kBool}, {"T", conversion::kDTypes13}};

constexpr OpSchema Version(int since, std::span<const TypeConstraint> c) {
  return {.op = "Where",
          .since_version = since,
          .inputs = kIn,
          .outputs = kOut,
          .constraints = c,
          .kernel = WhereNode,
          .broadcast = true,
          .keeps_nan_payload = true};
}

constexpr OpSchema kSchemas[] = {Version(9, kC9), Version(16, kC16)};

constexpr std::span<const Variant> kVariants = {};

}  // namespace

ONNXCTS_REGISTER_OP(Where)

}  // namespace onnxcts
