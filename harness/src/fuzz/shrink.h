// Cutting a graph that shows a departure down to small ones: each op node
// alone, on the very values the reference gives it in the graph (a
// single-node departure, which the scoreboard's suites may already show);
// and, where no node alone departs, the graph with only the outputs that
// differ, then step by step with an output dropped, an output taken before
// the node that computes it, or a node input cut loose from what computes
// it (becoming a graph input holding the reference's value), while the
// departure stays (a graph-only departure:
// folding, fusion, buffer reuse).
#ifndef ONNXCTS_HARNESS_FUZZ_SHRINK_H_
#define ONNXCTS_HARNESS_FUZZ_SHRINK_H_

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "fuzz/graph_generator.h"

namespace onnxcts {

// The verdict on a graph through the backend being fuzzed; none when the
// reference cannot run the graph.
using GraphRun = std::function<std::optional<CaseResult>(const FuzzGraph&)>;

struct Shrunk {
  FuzzGraph graph;
  CaseResult result;
  bool single_node = false;
};

// SingleNodes()
//
// Each op node of `graph` alone, its inputs fed with the values the
// reference gives them in the graph.
std::vector<FuzzGraph> SingleNodes(const FuzzGraph& graph);

// ShrinkGraph()
//
// A graph no larger than `graph` whose verdict through `run` has the
// status of `first` (the verdict on `graph`), with at most `budget` runs.
Shrunk ShrinkGraph(const FuzzGraph& graph, const CaseResult& first,
                   const GraphRun& run, int budget = 60);

// Every value of `graph` by name, as the reference computes it (its fed
// inputs, initializers and each node's outputs); empty when the reference
// cannot run it. With `partly_open`, also the names of the values computed
// with an element the spec leaves open (or read from one).
using Values = std::map<std::string, Tensor, std::less<>>;
Values AllValues(const FuzzGraph& graph,
                 std::set<std::string, std::less<>>* partly_open = nullptr);

// The declared type of a value holding `t`: its dtype and fixed dims.
ValueInfo Declared(const Tensor& t);

// OpNodes()
//
// How many nodes of `model` are not Constant nodes.
size_t OpNodes(const Model& model);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_SHRINK_H_
