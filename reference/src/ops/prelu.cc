// PRelu, versions 6, 7, 9 and 16: f(x) = slope * x for x < 0, f(x) = x for
// x >= 0, element by element (rectifier.h: ±0 and NaN are themselves). From
// 7 the slope broadcasts to X's shape, one way (6: one shape; its "size 1
// is shared" note is not modelled). 9 adds the 32- and 64-bit integers,
// 16 bfloat16.
//
// Spec silent: an integer product that overflows, where the reference
// wraps as numpy does; any answer there is a deviation.
#include <stdexcept>
#include <string>

#include "ops/arithmetic.h"
#include "ops/pair_node.h"
#include "ops/rectifier.h"

namespace onnxcts {
namespace {

bool PReluDType(const DTypeInfo& t) {
  return IeeeFloat(t) || (t.is_integer() && t.bits >= 32 && KernelsCover(t));
}

void PRelu(const DTypeInfo& t, const void* x, const void* slope, void* out,
           size_t n) {
  if (!PReluDType(t)) {
    throw std::invalid_argument("PRelu is not defined on " +
                                std::string(t.name));
  }
  Rectify(t, x, slope, out, n);
}

// Any answer where X is below zero and the exact integer product
// overflows; none elsewhere (OpenBy's kind of rule).
bool Open(const DTypeInfo& t, std::span<const uint64_t> inputs, uint64_t,
          uint64_t) {
  return inputs.size() == 2 && RectifyOpen(t, inputs[0], inputs[1]);
}

constexpr Formal kIn[] = {{"X", "T"}, {"slope", "T"}};
constexpr Formal kOut[] = {{"Y", "T"}};
constexpr DType kV9[] = {DType::kFloat16, DType::kFloat,  DType::kDouble,
                         DType::kUint32,  DType::kUint64, DType::kInt32,
                         DType::kInt64};
constexpr DType kV16[] = {DType::kBfloat16, DType::kFloat16, DType::kFloat,
                          DType::kDouble,   DType::kUint32,  DType::kUint64,
                          DType::kInt32,    DType::kInt64};
constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr TypeConstraint kC9[] = {{"T", kV9}};
constexpr TypeConstraint kC16[] = {{"T", kV16}};

constexpr OpSchema Version(int since, std::span<const TypeConstraint> c) {
  return {.op = "PRelu",
          .since_version = since,
          .inputs = kIn,
          .outputs = kOut,
          .constraints = c,
          .kernel = PairNodeOf<PRelu>,
          .deviation = DeviationBy<Open>,
          .broadcast = since >= 7,
          .unidirectional = since >= 7,
          .open = OpenBy<Open>};
}

constexpr OpSchema kSchemas[] = {Version(6, kC6), Version(7, kC6),
                                 Version(9, kC9), Version(16, kC16)};

constexpr Variant kVariants[] = {
    {.name = "prelu",
     .op = "PRelu",
     .defines = DefinesBy<PReluDType>,
     .pair_kernel = PRelu,
     .pair_oracle = EachPair<RectifyOracle>},
};

}  // namespace

ONNXCTS_REGISTER_OP(PRelu)

}  // namespace onnxcts
