#include "run/graph_check.h"

#include <map>
#include <optional>

namespace onnxcts {
namespace {

using Verdict = NodeCheck::Verdict;

std::string NodeName(const Model& model, size_t i) {
  const Node& node = model.nodes[i];
  return "graph.node[" + std::to_string(i) + "] (" + node.op_type + ")";
}

NodeCheck CheckConstant(const Node& node) {
  NodeCheck check;
  check.op = node.op_type;
  const auto value = node.tensors.find("value");
  if (value == node.tensors.end() || node.tensors.size() != 1 ||
      node.other_attributes.size() != 1 || !node.attributes.empty()) {
    check.reason = "a Constant node other than one `value` tensor";
    return check;
  }
  if (!node.inputs.empty() || node.outputs.size() != 1) {
    check.verdict = Verdict::kInvalid;
    check.reason = "Constant takes no inputs and makes one output";
    return check;
  }
  check.verdict = Verdict::kValid;
  check.dtype = Name(value->second.dtype);
  check.output_types = {value->second.dtype};
  return check;
}

}  // namespace

GraphCheck CheckGraph(const Model& model) {
  GraphCheck graph;
  const std::optional<std::vector<size_t>> order =
      model.RunningOrder(graph.reason);
  if (!order) {
    graph.verdict = Verdict::kInvalid;
    return graph;
  }
  graph.order = *order;
  graph.nodes.resize(model.nodes.size());
  std::map<std::string, int32_t, std::less<>> known;
  for (const ValueInfo& in : model.inputs) known[in.name] = in.elem_type;
  for (const Tensor& t : model.initializers) {
    known[t.name] = static_cast<int32_t>(t.dtype);
  }
  const ValueTypes declared = [&](const std::string& value) {
    if (const auto it = known.find(value); it != known.end()) return it->second;
    const bool output = std::ranges::any_of(
        model.outputs, [&](const ValueInfo& v) { return v.name == value; });
    return output ? DeclaredType(model, value) : kUndeclared;
  };
  for (const size_t i : graph.order) {
    const Node& node = model.nodes[i];
    NodeCheck& check = graph.nodes[i];
    check = IsConstant(node) ? CheckConstant(node)
                             : CheckNodeOf(model, node, declared);
    if (check.verdict != Verdict::kValid) {
      graph.verdict = check.verdict;
      graph.reason = NodeName(model, i) + ": " + check.reason;
      return graph;
    }
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      if (node.outputs[k].empty()) continue;
      const auto made = static_cast<int32_t>(check.output_types[k]);
      if (const int32_t want = declared(node.outputs[k]);
          want != kUndeclared && want != made) {
        graph.verdict = Verdict::kInvalid;
        graph.reason = NodeName(model, i) + " makes " +
                       std::string(Name(check.output_types[k])) + " for '" +
                       node.outputs[k] + "', declared as dtype code " +
                       std::to_string(want);
        return graph;
      }
      known[node.outputs[k]] = made;
    }
  }
  graph.verdict = Verdict::kValid;
  return graph;
}

}  // namespace onnxcts
