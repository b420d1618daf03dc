// Div, versions 6, 7, 13 and 14: A / B, element by element, with
// numpy's broadcasting from 7 (6: inputs of one shape; its legacy
// `broadcast` and `axis` attributes are not modelled). Floats: IEEE 754,
// correctly rounded to nearest even in the tensor's own format, subnormals
// kept (exact_arithmetic.h).
//
// Integers: the exact quotient truncated toward zero; a zero divisor and
// MIN / -1 (whose quotient does not fit) are open spots, where the
// reference gives 0 and MIN.
#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = PairArithmetic<simd::Arithmetic::kDiv>;
constexpr DeviationFn kRule = DeviationBy<OpenSpot<oracle::Arithmetic::kDiv>>;

// Open on an integer divisor of 0 and on MIN / -1: OpenSpot's spots.
constexpr DeviationFn kOpen = OpenBy<OpenSpot<oracle::Arithmetic::kDiv>>;

constexpr auto kSchemas =
    ArithmeticSchemas("Div", PairNodeOf<kKernel>, kRule, kOpen);

constexpr Variant kVariants[] = {
    {.name = "div",
     .op = "Div",
     .defines = DefinesBy<ArithmeticDType>,
     .pair_kernel = kKernel,
     .pair_oracle = PairExact<oracle::Arithmetic::kDiv>,
     .fatal_second = TrappingDivisor,
     .fatal_cases = kTrappingDivisors},
};

}  // namespace

ONNXCTS_REGISTER_OP(Div)

}  // namespace onnxcts
