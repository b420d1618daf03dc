#include "backends/node_call.h"

#include <algorithm>
#include <utility>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

// A stand-in for a graph input that a must-reject check does not feed: the
// plugin judges the model by its dtype and rank, so one zero will do.
std::optional<Tensor> StandIn(const ValueInfo& info, RunOutcome& refusal) {
  const DTypeInfo* dtype = FindDType(info.elem_type);
  if (dtype == nullptr) {
    refusal = RunOutcome::Of(OutcomeKind::kNotSupported,
                      "graph input '" + info.name + "' has dtype code " +
                          std::to_string(info.elem_type) +
                          ", which a plugin cannot be handed");
    return std::nullopt;
  }
  Tensor t;
  t.name = info.name;
  t.dtype = dtype->code;
  t.dims.assign(info.shape ? info.shape->size() : 1, 1);
  t.bytes.assign(StorageBytes(*dtype, 1), 0);
  return t;
}

std::optional<Tensor> Feed(const RunRequest& request, const ValueInfo& info,
                           size_t index, RunOutcome& refusal) {
  if (index < request.inputs.size()) return request.inputs[index];
  if (request.data_set == nullptr) return StandIn(info, refusal);
  refusal = RunOutcome::Of(OutcomeKind::kError,
                    "the run feeds " + std::to_string(request.inputs.size()) +
                        " inputs, the model has more");
  return std::nullopt;
}

// The tensor a node input names: omitted, an initializer, or a fed input.
std::optional<Tensor> InputTensor(const RunRequest& request,
                                  const std::string& name,
                                  RunOutcome& refusal) {
  if (name.empty()) {
    Tensor omitted;
    omitted.dtype = kOmittedInput;
    return omitted;
  }
  const Model& model = *request.model;
  for (const Tensor& t : model.initializers) {
    if (t.name == name) return t;
  }
  const std::vector<const ValueInfo*> fed = model.FedInputs();
  for (size_t i = 0; i < fed.size(); ++i) {
    if (fed[i]->name == name) return Feed(request, *fed[i], i, refusal);
  }
  refusal =
      RunOutcome::Of(OutcomeKind::kError, "node input '" + name +
                                       "' is neither a graph input nor an "
                                       "initializer");
  return std::nullopt;
}

}  // namespace

std::optional<NodeCall> MakeNodeCall(const RunRequest& request,
                                     RunOutcome& refusal) {
  const Model& model = *request.model;
  if (model.nodes.size() != 1) {
    refusal = RunOutcome::Of(OutcomeKind::kNotSupported,
                      "plugins are handed single-node models; this one has " +
                          std::to_string(model.nodes.size()) + " nodes");
    return std::nullopt;
  }
  const Node& node = model.nodes[0];
  if (!node.other_attributes.empty()) {
    const auto& [name, type] = *node.other_attributes.begin();
    refusal = RunOutcome::Of(OutcomeKind::kNotSupported,
                      "attribute '" + name + "' of type " + type +
                          " cannot be handed to a plugin");
    return std::nullopt;
  }
  NodeCall node_call;
  PluginCall& call = node_call.call;
  call.op_type = node.op_type;
  call.domain = node.domain;
  call.opset_version = model.OpsetOf(node.domain);
  call.attributes = node.attributes;
  call.output_count = node.outputs.size();
  for (const std::string& name : node.inputs) {
    std::optional<Tensor> t = InputTensor(request, name, refusal);
    if (!t) return std::nullopt;
    call.inputs.push_back(std::move(*t));
  }
  for (const ValueInfo& out : model.outputs) {
    const auto it = std::ranges::find(node.outputs, out.name);
    if (it == node.outputs.end()) {
      refusal = RunOutcome::Of(
          OutcomeKind::kNotSupported,
          "graph output '" + out.name + "' is not an output of the node");
      return std::nullopt;
    }
    node_call.output_of_graph.push_back(
        static_cast<size_t>(it - node.outputs.begin()));
  }
  return node_call;
}

RunOutcome OutcomeOf(PluginReply reply, const NodeCall& node_call,
                     const Model& model) {
  RunOutcome outcome = RunOutcome::Of(reply.kind, std::move(reply.message));
  if (reply.kind != OutcomeKind::kOk) return outcome;
  if (reply.outputs.size() != node_call.call.output_count) {
    return RunOutcome::Of(OutcomeKind::kInvalidOutput,
                   "the plugin answered " +
                       std::to_string(reply.outputs.size()) + " outputs for " +
                       std::to_string(node_call.call.output_count));
  }
  for (size_t k = 0; k < node_call.output_of_graph.size(); ++k) {
    Tensor t = reply.outputs[node_call.output_of_graph[k]];
    t.name = model.outputs[k].name;
    outcome.outputs.push_back(std::move(t));
  }
  return outcome;
}

}  // namespace onnxcts
