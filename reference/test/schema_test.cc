// The op schema table against the ONNX operator specs.
#include "onnxcts/schema.h"

#include <gtest/gtest.h>

namespace onnxcts {
namespace {

int VersionAt(std::string_view op, int opset) {
  const OpSchema* s = FindSchema("", op, opset);
  return s == nullptr ? 0 : s->since_version;
}

TEST(Schema, VersionInForceAtEachOpset) {
  EXPECT_EQ(VersionAt("IsInf", 9), 0);  // IsInf arrived in opset 10
  EXPECT_EQ(VersionAt("IsInf", 10), 10);
  EXPECT_EQ(VersionAt("IsInf", 19), 10);
  EXPECT_EQ(VersionAt("IsInf", 20), 20);
  EXPECT_EQ(VersionAt("IsInf", 23), 20);
  EXPECT_EQ(VersionAt("IsNaN", 8), 0);
  EXPECT_EQ(VersionAt("IsNaN", 9), 9);
  EXPECT_EQ(VersionAt("IsNaN", 12), 9);
  EXPECT_EQ(VersionAt("IsNaN", 13), 13);
  EXPECT_EQ(VersionAt("IsNaN", 19), 13);
  EXPECT_EQ(VersionAt("IsNaN", 20), 20);
  EXPECT_EQ(VersionAt("Sign", 9), 9);
  EXPECT_EQ(VersionAt("Sign", 13), 13);
  EXPECT_EQ(VersionAt("Sign", 21), 13);
  EXPECT_EQ(VersionAt("Abs", 5), 0);
  EXPECT_EQ(VersionAt("Abs", 6), 6);
  EXPECT_EQ(VersionAt("Abs", 12), 6);
  EXPECT_EQ(VersionAt("Abs", 13), 13);
  EXPECT_EQ(VersionAt("Neg", 6), 6);
  EXPECT_EQ(VersionAt("Neg", 21), 13);
  EXPECT_EQ(VersionAt("Relu", 5), 0);
  EXPECT_EQ(VersionAt("Relu", 13), 13);
  EXPECT_EQ(VersionAt("Relu", 21), 14);
  EXPECT_EQ(VersionAt("Round", 21), 11);
  EXPECT_EQ(VersionAt("Sigmoid", 13), 0);  // not implemented
  EXPECT_EQ(FindSchema("ai.onnx", "Sign", 13), FindSchema("", "Sign", 13));
  EXPECT_EQ(FindSchema("com.microsoft", "Sign", 13), nullptr);
}

bool Allowed(std::string_view op, int opset, DType t) {
  const OpSchema* s = FindSchema("", op, opset);
  return s != nullptr && s->Allows(s->inputs[0].type, t);
}

TEST(Schema, TypeConstraintsAsTheSpecsGiveThem) {
  EXPECT_TRUE(Allowed("IsInf", 10, DType::kFloat));
  EXPECT_TRUE(Allowed("IsInf", 10, DType::kDouble));
  EXPECT_FALSE(Allowed("IsInf", 10, DType::kFloat16));
  EXPECT_FALSE(Allowed("IsInf", 19, DType::kBfloat16));
  EXPECT_TRUE(Allowed("IsInf", 20, DType::kFloat16));
  EXPECT_TRUE(Allowed("IsInf", 20, DType::kFloat8E5M2FNUZ));
  EXPECT_TRUE(Allowed("IsNaN", 9, DType::kFloat16));
  EXPECT_FALSE(Allowed("IsNaN", 9, DType::kBfloat16));
  EXPECT_TRUE(Allowed("IsNaN", 13, DType::kBfloat16));
  EXPECT_FALSE(Allowed("IsNaN", 13, DType::kFloat8E4M3FN));
  EXPECT_TRUE(Allowed("IsNaN", 20, DType::kFloat8E4M3FN));
  EXPECT_TRUE(Allowed("Sign", 9, DType::kUint64));
  EXPECT_TRUE(Allowed("Sign", 9, DType::kInt8));
  EXPECT_FALSE(Allowed("Sign", 9, DType::kBfloat16));
  EXPECT_TRUE(Allowed("Sign", 13, DType::kBfloat16));
  EXPECT_FALSE(Allowed("Sign", 13, DType::kBool));
  EXPECT_FALSE(Allowed("Sign", 13, DType::kFloat8E4M3FN));
  EXPECT_TRUE(Allowed("Abs", 6, DType::kUint32));
  EXPECT_FALSE(Allowed("Abs", 6, DType::kBfloat16));
  EXPECT_TRUE(Allowed("Abs", 13, DType::kBfloat16));
  EXPECT_FALSE(Allowed("Abs", 13, DType::kFloat8E4M3FN));
  EXPECT_FALSE(Allowed("Abs", 13, DType::kBool));
  EXPECT_TRUE(Allowed("Neg", 6, DType::kInt8));
  EXPECT_FALSE(Allowed("Neg", 6, DType::kUint8));
  EXPECT_FALSE(Allowed("Neg", 13, DType::kUint64));
  EXPECT_FALSE(Allowed("Neg", 6, DType::kBfloat16));
  EXPECT_TRUE(Allowed("Neg", 13, DType::kBfloat16));
  for (const OpSchema& s : AllSchemas()) {
    EXPECT_GE(s.inputs.size(), 1u);
    EXPECT_EQ(s.outputs.size(), 1u);
    // Every element input but a selector (Where's condition) shares the
    // main input's type constraint; a type-only one (CastLike's
    // target_type) is the output's; a parameter (a quantizer's scale, zero
    // point) is its op's rule's to read.
    const std::string_view main = s.inputs[s.MainInput()].type;
    for (size_t i = 0; i < s.inputs.size(); ++i) {
      const Formal& in = s.inputs[i];
      if (in.parameter || s.SelectorInput(i)) continue;
      EXPECT_EQ(in.type, in.type_only ? s.outputs[0].type : main)
          << VersionName(s) << " " << in.name;
    }
    EXPECT_EQ(s.parameters != nullptr,
              std::ranges::any_of(s.inputs,
                                  [](const Formal& f) { return f.parameter; }))
        << VersionName(s);
    // A predicate's output is bool; any other output has the input's type
    // (but a quantizer's).
    if (s.outputs[0].type != main && s.parameters == nullptr) {
      EXPECT_TRUE(s.Allows(s.outputs[0].type, DType::kBool));
    }
  }
}

TEST(Schema, AttributesResolveWithDefaults) {
  const OpSchema& is_inf = *FindSchema("", "IsInf", 20);
  Attributes attrs{{"detect_negative", int64_t{0}}};
  EXPECT_EQ(ResolveAttributes(is_inf, attrs), "");
  EXPECT_EQ(std::get<int64_t>(attrs.at("detect_negative")), 0);
  EXPECT_EQ(std::get<int64_t>(attrs.at("detect_positive")), 1);
}

TEST(Schema, AttributesRejectUnknownNamesAndWrongTypes) {
  const OpSchema& is_inf = *FindSchema("", "IsInf", 10);
  Attributes unknown{{"detect_nan", int64_t{1}}};
  EXPECT_NE(ResolveAttributes(is_inf, unknown).find("unknown attribute"),
            std::string::npos);
  Attributes wrong_type{{"detect_positive", 1.0f}};
  EXPECT_NE(ResolveAttributes(is_inf, wrong_type).find("must be INT"),
            std::string::npos);
  Attributes on_sign{{"detect_positive", int64_t{1}}};
  EXPECT_NE(ResolveAttributes(*FindSchema("", "Sign", 13), on_sign), "");
}

// One input's pattern, as a deviation rule takes it.
std::span<const uint64_t> In(uint64_t p) {
  static thread_local uint64_t one;
  one = p;
  return {&one, 1};
}

// Whether `s` calls `actual` for `expected` a deviation, on inputs and an
// output of dtype `t` with no attributes.
bool Deviates(const OpSchema& s, const DTypeInfo& t,
              std::span<const uint64_t> inputs, uint64_t expected,
              uint64_t actual) {
  static const Attributes kNone;
  return s.deviation(s, {.input = &t,
                         .inputs = inputs,
                         .output = &t,
                         .expected = expected,
                         .actual = actual,
                         .attributes = &kNone});
}

// DESIGN.md: the spec is silent on Sign of NaN and on the sign of a zero
// result; only there may a backend's answer be a deviation.
TEST(Schema, SignDeviatesOnlyWhereTheSpecIsSilent) {
  const OpSchema& sign = *FindSchema("", "Sign", 13);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  ASSERT_NE(sign.deviation, nullptr);
  EXPECT_TRUE(Deviates(sign, f16, In(0x7E00), 0x7E00, 0x0000));  // NaN -> 0
  EXPECT_TRUE(Deviates(sign, f16, In(0x8000), 0x0000, 0x8000));  // -0 -> -0
  EXPECT_FALSE(Deviates(sign, f16, In(0x8000), 0x0000, 0xBC00));  // -0 -> -1
  EXPECT_FALSE(Deviates(sign, f16, In(0xC000), 0xBC00, 0x8000));  // -2 -> -0
  EXPECT_FALSE(Deviates(sign, Info(DType::kInt8), In(0), 0, 0xFF));
  EXPECT_EQ(FindSchema("", "IsNaN", 20)->deviation, nullptr);
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// Max and Min: only which zero a +0/-0 pair gives is open.
TEST(Schema, MaxDeviatesOnlyOnAPairOfZeros) {
  const OpSchema& max = *FindSchema("", "Max", 13);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  ASSERT_NE(max.deviation, nullptr);
  const uint64_t zeros[] = {0x0000, 0x8000};
  const uint64_t plus[] = {0x0000, 0x0000};
  EXPECT_TRUE(Deviates(max, f16, std::span<const uint64_t>(zeros), 0x0000, 0x8000));
  EXPECT_FALSE(Deviates(max, f16, std::span<const uint64_t>(plus), 0x0000, 0x8000));
  EXPECT_FALSE(Deviates(max, f16, std::span<const uint64_t>(zeros), 0x0000, 0x3C00));
  EXPECT_EQ(FindSchema("", "Less", 13)->deviation, nullptr);
}

// 2048 + 1 + 1 in float16: left to right each 2049 ties back to 2048; 1 + 1
// first gives 2050. The other order's answer is a deviation, any other a
// failure; so is an integer Add that overflows, and Div by zero.
TEST(Schema, SumOrderAndIntegerOverflowDeviate) {
  const OpSchema& sum = *FindSchema("", "Sum", 13);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  const uint64_t three[] = {0x6800, 0x3C00, 0x3C00};
  EXPECT_TRUE(Deviates(sum, f16, std::span<const uint64_t>(three), 0x6800, 0x6801));
  EXPECT_FALSE(Deviates(sum, f16, std::span<const uint64_t>(three), 0x6800, 0x6802));
  // Partial sums in float, rounded once (ONNX Runtime's): every float16
  // order gives 0xf826 here (numpy), float's 0xf825.
  const uint64_t wide[] = {0xF5B5, 0xF12C, 0x2280};
  EXPECT_TRUE(Deviates(sum, f16, std::span<const uint64_t>(wide), 0xF826, 0xF825));
  EXPECT_FALSE(Deviates(sum, f16, std::span<const uint64_t>(wide), 0xF826, 0xF824));
  const uint64_t two[] = {0x6800, 0x3C00};
  EXPECT_FALSE(Deviates(sum, f16, std::span<const uint64_t>(two), 0x6800, 0x6801));
  const DTypeInfo& i8 = Info(DType::kInt8);
  const OpSchema& add = *FindSchema("", "Add", 14);
  const uint64_t over[] = {0x7F, 0x01};
  const uint64_t within[] = {0x7E, 0x01};
  EXPECT_TRUE(Deviates(add, i8, std::span<const uint64_t>(over), 0x80, 0x7F));
  EXPECT_FALSE(Deviates(add, i8, std::span<const uint64_t>(within), 0x7F, 0x7E));
  const OpSchema& div = *FindSchema("", "Div", 14);
  const uint64_t by_zero[] = {0x05, 0x00};
  EXPECT_TRUE(Deviates(div, i8, std::span<const uint64_t>(by_zero), 0x00, 0x7F));
  EXPECT_EQ(FindSchema("", "Sqrt", 13)->deviation, nullptr);
}

// The type constraints of the ops of two inputs, as the specs give them.
TEST(Schema, ComparisonAndSelectionTypesPerVersion) {
  const auto allows = [](const char* op, int opset, DType t) {
    const OpSchema* s = FindSchema("", op, opset);
    return s != nullptr && s->Allows(s->inputs[0].type, t);
  };
  EXPECT_TRUE(allows("Equal", 7, DType::kBool));
  EXPECT_FALSE(allows("Equal", 7, DType::kFloat));
  EXPECT_TRUE(allows("Equal", 11, DType::kFloat16));
  EXPECT_FALSE(allows("Equal", 11, DType::kBfloat16));
  EXPECT_TRUE(allows("Equal", 19, DType::kBfloat16));
  EXPECT_FALSE(allows("Less", 7, DType::kInt32));
  EXPECT_TRUE(allows("Less", 9, DType::kUint64));
  EXPECT_FALSE(allows("Less", 9, DType::kBool));
  EXPECT_FALSE(allows("Greater", 9, DType::kBfloat16));
  EXPECT_FALSE(allows("Max", 8, DType::kInt8));
  EXPECT_TRUE(allows("Max", 12, DType::kInt8));
  EXPECT_FALSE(allows("Min", 12, DType::kBfloat16));
  EXPECT_TRUE(allows("Min", 13, DType::kBfloat16));
  EXPECT_FALSE(FindSchema("", "Max", 6)->broadcast);
  EXPECT_TRUE(FindSchema("", "Max", 8)->broadcast);
  EXPECT_EQ(FindSchema("", "Max", 13)->MaxInputs(), SIZE_MAX);
  EXPECT_EQ(FindSchema("", "Equal", 19)->MaxInputs(), 2u);
}

}  // namespace
}  // namespace onnxcts
