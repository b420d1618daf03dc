// Simplify() on hand-made graphs, through a stand-in for a backend that
// departs on a condition the test states: the values cut down to the
// element that departs, the constants that matter kept, attributes left at
// their defaults, and the rest set to one.
#include "fuzz/simplify.h"

#include <gtest/gtest.h>

#include <cstring>

namespace onnxcts {
namespace {

Tensor Floats(const std::string& name, std::vector<int64_t> dims,
              const std::vector<uint32_t>& bits) {
  Tensor t{name, DType::kFloat, std::move(dims), {}};
  t.bytes.resize(bits.size() * 4);
  std::memcpy(t.bytes.data(), bits.data(), t.bytes.size());
  return t;
}

std::vector<uint32_t> BitsOf(const Tensor& t) {
  std::vector<uint32_t> bits(t.bytes.size() / 4);
  std::memcpy(bits.data(), t.bytes.data(), t.bytes.size());
  return bits;
}

// A graph of one Add of float input `x` and float initializer `c`, with
// its output declared as the reference computes it.
FuzzGraph AddGraph(Tensor x, Tensor c) {
  FuzzGraph g;
  g.model.ir_version = 9;
  g.model.opsets = {{"", 21}};
  g.model.nodes = {{"add", "Add", "", {"x", "c"}, {"y"}, {}, {}, {}}};
  g.model.inputs = {Declared(x)};
  g.model.initializers = {std::move(c)};
  g.inputs = {std::move(x)};
  Tensor y = g.inputs[0];
  y.name = "y";
  y.dims = {2, 3};
  g.model.outputs = {Declared(y)};
  return g;
}

CaseResult Verdict(bool departs) {
  CaseResult r;
  r.status = departs ? Status::kFail : Status::kPass;
  return r;
}

bool Fails(const FuzzGraph&, const CaseResult& r) {
  return r.status == Status::kFail;
}

constexpr uint32_t kOne = 0x3f800000u, kNegZero = 0x80000000u;

TEST(Simplify, CutsTheValuesDownToTheElementThatDeparts) {
  // -0 at the end of x's second row: a search by halves must reach it.
  const FuzzGraph g = AddGraph(
      Floats("x", {2, 3}, {7, 8, 9, 10, 11, kNegZero}),
      Floats("c", {1, 3}, {0x40000000u, 0x40400000u, 0x40800000u}));
  int runs = 0;
  const auto departs = [&](const FuzzGraph& candidate) {
    ++runs;
    const auto bits = BitsOf(candidate.inputs.at(0));
    return std::optional(
        Verdict(std::ranges::find(bits, kNegZero) != bits.end()));
  };
  const Shrunk s = Simplify({g, Verdict(true), false}, departs, Fails);
  ASSERT_EQ(s.result.status, Status::kFail);
  ASSERT_EQ(s.graph.inputs.size(), 2u);
  EXPECT_TRUE(s.graph.inputs[0].dims.empty());
  EXPECT_EQ(BitsOf(s.graph.inputs[0]), std::vector<uint32_t>{kNegZero});
  // The constant no longer an initializer, and one.
  EXPECT_TRUE(s.graph.model.initializers.empty());
  EXPECT_EQ(s.graph.inputs[1].name, "c");
  EXPECT_EQ(BitsOf(s.graph.inputs[1]), std::vector<uint32_t>{kOne});
  // Declared types follow the values.
  EXPECT_EQ(s.graph.model.inputs[0].shape->size(), 0u);
  EXPECT_EQ(s.graph.model.outputs[0].shape->size(), 0u);
  EXPECT_LE(runs, 60);
}

TEST(Simplify, KeepsAConstantThatTheDepartureNeeds) {
  const FuzzGraph g = AddGraph(Floats("x", {2, 3}, {1, 2, 3, 4, 5, 6}),
                               Floats("c", {1, 3}, {kOne, kOne, kNegZero}));
  const auto departs = [](const FuzzGraph& candidate) {
    return std::optional(Verdict(!candidate.model.initializers.empty()));
  };
  const Shrunk s = Simplify({g, Verdict(true), false}, departs, Fails);
  ASSERT_EQ(s.graph.model.initializers.size(), 1u);
  // Nothing but the initializer matters: every value one element of one.
  EXPECT_EQ(BitsOf(s.graph.model.initializers[0]), std::vector<uint32_t>{kOne});
  EXPECT_EQ(BitsOf(s.graph.inputs.at(0)), std::vector<uint32_t>{kOne});
}

TEST(Simplify, LeavesAttributesAtTheirDefaults) {
  FuzzGraph g = AddGraph(Floats("x", {1}, {kOne}), Floats("c", {1}, {kOne}));
  g.model.nodes.push_back({"leaky", "LeakyRelu", "", {"y"}, {"z"},
                           {{"alpha", 0.5f}}, {}, {}});
  g.model.outputs[0].name = "z";
  g.model.outputs[0].shape = StaticShape({1});
  const auto departs = [](const FuzzGraph&) {
    return std::optional(Verdict(true));
  };
  const Shrunk s = Simplify({g, Verdict(true), false}, departs, Fails);
  ASSERT_EQ(s.graph.model.nodes.size(), 2u);
  EXPECT_TRUE(s.graph.model.nodes[1].attributes.empty());
}

TEST(Simplify, SpendsNoRunOnWhatTheReferenceCannotRun) {
  // Every step of a graph whose node has no schema fails the reference.
  FuzzGraph g = AddGraph(Floats("x", {2, 3}, {1, 2, 3, 4, 5, 6}),
                         Floats("c", {1, 3}, {1, 2, 3}));
  g.model.nodes[0].op_type = "NoSuchOp";
  int runs = 0;
  const auto departs = [&](const FuzzGraph&) {
    ++runs;
    return std::optional(Verdict(true));
  };
  const Shrunk s = Simplify({g, Verdict(true), false}, departs, Fails);
  EXPECT_EQ(runs, 0);
  EXPECT_EQ(s.graph.inputs[0].dims, (std::vector<int64_t>{2, 3}));
}

}  // namespace
}  // namespace onnxcts
