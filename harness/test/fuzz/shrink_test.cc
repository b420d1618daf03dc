// ShrinkGraph() on a hand-made chain, through a stand-in for a backend that
// departs when the graph holds the nodes the test names: the nodes that
// matter are kept, whether they sit at the end of the graph or before it.
#include "fuzz/shrink.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace onnxcts {
namespace {

// x -> Neg n0 -> Neg n1 -> Neg n2 -> output, on one float element.
FuzzGraph Chain() {
  FuzzGraph g;
  g.model.ir_version = 9;
  g.model.opsets = {{"", 21}};
  Tensor x{"x", DType::kFloat, {1}, {0, 0, 0x80, 0x3f}};
  for (int i = 0; i < 3; ++i) {
    const std::string in = i == 0 ? "x" : "v" + std::to_string(i - 1);
    g.model.nodes.push_back({"n" + std::to_string(i), "Neg", "", {in},
                             {"v" + std::to_string(i)}, {}, {}, {}});
  }
  g.model.inputs = {Declared(x)};
  g.inputs = {x};
  Tensor y = x;
  y.name = "v2";
  g.model.outputs = {Declared(y)};
  return g;
}

std::set<std::string> NodeNames(const FuzzGraph& g) {
  std::set<std::string> names;
  for (const Node& n : g.model.nodes) names.insert(n.name);
  return names;
}

// Departs while the graph holds every node in `needed`.
GraphRun DepartsWith(std::set<std::string> needed) {
  return [needed](const FuzzGraph& g) {
    CaseResult r;
    const std::set<std::string> names = NodeNames(g);
    r.status = std::ranges::includes(names, needed) ? Status::kFail
                                                    : Status::kPass;
    return std::optional(r);
  };
}

CaseResult Failed() {
  CaseResult r;
  r.status = Status::kFail;
  return r;
}

TEST(ShrinkGraph, KeepsTheFirstNodesByTakingTheOutputEarlier) {
  const Shrunk s = ShrinkGraph(Chain(), Failed(), DepartsWith({"n0", "n1"}));
  EXPECT_EQ(NodeNames(s.graph), (std::set<std::string>{"n0", "n1"}));
  ASSERT_EQ(s.graph.model.outputs.size(), 1u);
  EXPECT_EQ(s.graph.model.outputs[0].name, "v1");
  EXPECT_FALSE(s.single_node);
}

TEST(ShrinkGraph, KeepsTheLastNodesByCuttingAnInputLoose) {
  const Shrunk s = ShrinkGraph(Chain(), Failed(), DepartsWith({"n1", "n2"}));
  EXPECT_EQ(NodeNames(s.graph), (std::set<std::string>{"n1", "n2"}));
  EXPECT_EQ(s.graph.model.outputs.at(0).name, "v2");
}

TEST(ShrinkGraph, KeepsTheMiddleNodeAlone) {
  const Shrunk s = ShrinkGraph(Chain(), Failed(), DepartsWith({"n1"}));
  EXPECT_EQ(NodeNames(s.graph), (std::set<std::string>{"n1"}));
  EXPECT_TRUE(s.single_node);
}

}  // namespace
}  // namespace onnxcts
