// InferOutputs against the operator specs' type constraints and shape rules.
#include "onnxcts/infer.h"

#include <gtest/gtest.h>

#include <vector>

namespace onnxcts {
namespace {

NodeOutputs Infer(std::string_view op, int opset, std::vector<DType> types,
                  std::vector<Dims> dims) {
  const OpSchema* s = FindSchema("", op, opset);
  EXPECT_NE(s, nullptr) << op << "-" << opset;
  Attributes attributes;
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
