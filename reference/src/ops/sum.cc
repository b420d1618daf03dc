// Sum, versions 6, 8 and 13: the sum of one input or more, element by
// element, on floats (13: bfloat16 too), with numpy's broadcasting from 8.
// Each addition is Add's: IEEE 754, correctly rounded in the tensor's own
// format (exact_arithmetic.h).
//
// Spec silent: the order of the additions of three inputs or more, which
// changes the rounded result. The reference adds left to right, as ONNX's
// reference evaluator does; the result of any other order or grouping
// (up to four inputs) is a deviation.
#include <vector>

#include "onnxcts/oracle.h"
#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kAdd = PairArithmetic<simd::Arithmetic::kAdd>;

bool Same(const DTypeInfo& t, uint64_t a, uint64_t b) {
  return a == b || (oracle::IsNaN(t, a) && oracle::IsNaN(t, b));
}

// Whether adding `values` two at a time, any two in turn, can end at
// `actual`: every order and grouping of the additions.
bool SomeOrderGives(const DTypeInfo& t, const std::vector<uint64_t>& values,
                    uint64_t actual) {
  if (values.size() == 1) return Same(t, values[0], actual);
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = i + 1; j < values.size(); ++j) {
      std::vector<uint64_t> rest;
      for (size_t k = 0; k < values.size(); ++k) {
        if (k != i && k != j) rest.push_back(values[k]);
      }
      rest.push_back(oracle::ExactArithmetic(oracle::Arithmetic::kAdd, t,
                                             values[i], values[j]));
      if (SomeOrderGives(t, rest, actual)) return true;
    }
  }
  return false;
}

bool OtherOrder(const DTypeInfo& t, std::span<const uint64_t> inputs,
                uint64_t, uint64_t actual) {
  if (inputs.size() < 3 || inputs.size() > 4) return false;
  return SomeOrderGives(t, {inputs.begin(), inputs.end()}, actual);
}

constexpr Formal kIn[] = {{"data_0", "T", true}};
constexpr Formal kOut[] = {{"sum", "T"}};
constexpr DeviationFn kOrder = DeviationBy<OtherOrder>;

constexpr OpSchema kSchemas[] = {
    {"", "Sum", 6, kIn, kOut, kFloatsC6, {}, FoldNodeOf<kAdd>, kOrder, false,
     "Add"},
    {"", "Sum", 8, kIn, kOut, kFloatsC6, {}, FoldNodeOf<kAdd>, kOrder, true,
     "Add"},
    {"", "Sum", 13, kIn, kOut, kFloatsC13, {}, FoldNodeOf<kAdd>, kOrder, true,
     "Add"},
};

constexpr std::span<const Variant> kVariants = {};  // Add's answer

}  // namespace

ONNXCTS_REGISTER_OP(Sum)

}  // namespace onnxcts
