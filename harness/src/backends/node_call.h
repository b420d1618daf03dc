// What a plugin is handed for a run: the single node of the model, with its
// inputs taken from the run's feeds and the model's initializers.
#ifndef ONNXCTS_HARNESS_BACKENDS_NODE_CALL_H_
#define ONNXCTS_HARNESS_BACKENDS_NODE_CALL_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "backends/plugin_library.h"
#include "core/backend.h"

namespace onnxcts {

struct NodeCall {
  PluginCall call;
  // For graph output k, the index of the node output that holds it.
  std::vector<size_t> output_of_graph;
};

// MakeNodeCall()
//
// The call for `request`, or the outcome that stands instead of one: not
// supported for a model that is not a single node of types a plugin can be
// given. A must-reject check (no data set) feeds each graph input as one
// zero element of its declared dtype and rank.
std::optional<NodeCall> MakeNodeCall(const RunRequest& request,
                                     RunOutcome& refusal);

// OutcomeOf()
//
// The run's outcome from the plugin's reply, outputs in graph order and
// named after the graph outputs.
RunOutcome OutcomeOf(PluginReply reply, const NodeCall& node_call,
                     const Model& model);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_NODE_CALL_H_
