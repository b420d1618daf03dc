#include "run/model_check.h"

#include <algorithm>
#include <cstdint>

#include <onnx/defs/schema.h>

#include "onnxcts/infer.h"

namespace onnxcts {
namespace {

// The version ONNX defines at `opset`, for an op the table starts later
// (Abs-1 and Cast-1 have attributes onnxcts leaves out), or 0: ONNX's own
// schema registry (Debian's 1.12 knows every version up to opset 17).
int OnnxVersion(const Node& node, int opset) {
  const std::string domain = node.domain == "ai.onnx" ? "" : node.domain;
  const auto* schema = onnx::OpSchemaRegistry::Schema(node.op_type, opset, domain);
  return schema == nullptr ? 0 : schema->SinceVersion();
}

std::string TypeName(int32_t code) {
  const DTypeInfo* t = FindDType(code);
  return t ? std::string(t->name) : "dtype code " + std::to_string(code);
}

// The dtypes the node's inputs are declared with, checked against the
// formals by the schema's own inference; "" or why they do not fit.
std::string DeclaredInputs(const ValueTypes& declared, const OpSchema& schema,
                           const Node& node, std::vector<DType>& types) {
  for (const std::string& value : node.inputs) {
    if (value.empty()) {  // left out: InputTypesProblem checks it may be
      types.push_back(kAbsentInput);
      continue;
    }
    const int32_t code = declared(value);
    const DTypeInfo* t = FindDType(code);
    if (t == nullptr) {
      return VersionName(schema) + " does not allow " + TypeName(code) +
             " for " + value;
    }
    types.push_back(t->code);
  }
  return InputTypesProblem(schema, types);
}

// The node's outputs, as many as the version has, each declared with the
// dtype the version makes from these inputs and attributes.
std::string CheckOutputs(const ValueTypes& declared, const OpSchema& schema,
                         const Node& node, NodeCheck& check) {
  if (node.outputs.size() != schema.outputs.size()) {
    return VersionName(schema) + " has " +
           std::to_string(schema.outputs.size()) +
           " output(s), the node has " + std::to_string(node.outputs.size());
  }
  const NodeOutputs made =
      InferOutputTypes(schema, check.input_types, check.attributes);
  if (!made.problem.empty()) return made.problem;
  for (size_t k = 0; k < made.types.size(); ++k) {
    const int32_t code = declared(node.outputs[k]);
    if (code != kUndeclared && code != static_cast<int32_t>(made.types[k])) {
      return VersionName(schema) + " does not allow " + TypeName(code) +
             " for " + std::string(schema.outputs[k].name) + ": it makes " +
             std::string(Name(made.types[k])) + " here";
    }
  }
  check.output_types = made.types;
  return "";
}

std::string CheckAttributes(const Node& node, const OpSchema& schema,
                            Attributes& resolved) {
  if (!node.other_attributes.empty()) {
    const auto& [name, type] = *node.other_attributes.begin();
    return "attribute '" + name + "' of type " + type + " is not allowed on " +
           VersionName(schema);
  }
  resolved = node.attributes;
  return ResolveAttributes(schema, resolved);
}

// The ONNX dtypes the table lacks: tensors onnxcts does not carry.
std::string_view Uncarried(int32_t code) {
  switch (code) {
    case 8:
      return "string";
    case 14:
      return "complex64";
    case 15:
      return "complex128";
    default:
      return "";
  }
}

// The first value or dtype attribute of the node of a dtype onnxcts does
// not carry; "" when there is none. Such a model may well be valid: it is
// beyond the reference, not invalid.
std::string_view UncarriedDType(const ValueTypes& declared, const Node& node,
                                const OpSchema& schema) {
  for (const auto* values : {&node.inputs, &node.outputs}) {
    for (const std::string& value : *values) {
      const std::string_view name = Uncarried(declared(value));
      if (!name.empty()) return name;
    }
  }
  for (const AttrSpec& a : schema.attributes) {
    const auto it = node.attributes.find(a.name);
    if (a.dtype_of.empty() || it == node.attributes.end()) continue;
    if (const int64_t* code = std::get_if<int64_t>(&it->second)) {
      const bool in_range = *code == static_cast<int32_t>(*code);
      if (in_range) {
        const std::string_view name = Uncarried(static_cast<int32_t>(*code));
        if (!name.empty()) return name;
      }
    }
  }
  return "";
}

bool KnownOp(const std::string& domain, const std::string& op) {
  return FindSchema(domain, op, 1 << 30) != nullptr;
}

}  // namespace

int32_t DeclaredType(const Model& model, const std::string& value) {
  for (const Tensor& t : model.initializers) {
    if (t.name == value) return static_cast<int32_t>(t.dtype);
  }
  for (const auto* list : {&model.inputs, &model.outputs}) {
    for (const ValueInfo& v : *list) {
      if (v.name == value) return v.elem_type;
    }
  }
  return 0;
}

NodeCheck CheckNode(const Model& model) {
  if (model.nodes.size() != 1) {
    NodeCheck check;
    check.reason = "the model has " + std::to_string(model.nodes.size()) +
                   " nodes; a single-node check takes one";
    return check;
  }
  return CheckNodeOf(model, model.nodes[0], [&](const std::string& value) {
    return DeclaredType(model, value);
  });
}

NodeCheck CheckNodeOf(const Model& model, const Node& node,
                      const ValueTypes& declared) {
  NodeCheck check;
  check.op = node.op_type;
  check.opset = static_cast<int>(model.OpsetOf(node.domain));
  // A case's cell is its main input's dtype (Where's X, not its condition).
  const OpSchema* named =
      KnownOp(node.domain, node.op_type)
          ? FindSchema(node.domain, node.op_type, check.opset)
          : nullptr;
  const size_t main = named != nullptr ? named->MainInput() : 0;
  if (main < node.inputs.size()) {
    const DTypeInfo* t = FindDType(declared(node.inputs[main]));
    if (t != nullptr) check.dtype = t->name;
  }
  if (!KnownOp(node.domain, node.op_type)) {
    check.reason = "op " + node.op_type + " is not implemented";
    return check;
  }
  check.verdict = NodeCheck::Verdict::kInvalid;
  const OpSchema* schema = FindSchema(node.domain, node.op_type, check.opset);
  if (schema == nullptr) {
    if (const int older = OnnxVersion(node, check.opset); older != 0) {
      check.verdict = NodeCheck::Verdict::kUnknown;
      check.reason = node.op_type + "-" + std::to_string(older) +
                     " (opset " + std::to_string(check.opset) +
                     ") is older than the versions onnxcts implements";
      return check;
    }
    check.reason = node.op_type + " does not exist at opset " +
                   std::to_string(check.opset);
    return check;
  }
  check.opset = schema->since_version;
  if (const std::string_view name = UncarriedDType(declared, node, *schema);
      !name.empty()) {
    check.verdict = NodeCheck::Verdict::kUnknown;
    check.reason = "onnxcts does not carry " + std::string(name) + " tensors";
    return check;
  }
  check.reason = DeclaredInputs(declared, *schema, node, check.input_types);
  if (check.reason.empty()) {
    check.reason = CheckAttributes(node, *schema, check.attributes);
  }
  if (check.reason.empty()) {
    check.reason = CheckOutputs(declared, *schema, node, check);
  }
  if (check.reason.empty()) {
    check.verdict = NodeCheck::Verdict::kValid;
    check.schema = schema;
  }
  return check;
}

}  // namespace onnxcts
