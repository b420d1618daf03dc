#include "run/compare.h"

#include <gtest/gtest.h>

#include <cstring>

namespace onnxcts {
namespace {

Tensor Make(DType t, std::vector<uint64_t> bits, std::vector<int64_t> dims = {}) {
  Tensor x;
  x.dtype = t;
  x.dims = dims.empty() ? std::vector<int64_t>{static_cast<int64_t>(bits.size())}
                        : dims;
  x.bytes.resize(StorageBytes(Info(t), bits.size()));
  for (size_t i = 0; i < bits.size(); ++i) {
    StoreBits(Info(t), x.bytes.data(), i, bits[i]);
  }
  return x;
}

CompareRules SignRules() {
  return {FindSchema("", "Sign", 13), nullptr, 1e-3, 1e-7};
}

TEST(Compare, IdenticalOutputsPass) {
  const Tensor y = Make(DType::kBool, {0, 1, 1});
  EXPECT_EQ(CompareOutput(0, y, y, nullptr, {}).status, Status::kPass);
}

TEST(Compare, AnyNaNMatchesAnyNaNForReferenceOps) {
  const Tensor x = Make(DType::kFloat16, {0x7E01});
  const Tensor want = Make(DType::kFloat16, {0x7E01});
  const Tensor got = Make(DType::kFloat16, {0xFE00});
  EXPECT_EQ(CompareOutput(0, want, got, &x, SignRules()).status, Status::kPass);
}

// Identity copies bits: another NaN for its NaN is a deviation (failed
// under --policy strict), though for Sign it would match.
TEST(Compare, AnOpThatKeepsNaNPayloadsDeviatesOnAnotherNaN) {
  const CompareRules identity{FindSchema("", "Identity", 25), nullptr, 0, 0};
  const Tensor x = Make(DType::kFloat16, {0x7E01, 0x3C00});
  const Comparison c = CompareOutput(
      0, x, Make(DType::kFloat16, {0x7E00, 0x3C00}), &x, identity);
  EXPECT_EQ(c.status, Status::kDeviation);
  EXPECT_EQ(c.detail.by_class.at("+qnan").examples[0].actual, "0x7e00");
  EXPECT_EQ(CompareOutput(0, x, x, &x, identity).status, Status::kPass);
}

// A mismatch of Where names its three inputs, the bool condition among
// them, and is counted under their classes (ORT's Where gives +0 for a -0
// it selects from X).
TEST(Compare, AWhereMismatchNamesItsConditionAndBothValues) {
  const CompareRules where{FindSchema("", "Where", 16), nullptr, 0, 0};
  const Tensor c = Make(DType::kBool, {1, 0});
  const Tensor x = Make(DType::kFloat, {0x80000000, 0x3F800000});
  const Tensor y = Make(DType::kFloat, {0x40000000, 0x80000000});
  const Tensor* in[] = {&c, &x, &y};
  const Comparison r =
      CompareOutput(0, Make(DType::kFloat, {0x80000000, 0x80000000}),
                    Make(DType::kFloat, {0x00000000, 0x80000000}), in, where);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.detail.mismatches, 1u);
  const MismatchExample& e =
      r.detail.by_class.at("true,-zero,+normal").examples.at(0);
  EXPECT_EQ(e.input, "0x01,0x80000000,0x40000000");
  EXPECT_EQ(e.actual, "0x00000000");
}

// ORT's float16 answer to Sign(NaN) is 0: the spec is silent, so that is a
// deviation, not a failure; a -0 for a zero input likewise.
TEST(Compare, SilentSpotsAreDeviations) {
  const Tensor x = Make(DType::kFloat16, {0x7E00, 0x8000, 0x3C00});
  const Tensor want = Make(DType::kFloat16, {0x7E00, 0x0000, 0x3C00});
  const Tensor got = Make(DType::kFloat16, {0x0000, 0x8000, 0x3C00});
  const Comparison c = CompareOutput(0, want, got, &x, SignRules());
  EXPECT_EQ(c.status, Status::kDeviation);
  EXPECT_EQ(c.detail.deviations, 2u);
  EXPECT_EQ(c.detail.by_class.at("+qnan").count, 1u);
  EXPECT_EQ(c.detail.by_class.at("+qnan").deviations, 1u);
  EXPECT_EQ(c.detail.by_class.at("-zero").examples[0].actual, "0x8000");
}

// Abs and Neg of an integer minimum wrap in numpy; the spec does not say,
// so OpenVINO's saturated 127 for Abs(-128) is a deviation, while a wrong
// answer elsewhere in the same tensor still fails.
TEST(Compare, IntegerSilentSpotsAreDeviations) {
  const CompareRules abs{FindSchema("", "Abs", 13), 0, 0};
  const Tensor x = Make(DType::kInt8, {0x80, 0xFF});
  const Tensor want = Make(DType::kInt8, {0x80, 0x01});
  Comparison c = CompareOutput(0, want, Make(DType::kInt8, {0x7F, 0x01}), &x, abs);
  EXPECT_EQ(c.status, Status::kDeviation);
  EXPECT_EQ(c.detail.by_class.at("int_min").examples[0].actual, "0x7f");
  c = CompareOutput(0, want, Make(DType::kInt8, {0x7F, 0xFF}), &x, abs);
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.deviations, 1u);
  EXPECT_EQ(c.detail.mismatches, 1u);
  // Per class: int_min's difference is open, the other one's is not.
  EXPECT_EQ(c.detail.by_class.at("int_min").deviations, 1u);
  EXPECT_EQ(c.detail.by_class.at("int_negative").deviations, 0u);
}

TEST(Compare, WrongAnswersFailAndAreSummarisedByInputClass) {
  // Sign(-2) answered +1 twice, Sign(2) answered -0.
  const Tensor x = Make(DType::kFloat16, {0xC000, 0xC000, 0x4000});
  const Tensor want = Make(DType::kFloat16, {0xBC00, 0xBC00, 0x3C00});
  const Tensor got = Make(DType::kFloat16, {0x3C00, 0x3C00, 0x8000});
  const Comparison c = CompareOutput(0, want, got, &x, SignRules());
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.mismatches, 3u);
  ASSERT_EQ(c.detail.by_class.size(), 2u);
  const ClassMismatches& neg = c.detail.by_class.at("-normal");
  EXPECT_EQ(neg.count, 2u);
  EXPECT_EQ(neg.examples[1].index, 1u);
  EXPECT_EQ(neg.examples[1].input, "0xc000");
  EXPECT_EQ(neg.examples[1].expected, "0xbc00");
}

TEST(Compare, ExamplesAreCappedButCountsAreWhole) {
  std::vector<uint64_t> ones(1000, 1), zeros(1000, 0);
  const Comparison c = CompareOutput(0, Make(DType::kBool, ones),
                                     Make(DType::kBool, zeros), nullptr, {});
  EXPECT_EQ(c.detail.mismatches, 1000u);
  EXPECT_EQ(c.detail.by_class.at("true").count, 1000u);
  EXPECT_EQ(c.detail.by_class.at("true").examples.size(), kExamplesPerClass);
}

TEST(Compare, DTypeAndShapeMustMatch) {
  const Tensor want = Make(DType::kBool, {0, 1});
  EXPECT_EQ(CompareOutput(0, want, Make(DType::kUint8, {0, 1}), nullptr, {})
                .status,
            Status::kInvalidOutput);
  const Comparison c =
      CompareOutput(1, want, Make(DType::kBool, {0, 1}, {1, 2}), nullptr, {});
  EXPECT_EQ(c.status, Status::kInvalidOutput);
  EXPECT_EQ(c.message, "output_1: shape [1,2], expected [2]");
}

TEST(Compare, OtherOpsUseOnnxTolerances) {
  const uint64_t one = 0x3F800000, close = 0x3F800008, far = 0x3F810000;
  const uint64_t nan = 0x7FC00000;
  const Tensor want = Make(DType::kFloat, {one, nan});
  EXPECT_EQ(CompareOutput(0, want, Make(DType::kFloat, {close, nan}), nullptr,
                          {}).status,
            Status::kPass);
  EXPECT_EQ(CompareOutput(0, want, Make(DType::kFloat, {far, nan}), nullptr,
                          {}).status,
            Status::kFail);
  CompareRules loose;
  loose.rtol = 1e-2;
  EXPECT_EQ(CompareOutput(0, want, Make(DType::kFloat, {far, nan}), nullptr,
                          loose).status,
            Status::kPass);
}

// The largest distance is over every element that differs, so the fifth
// +normal mismatch, past the examples, sets it; a NaN has none.
TEST(Compare, FloatMismatchesCarryTheirUlpDistance) {
  const Tensor x = Make(DType::kFloat16, std::vector<uint64_t>(7, 0x4000));
  const Tensor want = Make(DType::kFloat16, std::vector<uint64_t>(7, 0x3C00));
  const Tensor got = Make(DType::kFloat16, {0x3C01, 0x3BFF, 0x3C02, 0x3C01,
                                            0x3C09, 0x7E00, 0x3C00});
  const Comparison c = CompareOutput(0, want, got, &x, SignRules());
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.mismatches, 6u);
  EXPECT_EQ(c.detail.max_ulp, 9u);
  const std::vector<MismatchExample>& e =
      c.detail.by_class.at("+normal").examples;
  ASSERT_EQ(e.size(), kExamplesPerClass);
  EXPECT_EQ(e[0].ulp, 1u);
  EXPECT_EQ(e[1].ulp, 1u);
  EXPECT_EQ(e[2].ulp, 2u);
  EXPECT_EQ(e[3].ulp, 1u);
}

TEST(Compare, UlpDistancesOfDeviationsCountToo) {
  // SilentSpotsAreDeviations' outputs: Sign(NaN) -> 0, Sign(-0) -> -0.
  const Tensor x = Make(DType::kFloat16, {0x7E00, 0x8000});
  const Tensor want = Make(DType::kFloat16, {0x7E00, 0x0000});
  const Tensor got = Make(DType::kFloat16, {0x0000, 0x8000});
  const Comparison c = CompareOutput(0, want, got, &x, SignRules());
  EXPECT_EQ(c.status, Status::kDeviation);
  EXPECT_EQ(c.detail.max_ulp, 0u);
  EXPECT_EQ(c.detail.by_class.at("-zero").examples[0].ulp, 0u);
  EXPECT_EQ(c.detail.by_class.at("+qnan").examples[0].ulp, std::nullopt);
}

TEST(Compare, ToleranceFailuresCarryTheirUlpDistance) {
  const Tensor want = Make(DType::kFloat, {0x3F800000});
  const Comparison c = CompareOutput(0, want, Make(DType::kFloat, {0x3F810000}),
                                     nullptr, {});
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.max_ulp, 0x10000u);
}

TEST(Compare, IntegerAndBoolOutputsHaveNoUlpDistance) {
  const Comparison ints = CompareOutput(0, Make(DType::kInt8, {0x01}),
                                        Make(DType::kInt8, {0x02}), nullptr, {});
  EXPECT_EQ(ints.detail.max_ulp, std::nullopt);
  EXPECT_EQ(ints.detail.by_class.begin()->second.examples[0].ulp,
            std::nullopt);
  const Comparison bools = CompareOutput(0, Make(DType::kBool, {1}),
                                         Make(DType::kBool, {0}), nullptr, {});
  EXPECT_EQ(bools.detail.max_ulp, std::nullopt);
}

TEST(Compare, IntegersCompareExactly) {
  const Tensor want = Make(DType::kInt8, {0xFF, 0x00, 0x01});
  const Comparison c =
      CompareOutput(0, want, Make(DType::kInt8, {0xFF, 0x00, 0x00}), nullptr, {});
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.by_class.begin()->first, "int_positive");
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// A quantizer's scale and zero point are read per element by the op's rule
// (here per axis on axis 0, which broadcasting would not read so: the
// second element's scale is 0), classed with x's and
// handed to the deviation rule: a NaN quotient into int8 and a zero scale
// may give anything (quantize.h, spots 2 and 3), a number may not.
TEST(Compare, ParameterInputsAreReadByTheOpsRule) {
  const OpSchema* q = FindSchema("", "QuantizeLinear", 25);
  Attributes attributes = {{"axis", int64_t{0}}};
  ASSERT_EQ(ResolveAttributes(*q, attributes), "");
  const CompareRules rules{q, &attributes, 0, 0};
  const Tensor x = Make(DType::kFloat, {0x7FC00000, 0x3F800000, 0x40000000},
                        {3, 1});
  const Tensor scale = Make(DType::kFloat, {0x3F800000, 0, 0x3F800000});
  const Tensor zero_point = Make(DType::kInt8, {0, 0, 0});
  const Tensor* inputs[] = {&x, &scale, &zero_point};
  const Tensor want = Make(DType::kInt8, {0x00, 0x7F, 0x02}, {3, 1});
  const Tensor got = Make(DType::kInt8, {0x80, 0x00, 0x03}, {3, 1});
  const Comparison c = CompareOutput(0, want, got, inputs, rules);
  EXPECT_EQ(c.status, Status::kFail);
  EXPECT_EQ(c.detail.deviations, 2u);
  EXPECT_EQ(c.detail.mismatches, 1u);
  EXPECT_EQ(c.detail.by_class.at("+normal,+zero,int_zero").count, 1u);
  EXPECT_EQ(c.detail.by_class.at("+normal,+normal,int_zero").examples[0].input,
            "0x40000000,0x3f800000,0x00");
}

}  // namespace
}  // namespace onnxcts
