// Sum, versions 6, 8 and 13: the sum of one input or more, element by
// element, on floats (13: bfloat16 too), with numpy's broadcasting from 8.
// Each addition is Add's: IEEE 754, correctly rounded in the tensor's own
// format (exact_arithmetic.h).
//
// Spec silent: the order of the additions of three inputs or more, which
// changes the rounded result, and the precision of the partial sums. The
// reference adds left to right in the tensor's own format, as ONNX's
// reference evaluator does; the result of any other order or grouping (up
// to four inputs), or of partial sums kept in the next wider format
// (float16 and bfloat16 in float, float in double: ONNX Runtime) and
// rounded once at the end, is a deviation.
#include <algorithm>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/oracle.h"
#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kAdd = PairArithmetic<simd::Arithmetic::kAdd>;

bool Same(const DTypeInfo& t, uint64_t a, uint64_t b) {
  return a == b || (oracle::IsNaN(t, a) && oracle::IsNaN(t, b));
}

// Into `answers`, every answer that adding `values` (of `wide`) two at a
// time, any two in turn, can end at once rounded to `t`: every order and
// grouping.
void EveryOrder(const DTypeInfo& t, const DTypeInfo& wide,
                const std::vector<uint64_t>& values,
                std::vector<uint64_t>& answers) {
  if (values.size() == 1) {
    answers.push_back(convert::CastOracle(wide, values[0], t, {}));
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = i + 1; j < values.size(); ++j) {
      std::vector<uint64_t> rest;
      for (size_t k = 0; k < values.size(); ++k) {
        if (k != i && k != j) rest.push_back(values[k]);
      }
      rest.push_back(oracle::ExactArithmetic(oracle::Arithmetic::kAdd, wide,
                                             values[i], values[j]));
      EveryOrder(t, wide, rest, answers);
    }
  }
}

// The IEEE format a runtime may keep the partial sums of `t` in, or `t`.
const DTypeInfo& Wider(const DTypeInfo& t) {
  if (t.bits == 16) return Info(DType::kFloat);
  return t.bits == 32 ? Info(DType::kDouble) : t;
}

// The answers the spec allows for three or four inputs: every order and
// grouping, in `t` and in Wider(t) (18 orders of four, 3 of three, each
// twice); none for fewer or more inputs.
std::vector<uint64_t> OrderAnswers(const DTypeInfo& t,
                                   std::span<const uint64_t> inputs) {
  std::vector<uint64_t> answers;
  if (inputs.size() < 3 || inputs.size() > 4) return answers;
  const std::vector<uint64_t> values(inputs.begin(), inputs.end());
  EveryOrder(t, t, values, answers);
  const DTypeInfo& wide = Wider(t);
  std::vector<uint64_t> widened;
  for (uint64_t x : values) widened.push_back(convert::CastOracle(t, x, wide, {}));
  EveryOrder(t, wide, widened, answers);
  return answers;
}

bool OtherOrder(const DTypeInfo& t, std::span<const uint64_t> inputs, uint64_t,
                uint64_t actual) {
  return std::ranges::any_of(OrderAnswers(t, inputs),
                             [&](uint64_t a) { return Same(t, a, actual); });
}

// Open where some order or grouping of three or four inputs, or wider
// partial sums, gives another answer than the reference's left to right.
bool OrderOpen(const OpSchema&, const ElementAnswer& e) {
  if (e.input->code != e.output->code) return false;
  const DTypeInfo& t = *e.output;
  return std::ranges::any_of(OrderAnswers(t, e.inputs), [&](uint64_t a) {
    return !Same(t, a, e.expected);
  });
}

constexpr Formal kIn[] = {{"data_0", "T", true}};
constexpr Formal kOut[] = {{"sum", "T"}};
constexpr DeviationFn kOrder = DeviationBy<OtherOrder>;

constexpr OpSchema kSchemas[] = {
    {.op = "Sum",
     .since_version = 6,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kFloatsC6,
     .kernel = FoldNodeOf<kAdd>,
     .deviation = kOrder,
     .variants_of = "Add",
     .open = OrderOpen},
    {.op = "Sum",
     .since_version = 8,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kFloatsC6,
     .kernel = FoldNodeOf<kAdd>,
     .deviation = kOrder,
     .broadcast = true,
     .variants_of = "Add",
     .open = OrderOpen},
    {.op = "Sum",
     .since_version = 13,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kFloatsC13,
     .kernel = FoldNodeOf<kAdd>,
     .deviation = kOrder,
     .broadcast = true,
     .variants_of = "Add",
     .open = OrderOpen},
};

constexpr std::span<const Variant> kVariants = {};  // Add's answer

}  // namespace

ONNXCTS_REGISTER_OP(Sum)

}  // namespace onnxcts
