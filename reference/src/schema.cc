#include "onnxcts/schema.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <vector>

#include "onnxcts/infer.h"
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

// An attribute's value as a variant keys it: a flag as 0 or 1, an INT as
// itself, a STRING of listed choices or a FLOAT of listed values as its
// index among them (a float by its bits); none for anything else.
std::optional<int64_t> KeyOf(const AttrSpec& spec, const AttrValue& value) {
  if (const int64_t* i = std::get_if<int64_t>(&value)) {
    return spec.flag ? int64_t{*i != 0} : *i;
  }
  if (const float* f = std::get_if<float>(&value)) {
    const std::optional<size_t> k = FloatChoice(spec, *f);
    if (!k) return std::nullopt;
    return static_cast<int64_t>(*k);
  }
  const std::string* text = std::get_if<std::string>(&value);
  const auto it = text == nullptr ? spec.choices.end()
                                  : std::ranges::find(spec.choices, *text);
  if (it == spec.choices.end()) return std::nullopt;
  return it - spec.choices.begin();
}

// Whether `attributes` (resolved against `schema`) have the values of `v`.
bool HasValues(const OpSchema& schema, const Variant& v,
               const Attributes& attributes) {
  for (const IntAttribute& a : v.attributes) {
    const auto it = attributes.find(a.name);
    const AttrSpec* spec = schema.FindAttribute(a.name);
    if (it == attributes.end() || spec == nullptr) return false;
    if (KeyOf(*spec, it->second) != a.value) return false;
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

// "" when `value` (of the type `spec` wants) is in the attribute's domain,
// else why not.
// Whether `code` names a dtype that `spec` (an INT naming one) may name.
bool NamesAllowedDType(const OpSchema& schema, const AttrSpec& spec,
                       int64_t code) {
  if (code == 0 && spec.zero_unset) return true;
  const DTypeInfo* t = code == static_cast<int32_t>(code)
                           ? FindDType(static_cast<int32_t>(code))
                           : nullptr;
  if (t == nullptr) return false;
  return spec.dtype_of.empty() ? std::ranges::find(spec.dtypes, t->code) !=
                                     spec.dtypes.end()
                               : schema.Allows(spec.dtype_of, t->code);
}

std::string OutsideDomain(const OpSchema& schema, const AttrSpec& spec,
                          const AttrValue& value) {
  const bool names_dtype = !spec.dtype_of.empty() || !spec.dtypes.empty();
  if (const int64_t* code = std::get_if<int64_t>(&value);
      code != nullptr && names_dtype &&
      !NamesAllowedDType(schema, spec, *code)) {
    const std::string_view of =
        spec.dtype_of.empty() ? spec.name : spec.dtype_of;
    return "attribute '" + std::string(spec.name) + "' is " +
           std::to_string(*code) + ", not a dtype " + VersionName(schema) +
           " allows for " + std::string(of);
  }
  const std::string* text = std::get_if<std::string>(&value);
  if (text != nullptr && !spec.choices.empty() &&
      std::ranges::find(spec.choices, *text) == spec.choices.end()) {
    return "attribute '" + std::string(spec.name) + "' is '" + *text +
           "', not one of the values " + VersionName(schema) + " allows";
  }
  return "";
}

}  // namespace

std::string VersionName(const OpSchema& s) {
  return std::string(s.op) + "-" + std::to_string(s.since_version);
}

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

int64_t Variant::Attribute(std::string_view name, int64_t otherwise) const {
  for (const IntAttribute& a : attributes) {
    if (a.name == name) return a.value;
  }
  return otherwise;
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

bool AnswerOpen(const OpSchema& s, const ElementAnswer& e) {
  if (s.deviation == nullptr) return false;
  return s.open == nullptr || s.open(s, e);
}

std::span<const DType> InputTypes(const OpSchema& schema, size_t index) {
  const TypeConstraint* c = schema.FindConstraint(schema.inputs[index].type);
  return c == nullptr ? std::span<const DType>{} : c->allowed;
}

std::string ResolveAttributes(const OpSchema& schema, Attributes& attributes) {
  for (const auto& [name, value] : attributes) {
    const AttrSpec* spec = schema.FindAttribute(name);
    if (spec == nullptr) {
      return "unknown attribute '" + name + "' for " + VersionName(schema);
    }
    if (TypeOf(value) != spec->type) {
      return "attribute '" + name + "' must be " +
             std::string(AttrTypeName(spec->type)) + ", not " +
             std::string(AttrTypeName(TypeOf(value)));
    }
  }
  for (const AttrSpec& spec : schema.attributes) {
    if (const auto it = attributes.find(spec.name); it != attributes.end()) {
      if (std::string why = OutsideDomain(schema, spec, it->second);
          !why.empty()) {
        return why;
      }
      continue;
    }
    if (spec.required) {
      return "missing required attribute '" + std::string(spec.name) + "'";
    }
    if (spec.type == AttrType::kInt) {
      attributes.emplace(std::string(spec.name), spec.default_int);
    } else if (spec.type == AttrType::kFloat) {
      attributes.emplace(std::string(spec.name), spec.default_float);
    } else if (spec.type == AttrType::kString) {
      attributes.emplace(std::string(spec.name),
                         std::string(spec.default_string));
    }
  }
  return "";
}

std::optional<size_t> FloatChoice(const AttrSpec& a, float v) {
  for (size_t k = 0; k < a.float_choices.size(); ++k) {
    if (std::bit_cast<uint32_t>(a.float_choices[k]) == std::bit_cast<uint32_t>(v)) {
      return k;
    }
  }
  return std::nullopt;
}

std::vector<DType> NodeInputDTypes(const OpSchema& s, size_t count,
                                   DType element,
                                   std::span<const DType> others) {
  std::vector<DType> types;
  size_t k = 0;
  for (size_t i = 0; i < count; ++i) {
    if (s.SelectorInput(i)) {
      types.push_back(s.FindConstraint(s.FormalOf(i).type)->allowed[0]);
      continue;
    }
    const bool own = !s.ElementInput(i) && k < others.size();
    types.push_back(own ? others[k++] : element);
  }
  return types;
}

size_t OpSchema::MainInput() const {
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TypeConstraint* c = FindConstraint(inputs[i].type);
    if (ElementInput(i) && c != nullptr && c->allowed.size() > 1) return i;
  }
  return 0;
}

bool OpSchema::SelectorInput(size_t i) const {
  if (inputs.empty() || !ElementInput(i)) return false;
  const Formal& f = FormalOf(i);
  const TypeConstraint* c = FindConstraint(f.type);
  return f.type != FormalOf(MainInput()).type && c != nullptr &&
         c->allowed.size() == 1;
}

const Variant* VariantFor(const OpSchema& schema, Attributes attributes,
                          std::span<const DType> input_types) {
  if (!ResolveAttributes(schema, attributes).empty()) return nullptr;
  const NodeOutputs made = InferOutputTypes(schema, input_types, attributes);
  if (!made.problem.empty()) return nullptr;
  for (const Variant* v : AllVariants()) {
    if (v->op == schema.VariantsOp() &&
        v->first_version <= schema.since_version &&
        schema.since_version <= v->last_version &&
        (v->output == kInputDType || v->output == made.types[0]) &&
        HasValues(schema, *v, attributes)) {
      return v;
    }
  }
  return nullptr;
}

}  // namespace onnxcts
