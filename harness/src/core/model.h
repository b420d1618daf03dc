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
  // The values of its TENSOR attributes (Constant's `value`), by name; each
  // is listed in other_attributes too, so that what runs single nodes
  // refuses them as before.
  std::map<std::string, Tensor, std::less<>> tensors = {};
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
  // The node indices in an order that runs them: each node once every
  // value it reads is defined, the model's own order among those ready.
  // None, with `why` naming the node and the value, when some node never
  // gets its inputs (a cycle, a value nothing defines), defines a value
  // defined before, or a graph output is defined by nothing.
  std::optional<std::vector<size_t>> RunningOrder(std::string& why) const;
};

// Whether `node` is a Constant node, whose value the model holds.
bool IsConstant(const Node& node);

// Whether `model` is more than one node of an op: several nodes, none, or a
// Constant node alone.
bool IsGraph(const Model& model);

// The IR version that goes with an opset (ONNX's versioning table).
int64_t IrVersionFor(int opset);

// A declared shape of these fixed dims.
std::vector<Dim> StaticShape(const std::vector<int64_t>& dims);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_MODEL_H_
