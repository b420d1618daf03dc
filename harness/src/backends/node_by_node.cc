#include "backends/node_by_node.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "onnxcts/infer.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using Values = std::map<std::string, Tensor, std::less<>>;

// The dtypes the schema table gives a node's outputs on these inputs; none
// for an op it does not have (the backend then sizes them itself).
std::vector<DType> OutputTypes(const Model& model, const Node& node,
                               const std::vector<DType>& input_types) {
  const OpSchema* s = FindSchema(node.domain, node.op_type,
                                 static_cast<int>(model.OpsetOf(node.domain)));
  if (s == nullptr) return {};
  Attributes resolved = node.attributes;
  if (!ResolveAttributes(*s, resolved).empty()) return {};
  const NodeOutputs made = InferOutputTypes(*s, input_types, resolved);
  return made.problem.empty() ? made.types : std::vector<DType>{};
}

// Node `node` of `model` as a model of its own, its inputs fed from
// `values` into `fed`.
Model Alone(const Model& model, const Node& node, const Values& values,
            std::vector<Tensor>& fed) {
  Model one;
  one.ir_version = model.ir_version;
  one.opsets = model.opsets;
  one.nodes = {node};
  std::set<std::string, std::less<>> seen;
  std::vector<DType> types;
  for (const std::string& name : node.inputs) {
    if (name.empty()) {
      types.push_back(kAbsentInput);
      continue;
    }
    const Tensor& x = values.find(name)->second;  // Step() checked
    types.push_back(x.dtype);
    if (!seen.insert(name).second) continue;
    one.inputs.push_back(
        {name, static_cast<int32_t>(x.dtype), StaticShape(x.dims)});
    fed.push_back(x);
  }
  const std::vector<DType> made = OutputTypes(model, node, types);
  for (size_t k = 0; k < node.outputs.size(); ++k) {
    if (node.outputs[k].empty()) continue;
    const int32_t code = k < made.size() ? static_cast<int32_t>(made[k]) : 0;
    one.outputs.push_back({node.outputs[k], code, std::nullopt});
  }
  return one;
}

// Runs node `i`, its outputs into `values`; an outcome that is not ok when
// it cannot.
RunOutcome Step(const RunRequest& request, size_t i, Values& values,
                const NodeRunner& run_node) {
  const Model& model = *request.model;
  const Node& node = model.nodes[i];
  if (IsConstant(node)) {
    const auto value = node.tensors.find("value");
    if (value == node.tensors.end() || node.outputs.size() != 1) {
      return RunOutcome::Of(OutcomeKind::kNotSupported,
                            "a Constant node other than one `value` tensor");
    }
    values[node.outputs[0]] = value->second;
    return {};
  }
  for (const std::string& name : node.inputs) {
    if (!name.empty() && !values.contains(name)) {
      return RunOutcome::Of(OutcomeKind::kInvalidOutput,
                            "graph.node[" + std::to_string(i) + "] (" +
                                node.op_type + ") reads '" + name +
                                "', which the node before did not answer");
    }
  }
  std::vector<Tensor> fed;
  const Model one = Alone(model, node, values, fed);
  RunRequest step = request;
  step.model = &one;
  step.inputs = std::move(fed);
  RunOutcome out = run_node(step);
  if (out.kind != OutcomeKind::kOk) {
    out.message = "graph.node[" + std::to_string(i) + "] (" + node.op_type +
                  "): " + out.message;
    return out;
  }
  for (Tensor& y : out.outputs) {
    const std::string name = y.name;
    values[name] = std::move(y);
  }
  return {};
}

}  // namespace

RunOutcome RunByNodes(const RunRequest& request, const NodeRunner& run_node) {
  const Model& model = *request.model;
  std::string why;
  const std::optional<std::vector<size_t>> order = model.RunningOrder(why);
  if (!order) return RunOutcome::Of(OutcomeKind::kError, why);
  Values values;
  const std::vector<const ValueInfo*> fed = model.FedInputs();
  if (request.inputs.size() != fed.size()) {
    return RunOutcome::Of(OutcomeKind::kNotSupported,
                          "a graph is run node by node only on data: the run "
                          "feeds " + std::to_string(request.inputs.size()) +
                              " of its " + std::to_string(fed.size()) +
                              " inputs");
  }
  for (size_t k = 0; k < fed.size(); ++k) {
    values[fed[k]->name] = request.inputs[k];
  }
  for (const Tensor& t : model.initializers) values.try_emplace(t.name, t);
  RunOutcome result;
  for (const size_t i : *order) {
    RunOutcome step = Step(request, i, values, run_node);
    if (step.kind != OutcomeKind::kOk) return step;
    result.stderr_tail = std::move(step.stderr_tail);
  }
  for (const ValueInfo& out : model.outputs) {
    const auto it = values.find(out.name);
    if (it == values.end()) {
      return RunOutcome::Of(OutcomeKind::kError,
                            "graph output '" + out.name + "' was not made");
    }
    Tensor& y = result.outputs.emplace_back(it->second);
    y.name = out.name;
  }
  return result;
}

}  // namespace onnxcts
