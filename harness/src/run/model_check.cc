#include "run/model_check.h"

#include <algorithm>
#include <cstdint>
#include <map>

namespace onnxcts {
namespace {

std::string TypeName(int32_t code) {
  const DTypeInfo* t = FindDType(code);
  return t ? std::string(t->name) : "dtype code " + std::to_string(code);
}

std::string Versioned(const OpSchema& s) {
  return std::string(s.op) + "-" + std::to_string(s.since_version);
}

std::string CountText(size_t least, size_t most) {
  if (most == SIZE_MAX) return std::to_string(least) + " or more";
  return std::to_string(least);
}

// Checks one side (inputs or outputs) of the node against the formals,
// recording the dtype each type parameter is bound to. A variadic last
// formal stands for every value from its position on.
std::string BindFormals(const Model& model, const OpSchema& schema,
                        std::span<const Formal> formals,
                        const std::vector<std::string>& values,
                        std::map<std::string_view, int32_t>& bound,
                        std::vector<DType>& types) {
  const bool variadic = !formals.empty() && formals.back().variadic;
  const size_t most = variadic ? SIZE_MAX : formals.size();
  if (values.size() < formals.size() || values.size() > most) {
    return Versioned(schema) + " takes " +
           CountText(formals.size(), most) + " value(s) here, the node has " +
           std::to_string(values.size());
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const Formal& formal = formals[std::min(i, formals.size() - 1)];
    const int32_t code = DeclaredType(model, values[i]);
    const DTypeInfo* t = FindDType(code);
    if (t == nullptr || !schema.Allows(formal.type, t->code)) {
      return Versioned(schema) + " does not allow " + TypeName(code) +
             " for " + std::string(formal.name);
    }
    auto [it, fresh] = bound.emplace(formal.type, code);
    if (!fresh && it->second != code) {
      return std::string(formal.type) + " is bound to both " +
             TypeName(it->second) + " and " + TypeName(code);
    }
    types.push_back(t->code);
  }
  return "";
}

std::string CheckAttributes(const Node& node, const OpSchema& schema,
                            Attributes& resolved) {
  if (!node.other_attributes.empty()) {
    const auto& [name, type] = *node.other_attributes.begin();
    return "attribute '" + name + "' of type " + type + " is not allowed on " +
           Versioned(schema);
  }
  resolved = node.attributes;
  return ResolveAttributes(schema, resolved);
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
  NodeCheck check;
  if (model.nodes.size() != 1) {
    check.reason = "the model has " + std::to_string(model.nodes.size()) +
                   " nodes; the reference runs single-node models";
    return check;
  }
  const Node& node = model.nodes[0];
  check.op = node.op_type;
  check.opset = static_cast<int>(model.OpsetOf(node.domain));
  if (!node.inputs.empty()) {
    const DTypeInfo* t = FindDType(DeclaredType(model, node.inputs[0]));
    if (t != nullptr) check.dtype = t->name;
  }
  if (!KnownOp(node.domain, node.op_type)) {
    check.reason = "op " + node.op_type + " is not implemented";
    return check;
  }
  check.verdict = NodeCheck::Verdict::kInvalid;
  const OpSchema* schema = FindSchema(node.domain, node.op_type, check.opset);
  if (schema == nullptr) {
    check.reason = node.op_type + " does not exist at opset " +
                   std::to_string(check.opset);
    return check;
  }
  check.opset = schema->since_version;
  std::map<std::string_view, int32_t> bound;
  check.reason = BindFormals(model, *schema, schema->inputs, node.inputs,
                             bound, check.input_types);
  if (check.reason.empty()) {
    check.reason = BindFormals(model, *schema, schema->outputs, node.outputs,
                               bound, check.output_types);
  }
  if (check.reason.empty()) {
    check.reason = CheckAttributes(node, *schema, check.attributes);
  }
  if (check.reason.empty()) {
    check.verdict = NodeCheck::Verdict::kValid;
    check.schema = schema;
  }
  return check;
}

}  // namespace onnxcts
