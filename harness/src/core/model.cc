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

int64_t Model::OpsetOf(const std::string& domain) const {
  const std::string key = domain == "ai.onnx" ? "" : domain;
  for (const auto& [d, version] : opsets) {
    if ((d == "ai.onnx" ? "" : d) == key) return version;
  }
  return 0;
}

}  // namespace onnxcts
