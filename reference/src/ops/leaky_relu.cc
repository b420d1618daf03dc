// LeakyRelu, versions 6 and 16: f(x) = alpha * x for x < 0, f(x) = x for
// x >= 0, element by element (rectifier.h: ±0 and NaN are themselves), on
// float16, float and double (16: bfloat16 too); `alpha` is a FLOAT, 0.01
// by default.
//
// Spec silent: how a float32 alpha meets a float16 or bfloat16 tensor. The
// reference follows ONNX's reference evaluator: alpha rounded to the
// tensor's type first, then the product rounded once. The exact product
// of x and the float32 alpha rounded once, or rounded to float32 first,
// are deviations. On float and double alpha is exact in the tensor's type,
// and the spec decides every answer.
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "exact_arithmetic.h"
#include "onnxcts/convert.h"
#include "ops/arithmetic.h"
#include "ops/rectifier.h"

namespace onnxcts {
namespace {

// The default first; a slope of float32 that float16 cannot hold, and a
// negative one (which turns a product's sign around).
constexpr float kAlphas[] = {0.01f, 0.2f, -1.5f};

uint64_t Bits32(float v) { return std::bit_cast<uint32_t>(v); }

// alpha in the tensor's type, rounded to nearest even.
uint64_t AlphaIn(const DTypeInfo& t, float alpha) {
  return convert::CastOracle(Info(DType::kFloat), Bits32(alpha), t, {});
}

void LeakyRelu(const DTypeInfo& t, float alpha, const void* in, void* out,
               size_t n) {
  if (!IeeeFloat(t)) {
    throw std::invalid_argument("LeakyRelu is not defined on " +
                                std::string(t.name));
  }
  constexpr size_t kBlock = 1024;
  std::vector<uint8_t> slopes(StorageBytes(t, std::min(n, kBlock)));
  const uint64_t slope = AlphaIn(t, alpha);
  for (size_t i = 0; i * t.bits / 8 < slopes.size(); ++i) {
    StoreBits(t, slopes.data(), i, slope);
  }
  const size_t bytes = t.bits / 8;
  for (size_t at = 0; at < n; at += kBlock) {
    const size_t m = std::min(kBlock, n - at);
    Rectify(t, static_cast<const uint8_t*>(in) + at * bytes, slopes.data(),
            static_cast<uint8_t*>(out) + at * bytes, m);
  }
}

float AlphaOf(const Attributes& a) { return FloatOf(a, "alpha", kAlphas[0]); }

void LeakyReluNode(std::span<const ConstTensorView> in,
                   std::span<const TensorView> out, const Attributes& a) {
  LeakyRelu(Info(in[0].dtype), AlphaOf(a), in[0].data, out[0].data,
            in[0].count);
}

// The product of x and the float32 alpha as a backend may round it
// instead: exactly, once (x * alpha has at most 24 + 11 bits, exact in
// double), or to float32 first. None where the spec decides the answer:
// float and double tensors, and x not below zero.
std::vector<uint64_t> OtherRoundings(const ElementAnswer& e) {
  const DTypeInfo& t = *e.output;
  if (e.input->code != t.code || t.bits != 16 || e.inputs.empty()) return {};
  const uint64_t x = e.inputs[0];
  if (RectifyOracle(t, x, 0) == x) return {};  // not below zero
  const convert::CastOptions cast;
  const float alpha = AlphaOf(*e.attributes);
  std::vector<uint64_t> answers;
  for (const DTypeInfo* wide : {&Info(DType::kDouble), &Info(DType::kFloat)}) {
    const uint64_t a = convert::CastOracle(Info(DType::kFloat), Bits32(alpha),
                                           *wide, cast);
    const uint64_t product = oracle::ExactArithmetic(
        oracle::Arithmetic::kMul, *wide, convert::CastOracle(t, x, *wide, cast),
        a);
    answers.push_back(convert::CastOracle(*wide, product, t, cast));
  }
  return answers;
}

bool OtherRounding(const OpSchema&, const ElementAnswer& e) {
  const std::vector<uint64_t> answers = OtherRoundings(e);
  return std::ranges::find(answers, e.actual) != answers.end();
}

// Open where one of those roundings gives another answer than the
// reference's (on float16 and bfloat16 only).
bool RoundingOpen(const OpSchema& s, const ElementAnswer& e) {
  return OtherAnswerDeviates(OtherRounding, s, e, OtherRoundings(e));
}

void LeakyReluVariant(const Variant& v, const DTypeInfo& t, const void* in,
                      void* out, size_t n) {
  LeakyRelu(t, kAlphas[v.Attribute("alpha", 0)], in, out, n);
}

uint64_t LeakyReluOracle(const Variant& v, const DTypeInfo& t, uint64_t x) {
  return RectifyOracle(t, x, AlphaIn(t, kAlphas[v.Attribute("alpha", 0)]));
}

bool Defines(const Variant&, const DTypeInfo& t) { return IeeeFloat(t); }

constexpr AttrSpec kAttrs[] = {{.name = "alpha",
                                .type = AttrType::kFloat,
                                .default_float = kAlphas[0],
                                .float_choices = kAlphas}};
constexpr DType kV16[] = {DType::kBfloat16, DType::kFloat16, DType::kFloat,
                          DType::kDouble};
constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr TypeConstraint kC16[] = {{"T", kV16}};

constexpr OpSchema kSchemas[] = {
    {.op = "LeakyRelu",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .attributes = kAttrs,
     .kernel = LeakyReluNode,
     .deviation = OtherRounding,
     .open = RoundingOpen},
    {.op = "LeakyRelu",
     .since_version = 16,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC16,
     .attributes = kAttrs,
     .kernel = LeakyReluNode,
     .deviation = OtherRounding,
     .open = RoundingOpen},
};

constexpr IntAttribute kAlpha0[] = {{"alpha", 0}};
constexpr IntAttribute kAlpha1[] = {{"alpha", 1}};
constexpr IntAttribute kAlpha2[] = {{"alpha", 2}};

constexpr Variant Alpha(std::string_view name,
                        std::span<const IntAttribute> alpha) {
  return {.name = name,
          .op = "LeakyRelu",
          .attributes = alpha,
          .defines = Defines,
          .kernel = LeakyReluVariant,
          .oracle = LeakyReluOracle,
          .on_runs = OnRuns::kByPattern};
}

constexpr Variant kVariants[] = {
    Alpha("leakyrelu", kAlpha0),
    Alpha("leakyrelu_alpha_0p2", kAlpha1),
    Alpha("leakyrelu_alpha_m1p5", kAlpha2),
};

}  // namespace

ONNXCTS_REGISTER_OP(LeakyRelu)

}  // namespace onnxcts
