#include "onnxcts/schema.h"

#include <algorithm>
#include <array>
#include <vector>

#include "onnxcts/variant.h"
#include "ops/ops.h"

namespace onnxcts {

// The registry: every operator file of reference/src/ops, as the build
// found their ONNXCTS_REGISTER_OP lines (op_registry.inc), in file order.
#define ONNXCTS_OP(Name) OpFile Name##Op();
#include "op_registry.inc"
#undef ONNXCTS_OP

namespace {

std::vector<OpFile> Registry() {
#define ONNXCTS_OP(Name) Name##Op(),
  return {
#include "op_registry.inc"
  };
#undef ONNXCTS_OP
}

std::vector<OpSchema> CollectSchemas() {
  std::vector<OpSchema> all;
  for (const OpFile& op : Registry()) {
    std::ranges::copy(op.schemas, std::back_inserter(all));
  }
  return all;
}

std::vector<const Variant*> CollectVariants() {
  std::vector<const Variant*> all;
  for (const OpFile& op : Registry()) {
    for (const Variant& v : op.variants) all.push_back(&v);
  }
  return all;
}

// Whether `attributes` (resolved against `schema`) have the values of `v`.
bool HasValues(const OpSchema& schema, const Variant& v,
               const Attributes& attributes) {
  for (const IntAttribute& a : v.attributes) {
    const auto it = attributes.find(a.name);
    const AttrSpec* spec = schema.FindAttribute(a.name);
    if (it == attributes.end() || spec == nullptr) return false;
    const int64_t* value = std::get_if<int64_t>(&it->second);
    if (value == nullptr) return false;
    const int64_t read = spec->flag ? int64_t{*value != 0} : *value;
    if (read != a.value) return false;
  }
  return true;
}

// The AttrType that a value's variant alternative stands for.
AttrType TypeOf(const AttrValue& v) {
  static constexpr std::array<AttrType, 5> kByIndex = {
      AttrType::kInt, AttrType::kFloat, AttrType::kString, AttrType::kInts,
      AttrType::kFloats};
  return kByIndex[v.index()];
}

}  // namespace

std::string_view AttrTypeName(AttrType t) {
  static constexpr std::string_view kNames[] = {"INT", "FLOAT", "STRING",
                                                "INTS", "FLOATS"};
  return kNames[static_cast<int>(t)];
}

const TypeConstraint* OpSchema::FindConstraint(std::string_view name) const {
  for (const TypeConstraint& c : constraints) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

const AttrSpec* OpSchema::FindAttribute(std::string_view name) const {
  for (const AttrSpec& a : attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

bool OpSchema::Allows(std::string_view constraint, DType t) const {
  const TypeConstraint* c = FindConstraint(constraint);
  return c != nullptr && std::ranges::find(c->allowed, t) != c->allowed.end();
}

std::span<const OpSchema> AllSchemas() {
  static const std::vector<OpSchema> all = CollectSchemas();
  return all;
}

std::span<const Variant* const> AllVariants() {
  static const std::vector<const Variant*> all = CollectVariants();
  return all;
}

const Variant* FindVariant(std::string_view name) {
  for (const Variant* v : AllVariants()) {
    if (v->name == name) return v;
  }
  return nullptr;
}

const OpSchema* FindSchema(std::string_view domain, std::string_view op,
                           int opset) {
  // "ai.onnx" and "" name the same default domain.
  if (domain == "ai.onnx") domain = "";
  const OpSchema* best = nullptr;
  for (const OpSchema& s : AllSchemas()) {
    if (s.domain != domain || s.op != op || s.since_version > opset) continue;
    if (best == nullptr || s.since_version > best->since_version) best = &s;
  }
  return best;
}

std::span<const DType> InputTypes(const OpSchema& schema, size_t index) {
  const TypeConstraint* c = schema.FindConstraint(schema.inputs[index].type);
  return c == nullptr ? std::span<const DType>{} : c->allowed;
}

DType OutputDType(const OpSchema& schema, DType input) {
  const std::string_view out = schema.outputs[0].type;
  const TypeConstraint* c = schema.FindConstraint(out);
  if (out == schema.inputs[0].type || c == nullptr || c->allowed.empty()) {
    return input;
  }
  return c->allowed.front();
}

std::string ResolveAttributes(const OpSchema& schema, Attributes& attributes) {
  for (const auto& [name, value] : attributes) {
    const AttrSpec* spec = schema.FindAttribute(name);
    if (spec == nullptr) {
      return "unknown attribute '" + name + "' for " +
             std::string(schema.op) + "-" +
             std::to_string(schema.since_version);
    }
    if (TypeOf(value) != spec->type) {
      return "attribute '" + name + "' must be " +
             std::string(AttrTypeName(spec->type)) + ", not " +
             std::string(AttrTypeName(TypeOf(value)));
    }
  }
  for (const AttrSpec& spec : schema.attributes) {
    if (attributes.contains(spec.name)) continue;
    if (spec.required) {
      return "missing required attribute '" + std::string(spec.name) + "'";
    }
    if (spec.type == AttrType::kInt) {
      attributes.emplace(std::string(spec.name), spec.default_int);
    }
  }
  return "";
}

const Variant* VariantFor(const OpSchema& schema, Attributes attributes) {
  if (!ResolveAttributes(schema, attributes).empty()) return nullptr;
  for (const Variant* v : AllVariants()) {
    if (v->op == schema.op && HasValues(schema, *v, attributes)) return v;
  }
  return nullptr;
}

}  // namespace onnxcts
