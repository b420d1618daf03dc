// Mul, versions 6, 7, 13 and 14: A * B, element by element, with
// numpy's broadcasting from 7 (6: inputs of one shape; its legacy
// `broadcast` and `axis` attributes are not modelled). Floats: IEEE 754,
// correctly rounded to nearest even in the tensor's own format, subnormals
// kept (exact_arithmetic.h).
//
// Integers: the low bits of the exact product (numpy's wrap); where it does
// not fit the dtype the spec decides nothing, a deviation.
#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr auto kKernel = PairArithmetic<simd::Arithmetic::kMul>;
constexpr DeviationFn kRule = DeviationBy<OpenSpot<oracle::Arithmetic::kMul>>;

// Open where the exact integer product does not fit: OpenSpot's spot.
constexpr DeviationFn kOpen = OpenBy<OpenSpot<oracle::Arithmetic::kMul>>;

constexpr auto kSchemas =
    ArithmeticSchemas("Mul", PairNodeOf<kKernel>, kRule, kOpen);

constexpr Variant kVariants[] = {
    {.name = "mul",
     .op = "Mul",
     .defines = DefinesBy<ArithmeticDType>,
     .pair_kernel = kKernel,
     .pair_oracle = PairExact<oracle::Arithmetic::kMul>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Mul)

}  // namespace onnxcts
