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

constexpr OpSchema kRows[] = {
    {"", "Sub", 6, kArithmeticIn, kArithmeticOut, kArithmeticC7, {},
     PairNodeOf<kKernel>, kRule, false},
    {"", "Sub", 7, kArithmeticIn, kArithmeticOut, kArithmeticC7, {},
     PairNodeOf<kKernel>, kRule, true},
    {"", "Sub", 13, kArithmeticIn, kArithmeticOut, kArithmeticC13, {},
     PairNodeOf<kKernel>, kRule, true},
    {"", "Sub", 14, kArithmeticIn, kArithmeticOut, kArithmeticC14, {},
     PairNodeOf<kKernel>, kRule, true},
};
// Open where the exact integer difference does not fit: OpenSpot's spot.
constexpr auto kSchemas =
    WithOpen(kRows, OpenBy<OpenSpot<oracle::Arithmetic::kSub>>);

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
