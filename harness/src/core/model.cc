#include "core/model.h"

#include <algorithm>

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

}  // namespace onnxcts
