// A graph run one node at a time, for backends that are handed single nodes
// (plugins): the harness holds the values between nodes, so such a backend
// is fuzzed with graphs too, its kernels chained as a runtime would chain
// them (though no folding or fusion of its own can show).
#ifndef ONNXCTS_HARNESS_BACKENDS_NODE_BY_NODE_H_
#define ONNXCTS_HARNESS_BACKENDS_NODE_BY_NODE_H_

#include <functional>

#include "core/backend.h"

namespace onnxcts {

using NodeRunner = std::function<RunOutcome(const RunRequest& request)>;

// RunByNodes()
//
// Runs `request`'s model node by node through `run_node`, each node as a
// model of its own whose inputs are all fed (its outputs declared with the
// dtypes the schema table gives, where it knows the op), Constant nodes
// answered by their value. The first node whose outcome is not ok ends it,
// with that outcome, its message naming the node.
RunOutcome RunByNodes(const RunRequest& request, const NodeRunner& run_node);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_NODE_BY_NODE_H_
