// Mod, versions 10 and 13: the remainder of A divided by B, element by
// element, with numpy's broadcasting (13 adds bfloat16). `fmod` 0: the
// integers' remainder with the divisor's sign (Python's, numpy's mod);
// `fmod` 1: C's fmod, with the dividend's sign, on integers and floats
// (exact_arithmetic.h: exact, so it decides every float answer). The
// spec forbids a float with `fmod` 0 ("must be set to 1"): such a node is
// invalid, and the suite has a must-reject case of each.
//
// Spec silent: an integer divisor of 0, where the reference gives 0 (ONNX's
// reference evaluator turns numpy's answer into 0). MIN mod -1 is 0, which
// fits; an x86 division traps computing it, so the suite holds both
// divisors apart in cases of their own (kTrappingDivisors), as Div's.
#include <string>

#include "ops/arithmetic.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

bool Integer(const DTypeInfo& t) { return t.is_integer() && KernelsCover(t); }

constexpr auto kMod = PairArithmetic<simd::Arithmetic::kMod>;
constexpr auto kFmod = PairArithmetic<simd::Arithmetic::kFmod>;

bool Fmod(const Attributes& a) { return IntOf(a, "fmod", 0) != 0; }

void ModNode(std::span<const ConstTensorView> in,
             std::span<const TensorView> out, const Attributes& a) {
  PairNode(in, out, Fmod(a) ? kFmod : kMod);
}

std::string FloatNeedsFmod(std::span<const DType> types, const Attributes& a) {
  if (types.empty() || !Info(types[0]).is_float() || Fmod(a)) return "";
  return "Mod on " + std::string(Name(types[0])) +
         " needs fmod=1: the spec allows fmod=0 on integers only";
}

// Any answer for an integer divisor of 0 (ExactArithmeticOpen), and it
// reads no `actual`: it is the open predicate too.
bool Open(const OpSchema&, const ElementAnswer& e) {
  const auto op = Fmod(*e.attributes) ? oracle::Arithmetic::kFmod
                                      : oracle::Arithmetic::kMod;
  return e.input->code == e.output->code && e.inputs.size() == 2 &&
         oracle::ExactArithmeticOpen(op, *e.output, e.inputs[0], e.inputs[1]);
}

constexpr AttrSpec kAttrs[] = {{.name = "fmod",
                                .type = AttrType::kInt,
                                .flag = true}};
constexpr TypeConstraint kC10[] = {{"T", kNumeric}};

constexpr OpSchema Version(int since, std::span<const TypeConstraint> c) {
  return {.op = "Mod",
          .since_version = since,
          .inputs = kArithmeticIn,
          .outputs = kArithmeticOut,
          .constraints = c,
          .attributes = kAttrs,
          .kernel = ModNode,
          .deviation = Open,
          .broadcast = true,
          .forbids = FloatNeedsFmod,
          .open = Open};
}

constexpr OpSchema kSchemas[] = {Version(10, kC10),
                                 Version(13, kArithmeticC14)};

constexpr IntAttribute kFmod0[] = {{"fmod", 0}};
constexpr IntAttribute kFmod1[] = {{"fmod", 1}};

constexpr Variant kVariants[] = {
    {.name = "mod",
     .op = "Mod",
     .attributes = kFmod0,
     .defines = DefinesBy<Integer>,
     .pair_kernel = kMod,
     .pair_oracle = PairExact<oracle::Arithmetic::kMod>,
     .fatal_second = TrappingDivisor,
     .fatal_cases = kTrappingDivisors},
    {.name = "mod_fmod1",
     .op = "Mod",
     .attributes = kFmod1,
     .defines = DefinesBy<ArithmeticDType>,
     .pair_kernel = kFmod,
     .pair_oracle = PairExact<oracle::Arithmetic::kFmod>,
     .fatal_second = TrappingDivisor,
     .fatal_cases = kTrappingDivisors},
};

}  // namespace

ONNXCTS_REGISTER_OP(Mod)

}  // namespace onnxcts
