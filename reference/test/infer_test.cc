// InferOutputs against the operator specs' type constraints and shape rules.
#include "onnxcts/infer.h"

#include <gtest/gtest.h>

#include <vector>

namespace onnxcts {
namespace {

NodeOutputs Infer(std::string_view op, int opset, std::vector<DType> types,
                  std::vector<Dims> dims, Attributes attributes = {}) {
  const OpSchema* s = FindSchema("", op, opset);
  EXPECT_NE(s, nullptr) << op << "-" << opset;
  EXPECT_EQ(ResolveAttributes(*s, attributes), "");
  return InferOutputs(*s, types, dims, attributes);
}

TEST(InferOutputs, APredicateMakesBoolOfTheInputsShape) {
  // IsInf-20: T1 in, T2 = tensor(bool) out.
  const NodeOutputs made =
      Infer("IsInf", 20, {DType::kFloat8E5M2}, {{2, 3}});
  EXPECT_EQ(made.problem, "");
  EXPECT_EQ(made.types, std::vector<DType>{DType::kBool});
  EXPECT_EQ(made.dims, (Dims{2, 3}));
}

TEST(InferOutputs, AnOutputOfTheInputsConstraintTakesItsDType) {
  const NodeOutputs made = Infer("Sign", 13, {DType::kBfloat16}, {{5}});
  EXPECT_EQ(made.types, std::vector<DType>{DType::kBfloat16});
}

TEST(InferOutputs, AComparisonMakesBoolOfTheBroadcastShape) {
  const NodeOutputs made = Infer("Less", 13, {DType::kInt8, DType::kInt8},
                                 {{2, 1, 4}, {3, 1}});
  EXPECT_EQ(made.problem, "");
  EXPECT_EQ(made.types, std::vector<DType>{DType::kBool});
  EXPECT_EQ(made.dims, (Dims{2, 3, 4}));
}

TEST(InferOutputs, ShapesThatDifferNeedAVersionThatBroadcasts) {
  // Max-6 takes inputs of one shape; Max-8 broadcasts them.
  EXPECT_NE(Infer("Max", 6, {DType::kFloat, DType::kFloat}, {{3}, {1}})
                .problem.find("does not broadcast"),
            std::string::npos);
  EXPECT_EQ(Infer("Max", 8, {DType::kFloat, DType::kFloat}, {{3}, {1}}).dims,
            (Dims{3}));
  EXPECT_NE(Infer("Max", 8, {DType::kFloat, DType::kFloat}, {{3}, {2}})
                .problem.find("do not broadcast"),
            std::string::npos);
}

// PRelu's slope broadcasts to X's shape, never X to the slope's.
TEST(InferOutputs, AUnidirectionalOpKeepsTheFirstInputsShape) {
  const std::vector<DType> two = {DType::kFloat, DType::kFloat};
  EXPECT_EQ(Infer("PRelu", 16, two, {{2, 3}, {3}}).dims, (Dims{2, 3}));
  EXPECT_NE(Infer("PRelu", 16, two, {{3}, {2, 3}})
                .problem.find("does not broadcast to input 0's shape"),
            std::string::npos);
  EXPECT_NE(Infer("PRelu", 6, two, {{2, 3}, {3}})
                .problem.find("does not broadcast"),
            std::string::npos);
}

// Mod forbids fmod 0 on a float, and allows it on an integer.
TEST(InferOutputs, WhatAVersionForbidsIsAProblem) {
  Attributes fmod0 = {{"fmod", int64_t{0}}};
  EXPECT_NE(Infer("Mod", 13, {DType::kFloat, DType::kFloat}, {{1}, {1}}, fmod0)
                .problem.find("needs fmod=1"),
            std::string::npos);
  EXPECT_EQ(Infer("Mod", 13, {DType::kInt8, DType::kInt8}, {{1}, {1}}, fmod0)
                .problem,
            "");
}

TEST(InferOutputs, ADTypeTheVersionDoesNotAllowIsNamed) {
  const NodeOutputs made = Infer("Sign", 9, {DType::kBfloat16}, {{1}});
  EXPECT_EQ(made.problem, "Sign-9 does not allow bfloat16 for input");
  EXPECT_TRUE(made.types.empty());
}

TEST(InferOutputs, InputsOfOneConstraintMustAgree) {
  const NodeOutputs made = Infer("Max", 13, {DType::kFloat, DType::kDouble},
                                 {{1}, {1}});
  EXPECT_EQ(made.problem, "T is bound to both float and double");
}

TEST(InferOutputs, TheCountOfInputsIsTheVersions) {
  EXPECT_EQ(Infer("Less", 13, {DType::kFloat}, {{1}}).problem,
            "Less-13 takes 2 input(s), the node has 1");
  EXPECT_EQ(Infer("Max", 13, {}, {}).problem,
            "Max-13 takes 1 or more input(s), the node has 0");
  EXPECT_EQ(Infer("Max", 13, std::vector<DType>(5, DType::kInt64),
                  std::vector<Dims>(5, Dims{2}))
                .problem,
            "");
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// An optional input left out by an empty name (Clip's min before a given
// max) binds nothing; a required one may not be left out.
TEST(InferOutputs, AnAbsentInputMayOnlyBeAnOptionalOne) {
  EXPECT_EQ(InferOutputTypes(*FindSchema("", "Clip", 13),
                             std::vector<DType>{DType::kInt8, kAbsentInput,
                                                DType::kInt8},
                             {})
                .problem,
            "");
  EXPECT_EQ(InferOutputTypes(*FindSchema("", "Add", 14),
                             std::vector<DType>{DType::kInt8, kAbsentInput}, {})
                .problem,
            "Add-14 needs its input B: the node leaves it out");
}

}  // namespace
}  // namespace onnxcts
