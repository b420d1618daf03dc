#include "run/graph_eval.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>

namespace onnxcts {
namespace {

using V = NodeCheck::Verdict;

template <typename T>
Tensor Of(const std::string& name, DType t, std::vector<int64_t> dims,
          std::vector<T> values) {
  Tensor x;
  x.name = name;
  x.dtype = t;
  x.dims = std::move(dims);
  x.bytes.resize(values.size() * sizeof(T));
  std::memcpy(x.bytes.data(), values.data(), x.bytes.size());
  return x;
}

template <typename T>
std::vector<T> ValuesOf(const Tensor& x) {
  std::vector<T> v(x.bytes.size() / sizeof(T));
  std::memcpy(v.data(), x.bytes.data(), x.bytes.size());
  return v;
}

Node Op(const std::string& op, std::vector<std::string> in, std::string out) {
  Node n;
  n.op_type = op;
  n.inputs = std::move(in);
  n.outputs = {std::move(out)};
  return n;
}

Node Constant(const std::string& out, Tensor value) {
  Node n = Op("Constant", {}, out);
  n.other_attributes["value"] = "TENSOR";
  n.tensors["value"] = std::move(value);
  return n;
}

ValueInfo Declared(const std::string& name, DType t) {
  return {name, static_cast<int32_t>(t), std::nullopt};
}

// y = Add(Neg(x), c): nodes listed out of order, a Constant broadcast from
// one element, and the inner value Neg(x) taken as an output too.
Model NegThenAdd() {
  Model m;
  m.ir_version = 8;
  m.opsets[""] = 14;
  m.inputs = {Declared("x", DType::kFloat)};
  m.outputs = {Declared("y", DType::kFloat), Declared("negated", DType::kFloat)};
  m.nodes = {Op("Add", {"negated", "c"}, "y"), Op("Neg", {"x"}, "negated"),
             Constant("c", Of<float>("", DType::kFloat, {1}, {0.25F}))};
  return m;
}

TEST(GraphEval, RunsNodesInDependencyOrderWithConstantsAndBroadcasting) {
  const Model m = NegThenAdd();
  const GraphCheck check = CheckGraph(m);
  ASSERT_EQ(check.verdict, V::kValid) << check.reason;
  EXPECT_EQ(check.order, (std::vector<size_t>{1, 2, 0}));
  const GraphAnswer a = EvaluateGraph(
      m, check, {Of<float>("x", DType::kFloat, {3}, {1.5F, -2.0F, 0.0F})});
  ASSERT_EQ(a.outcome.kind, RunOutcome::Kind::kOk) << a.outcome.message;
  ASSERT_EQ(a.outcome.outputs.size(), 2u);
  EXPECT_EQ(a.outcome.outputs[0].name, "y");
  EXPECT_EQ(ValuesOf<float>(a.outcome.outputs[0]),
            (std::vector<float>{-1.25F, 2.25F, 0.25F}));
  // Neg(+0) is -0, bit for bit.
  EXPECT_EQ(ValuesOf<uint32_t>(a.outcome.outputs[1]),
            (std::vector<uint32_t>{std::bit_cast<uint32_t>(-1.5F),
                                   std::bit_cast<uint32_t>(2.0F),
                                   0x80000000u}));
  EXPECT_TRUE(a.open[0].empty());
  EXPECT_TRUE(a.open[1].empty());
}

TEST(GraphEval, OpenSpotsFlowOnToWhatReadsThem) {
  // int8: 100 + 100 overflows (open); Neg of it, and the broadcast Add of
  // that with a scalar, are open there too, and decided elsewhere.
  Model m;
  m.opsets[""] = 14;
  m.inputs = {Declared("a", DType::kInt8), Declared("b", DType::kInt8)};
  m.outputs = {Declared("sum", DType::kInt8), Declared("y", DType::kInt8)};
  m.initializers = {Of<int8_t>("one", DType::kInt8, {}, {1})};
  m.nodes = {Op("Add", {"a", "b"}, "sum"), Op("Neg", {"sum"}, "minus"),
             Op("Add", {"minus", "one"}, "y")};
  const GraphCheck check = CheckGraph(m);
  ASSERT_EQ(check.verdict, V::kValid) << check.reason;
  const GraphAnswer a = EvaluateGraph(
      m, check,
      {Of<int8_t>("a", DType::kInt8, {3}, {100, 1, -100}),
       Of<int8_t>("b", DType::kInt8, {3}, {100, 2, -29})});
  ASSERT_EQ(a.outcome.kind, RunOutcome::Kind::kOk) << a.outcome.message;
  EXPECT_EQ(ValuesOf<int8_t>(a.outcome.outputs[1])[1], -2);
  EXPECT_EQ(a.open[0], (std::vector<uint8_t>{1, 0, 1}));
  EXPECT_EQ(a.open[1], (std::vector<uint8_t>{1, 0, 1}));
}

TEST(GraphEval, MaxOfZerosOfBothSignsIsOpenOnlyThere) {
  Model m;
  m.opsets[""] = 13;
  m.inputs = {Declared("a", DType::kFloat), Declared("b", DType::kFloat)};
  m.outputs = {Declared("y", DType::kFloat)};
  m.nodes = {Op("Max", {"a", "b"}, "m"), Op("Abs", {"m"}, "y")};
  const GraphCheck check = CheckGraph(m);
  ASSERT_EQ(check.verdict, V::kValid) << check.reason;
  const GraphAnswer a = EvaluateGraph(
      m, check,
      {Of<float>("a", DType::kFloat, {2}, {0.0F, 1.0F}),
       Of<float>("b", DType::kFloat, {2}, {-0.0F, -1.0F})});
  ASSERT_EQ(a.outcome.kind, RunOutcome::Kind::kOk) << a.outcome.message;
  EXPECT_EQ(a.open[0], (std::vector<uint8_t>{1, 0}));
}

TEST(GraphEval, RefusesGraphsThatCannotRun) {
  Model cycle = NegThenAdd();
  cycle.nodes[1].inputs = {"y"};
  GraphCheck c = CheckGraph(cycle);
  EXPECT_EQ(c.verdict, V::kInvalid);
  EXPECT_NE(c.reason.find("graph.node[0] (Add) reads 'negated'"), std::string::npos) << c.reason;

  Model wrong_type = NegThenAdd();
  wrong_type.outputs[1].elem_type = static_cast<int32_t>(DType::kDouble);
  c = CheckGraph(wrong_type);
  EXPECT_EQ(c.verdict, V::kInvalid);
  EXPECT_NE(c.reason.find("graph.node[1] (Neg)"), std::string::npos)
      << c.reason;

  Model unknown = NegThenAdd();
  unknown.nodes[1].op_type = "Softmax";
  c = CheckGraph(unknown);
  EXPECT_EQ(c.verdict, V::kUnknown);
  EXPECT_NE(c.reason.find("not implemented"), std::string::npos) << c.reason;

  Model undefined_output = NegThenAdd();
  undefined_output.outputs.push_back(Declared("z", DType::kFloat));
  EXPECT_EQ(CheckGraph(undefined_output).verdict, V::kInvalid);
}

}  // namespace
}  // namespace onnxcts
