// The reference's answer for a graph of its ops: every node run by its
// kernel in running order, and beside each value the elements the spec
// leaves open. An element is open where the node's op leaves its answer
// open on the inputs it reads (AnswerOpen: an integer overflow, Max of +0
// and -0), or where it reads an open element: a backend may answer
// otherwise there and what flows on from it is then not decided either. A
// graph output compared outside its open elements is decided bit for bit
// (a NaN's payload aside), so a mismatch there is a departure.
#ifndef ONNXCTS_HARNESS_RUN_GRAPH_EVAL_H_
#define ONNXCTS_HARNESS_RUN_GRAPH_EVAL_H_

#include <cstdint>
#include <span>
#include <vector>

#include "core/backend.h"
#include "core/model.h"
#include "run/graph_check.h"

namespace onnxcts {

// RunNode()
//
// The outputs of one valid node (`check` is its NodeCheck) on `inputs`, in
// node input order (an omitted one as a tensor of dtype kAbsentInput); a
// kernel that throws gives an error outcome.
RunOutcome RunNode(const NodeCheck& check, const Node& node,
                   std::span<const Tensor* const> inputs);

struct GraphAnswer {
  RunOutcome outcome;  // the graph outputs, in graph order
  // Per graph output, 1 for each element the spec leaves open; empty when
  // none is.
  std::vector<std::vector<uint8_t>> open;
};

// EvaluateGraph()
//
// The answer of a model whose CheckGraph() is `check` (valid), on `fed`
// (FedInputs() order).
GraphAnswer EvaluateGraph(const Model& model, const GraphCheck& check,
                          const std::vector<Tensor>& fed);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_GRAPH_EVAL_H_
