// A model as the harness holds it, after validation: only what backends and
// the runner need, never the protobuf itself.
#ifndef ONNXCTS_HARNESS_CORE_MODEL_H_
#define ONNXCTS_HARNESS_CORE_MODEL_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnxcts/schema.h"

namespace onnxcts {

// One dimension of a declared shape: a number, a symbolic name, or unknown.
struct Dim {
  std::optional<int64_t> value;
  std::string param;
};

struct ValueInfo {
  std::string name;
  int32_t elem_type = 0;  // an ONNX code; may be one the table lacks
  std::optional<std::vector<Dim>> shape;  // absent: rank unknown
};

struct Node {
  std::string name;
  std::string op_type;
  std::string domain;  // "" for ai.onnx
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  Attributes attributes;  // the types onnxcts models
  // Attributes of other types (TENSOR, GRAPH, ...): name -> ONNX type name.
  std::map<std::string, std::string> other_attributes;
};

struct Model {
  int64_t ir_version = 0;
  std::map<std::string, int64_t> opsets;  // domain ("" = ai.onnx) -> version
  std::vector<ValueInfo> inputs;   // graph inputs, initializers included
  std::vector<ValueInfo> outputs;
  std::vector<Node> nodes;
  std::vector<Tensor> initializers;

  // The graph inputs a caller must feed: inputs that no initializer sets.
  std::vector<const ValueInfo*> FedInputs() const;
  // The tensor that feeds value `name`: an initializer, or the entry of
  // `fed` (tensors in FedInputs() order) for a fed input; null if none.
  const Tensor* Feeding(const std::string& name,
                        const std::vector<Tensor>& fed) const;
  int64_t OpsetOf(const std::string& domain) const;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_MODEL_H_
