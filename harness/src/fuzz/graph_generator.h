// Random graphs of the reference's ops, for fuzzing backends: well-typed
// DAGs drawn from the schema table (never from a list of op names), valid by
// construction, with shapes that broadcast, values that come in as graph
// inputs, initializers or Constant nodes, and input bits weighted towards
// each dtype's edges. One seed decides everything.
#ifndef ONNXCTS_HARNESS_FUZZ_GRAPH_GENERATOR_H_
#define ONNXCTS_HARNESS_FUZZ_GRAPH_GENERATOR_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/model.h"
#include "core/tensor.h"
#include "onnxcts/schema.h"

namespace onnxcts {

struct GraphOptions {
  int opset = 21;            // the model's ai.onnx opset
  int max_nodes = 12;        // 1 up to this many op nodes
  size_t max_elements = 64;  // in any one value
  // Kinds of node (NodeKind()) to leave out: those a backend refused.
  std::function<bool(const std::string& kind)> refused;
};

struct FuzzGraph {
  Model model;
  std::vector<Tensor> inputs;  // the fed ones, in FedInputs() order
};

// GraphSources()
//
// The values of `g` that no op computes, each with the name it goes by:
// its fed inputs, initializers and Constant nodes' values. Pointers into a
// const graph are const.
template <typename Graph>
auto GraphSources(Graph& g) {
  using T = std::conditional_t<std::is_const_v<Graph>, const Tensor, Tensor>;
  std::vector<std::pair<std::string, T*>> sources;
  for (T& t : g.inputs) sources.emplace_back(t.name, &t);
  for (T& t : g.model.initializers) sources.emplace_back(t.name, &t);
  for (auto& n : g.model.nodes) {
    const auto value = n.tensors.find("value");
    if (IsConstant(n) && n.outputs.size() == 1 && value != n.tensors.end()) {
      sources.emplace_back(n.outputs[0], &value->second);
    }
  }
  return sources;
}

// NodeKind()
//
// "Add-14(float16,float16)->float16": a node of `s` on inputs of these
// dtypes making `output`, which a backend supports or refuses as a whole.
std::string NodeKind(const OpSchema& s, std::span<const DType> inputs,
                     DType output);

// GraphOps()
//
// The op versions in force at `opset` that graphs are made of.
std::vector<const OpSchema*> GraphOps(int opset);

// GenerateGraph()
//
// The graph of `seed` under `options`.
FuzzGraph GenerateGraph(const GraphOptions& options, uint64_t seed);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_GRAPH_GENERATOR_H_
