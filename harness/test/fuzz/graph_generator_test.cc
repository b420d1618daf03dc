#include "fuzz/graph_generator.h"

#include <gtest/gtest.h>

#include <set>

#include "io/model_io.h"
#include "run/graph_eval.h"

namespace onnxcts {
namespace {

constexpr uint64_t kSeeds = 400;

TEST(GraphGenerator, EverySeedGivesAValidGraphTheReferenceRuns) {
  for (const int opset : {11, 13, 18, 21}) {
    for (uint64_t seed = 0; seed < kSeeds; ++seed) {
      const FuzzGraph g = GenerateGraph({.opset = opset, .refused = {}}, seed);
      SCOPED_TRACE("opset " + std::to_string(opset) + " seed " +
                   std::to_string(seed));
      ASSERT_FALSE(g.model.nodes.empty());
      ASSERT_FALSE(g.model.outputs.empty());
      // Through the bytes a backend is sent, and the harness's own reader.
      const Model read = ParseModel(EncodeModel(g.model), "graph.onnx", "");
      const GraphCheck check = CheckGraph(read);
      ASSERT_EQ(check.verdict, NodeCheck::Verdict::kValid) << check.reason;
      const GraphAnswer a = EvaluateGraph(read, check, g.inputs);
      ASSERT_EQ(a.outcome.kind, RunOutcome::Kind::kOk) << a.outcome.message;
      ASSERT_EQ(a.outcome.outputs.size(), read.outputs.size());
    }
  }
}

TEST(GraphGenerator, TheSeedDecidesEverything) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    EXPECT_EQ(EncodeModel(GenerateGraph({}, seed).model),
              EncodeModel(GenerateGraph({}, seed).model));
  }
  EXPECT_NE(EncodeModel(GenerateGraph({}, 1).model),
            EncodeModel(GenerateGraph({}, 2).model));
}

// Across seeds, what a graph fuzzer must reach: most ops, values from each
// kind of source, shapes that broadcast, empty and scalar values, deep
// graphs, and outputs taken inside the graph.
TEST(GraphGenerator, CoversOpsSourcesAndShapes) {
  std::set<std::string> ops;
  size_t constants = 0, initializers = 0, inputs = 0, scalars = 0, empty = 0;
  size_t broadcast = 0, deep = 0, inner_outputs = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const FuzzGraph g = GenerateGraph({.opset = 21, .refused = {}}, seed);
    const Model& m = g.model;
    initializers += m.initializers.size();
    inputs += g.inputs.size();
    size_t op_nodes = 0;
    std::set<std::string> read;
    for (const Node& n : m.nodes) {
      if (n.op_type == "Constant") {
        ++constants;
        continue;
      }
      ++op_nodes;
      ops.insert(n.op_type);
      read.insert(n.inputs.begin(), n.inputs.end());
    }
    deep += op_nodes >= 8;
    for (const ValueInfo& out : m.outputs) inner_outputs += read.contains(out.name);
    for (const Tensor& x : g.inputs) {
      scalars += x.dims.empty();
      empty += x.count() == 0;
    }
    std::set<size_t> ranks;
    for (const Tensor& x : g.inputs) ranks.insert(x.dims.size());
    broadcast += ranks.size() > 1;
  }
  size_t graph_ops = 0;
  std::set<std::string> all;
  for (const OpSchema* s : GraphOps(21)) all.insert(std::string(s->op));
  graph_ops = all.size();
  EXPECT_GE(ops.size() * 10, graph_ops * 9) << ops.size() << " of " << graph_ops;
  EXPECT_GT(constants, kSeeds / 2);
  EXPECT_GT(initializers, kSeeds / 2);
  EXPECT_GT(inputs, kSeeds);
  EXPECT_GT(scalars, 20u);
  EXPECT_GT(empty, 5u);
  EXPECT_GT(broadcast, kSeeds / 4);
  EXPECT_GT(deep, kSeeds / 10);
  EXPECT_GT(inner_outputs, kSeeds / 10);
}

}  // namespace
}  // namespace onnxcts
