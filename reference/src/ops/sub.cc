// Sub, versions 6, 7, 13 and 14: A - B, element by element, with
// numpy's broadcasting from 7 (6: inputs of one shape; its legacy
// `broadcast` and `axis` attributes are not modelled). Floats: IEEE 754,
// correctly rounded to nearest even in the tensor's own format, subnormals
// kept (exact_arithmetic.h).
//
// Integers: the low bits of the exact difference (numpy's wrap); where it does
// not fit the dtype the spec decides nothing, a deviation.
#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = PairArithmetic<simd::Arithmetic::kSub>;
constexpr DeviationFn kRule = DeviationBy<OpenSpot<oracle::Arithmetic::kSub>>;

// Open where the exact integer difference does not fit: OpenSpot's spot.
constexpr DeviationFn kOpen = OpenBy<OpenSpot<oracle::Arithmetic::kSub>>;

constexpr auto kSchemas =
    ArithmeticSchemas("Sub", PairNodeOf<kKernel>, kRule, kOpen);

constexpr Variant kVariants[] = {
    {.name = "sub",
     .op = "Sub",
     .defines = DefinesBy<ArithmeticDType>,
     .pair_kernel = kKernel,
     .pair_oracle = PairExact<oracle::Arithmetic::kSub>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Sub)

}  // namespace onnxcts
