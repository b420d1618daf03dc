#include "core/model.h"

#include <algorithm>
#include <set>

namespace onnxcts {

std::vector<const ValueInfo*> Model::FedInputs() const {
  std::vector<const ValueInfo*> fed;
  for (const ValueInfo& in : inputs) {
    const bool initialized = std::ranges::any_of(
        initializers, [&](const Tensor& t) { return t.name == in.name; });
    if (!initialized) fed.push_back(&in);
  }
  return fed;
}

const Tensor* Model::Feeding(const std::string& name,
                             const std::vector<Tensor>& fed) const {
  for (const Tensor& t : initializers) {
    if (t.name == name) return &t;
  }
  const std::vector<const ValueInfo*> order = FedInputs();
  for (size_t i = 0; i < order.size() && i < fed.size(); ++i) {
    if (order[i]->name == name) return &fed[i];
  }
  return nullptr;
}

int64_t Model::OpsetOf(const std::string& domain) const {
  const std::string key = domain == "ai.onnx" ? "" : domain;
  for (const auto& [d, version] : opsets) {
    if ((d == "ai.onnx" ? "" : d) == key) return version;
  }
  return 0;
}

std::optional<std::vector<size_t>> Model::RunningOrder(
    std::string& why) const {
  std::set<std::string, std::less<>> defined{""};  // "": an omitted input
  for (const ValueInfo& in : inputs) defined.insert(in.name);
  for (const Tensor& t : initializers) defined.insert(t.name);
  std::vector<size_t> order;
  std::vector<bool> done(nodes.size(), false);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (done[i] || !std::ranges::all_of(nodes[i].inputs, [&](const auto& v) {
            return defined.contains(v);
          })) {
        continue;
      }
      for (const std::string& out : nodes[i].outputs) {
        if (!out.empty() && !defined.insert(out).second) {
          why = "graph.node[" + std::to_string(i) + "] (" +
                nodes[i].op_type + ") defines '" + out + "' again";
          return std::nullopt;
        }
      }
      done[i] = progress = true;
      order.push_back(i);
    }
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (done[i]) continue;
    for (const std::string& v : nodes[i].inputs) {
      if (defined.contains(v)) continue;
      why = "graph.node[" + std::to_string(i) + "] (" + nodes[i].op_type +
            ") reads '" + v +
            "', which no input, initializer or node before it defines";
      return std::nullopt;
    }
  }
  for (const ValueInfo& out : outputs) {
    if (defined.contains(out.name)) continue;
    why = "graph output '" + out.name + "' is defined by nothing";
    return std::nullopt;
  }
  return order;
}

bool IsConstant(const Node& node) {
  return node.op_type == "Constant" && node.domain.empty();
}

bool IsGraph(const Model& model) {
  return model.nodes.size() != 1 || IsConstant(model.nodes[0]);
}

int64_t IrVersionFor(int opset) {
  if (opset <= 9) return 4;
  if (opset == 10) return 5;
  if (opset == 11) return 6;
  if (opset <= 14) return 7;
  if (opset <= 18) return 8;
  if (opset <= 20) return 9;
  if (opset <= 22) return 10;
  if (opset == 23) return 11;
  if (opset == 24) return 12;
  return 13;
}

std::vector<Dim> StaticShape(const std::vector<int64_t>& dims) {
  std::vector<Dim> shape;
  for (int64_t d : dims) shape.push_back({d, ""});
  return shape;
}

}  // namespace onnxcts
