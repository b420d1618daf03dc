// Checks a model of any number of nodes against the op schema table: each
// value defined once, an order in which every node reads only values
// defined before it, each node valid at the model's opset on the dtypes
// that reach it, and every graph output declared with the dtype its node
// makes. Constant nodes (with a `value` tensor) are the one op outside the
// table: they give their tensor.
#ifndef ONNXCTS_HARNESS_RUN_GRAPH_CHECK_H_
#define ONNXCTS_HARNESS_RUN_GRAPH_CHECK_H_

#include <cstddef>
#include <string>
#include <vector>

#include "core/model.h"
#include "run/model_check.h"

namespace onnxcts {

struct GraphCheck {
  NodeCheck::Verdict verdict = NodeCheck::Verdict::kUnknown;
  std::string reason;  // for kInvalid and kUnknown: which node, and why
  // Node indices in an order that runs them (the model's own where it is
  // already one), and each node's check by its index (a Constant's has no
  // schema and its tensor's dtype as output type).
  std::vector<size_t> order;
  std::vector<NodeCheck> nodes;
};

// CheckGraph()
//
// The check of every node of `model`, in running order. A node that is
// not valid ends it, with that node's verdict.
GraphCheck CheckGraph(const Model& model);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_GRAPH_CHECK_H_
