#include "io/attribute_io.h"

#include <array>
#include <utility>

#include "core/input_error.h"

namespace onnxcts {
namespace {

using Proto = onnx::AttributeProto;

struct ValueField {
  Proto::AttributeType type;
  const char* name;  // of the field in onnx.proto
  bool set;
};

// Which of the value fields hold something. An empty list is
// indistinguishable from an absent one in protobuf, so a list type may
// legitimately have none of its values.
std::array<ValueField, 14> ValueFields(const Proto& a) {
  return {{
      {Proto::FLOAT, "f", a.has_f()},
      {Proto::INT, "i", a.has_i()},
      {Proto::STRING, "s", a.has_s()},
      {Proto::TENSOR, "t", a.has_t()},
      {Proto::GRAPH, "g", a.has_g()},
      {Proto::SPARSE_TENSOR, "sparse_tensor", a.has_sparse_tensor()},
      {Proto::TYPE_PROTO, "tp", a.has_tp()},
      {Proto::FLOATS, "floats", a.floats_size() > 0},
      {Proto::INTS, "ints", a.ints_size() > 0},
      {Proto::STRINGS, "strings", a.strings_size() > 0},
      {Proto::TENSORS, "tensors", a.tensors_size() > 0},
      {Proto::GRAPHS, "graphs", a.graphs_size() > 0},
      {Proto::SPARSE_TENSORS, "sparse_tensors", a.sparse_tensors_size() > 0},
      {Proto::TYPE_PROTOS, "type_protos", a.type_protos_size() > 0},
  }};
}

bool IsSingleValue(Proto::AttributeType type) {
  switch (type) {
    case Proto::FLOAT:
    case Proto::INT:
    case Proto::STRING:
    case Proto::TENSOR:
    case Proto::GRAPH:
    case Proto::SPARSE_TENSOR:
    case Proto::TYPE_PROTO:
      return true;
    default:
      return false;
  }
}

void CheckType(const Proto& a, const std::string& file,
               const std::string& field) {
  const std::string type_field = field + ".type";
  // proto2 keeps an enum value it does not know among the unknown fields
  // and reads the field as UNDEFINED.
  for (int i = 0; i < a.unknown_fields().field_count(); ++i) {
    if (a.unknown_fields().field(i).number() == Proto::kTypeFieldNumber) {
      throw InputError(file, type_field, "unknown attribute type");
    }
  }
  if (a.type() == Proto::UNDEFINED) {
    throw InputError(file, type_field, "UNDEFINED or missing");
  }
  const std::string declared = Proto::AttributeType_Name(a.type());
  bool holds_declared = !IsSingleValue(a.type());
  for (const ValueField& v : ValueFields(a)) {
    if (!v.set) continue;
    if (v.type != a.type()) {
      throw InputError(file, type_field,
                       "says " + declared + " but field " + v.name + " is set");
    }
    holds_declared = true;
  }
  if (!holds_declared) {
    throw InputError(file, type_field,
                     "says " + declared + " but its value field is not set");
  }
}

}  // namespace

void DecodeAttribute(const Proto& a, const std::string& file,
                     const std::string& field, Node& node) {
  if (a.name().empty()) throw InputError(file, field + ".name", "empty");
  if (node.attributes.contains(a.name()) ||
      node.other_attributes.contains(a.name())) {
    throw InputError(file, field + ".name",
                     "attribute \"" + a.name() + "\" given twice");
  }
  CheckType(a, file, field);
  switch (a.type()) {
    case Proto::INT:
      node.attributes[a.name()] = a.i();
      break;
    case Proto::FLOAT:
      node.attributes[a.name()] = a.f();
      break;
    case Proto::STRING:
      node.attributes[a.name()] = a.s();
      break;
    case Proto::INTS:
      node.attributes[a.name()] =
          std::vector<int64_t>(a.ints().begin(), a.ints().end());
      break;
    case Proto::FLOATS:
      node.attributes[a.name()] =
          std::vector<float>(a.floats().begin(), a.floats().end());
      break;
    default:
      node.other_attributes[a.name()] = Proto::AttributeType_Name(a.type());
  }
}

onnx::AttributeProto ToAttributeProto(const std::string& name,
                                      const AttrValue& value) {
  Proto a;
  a.set_name(name);
  if (const auto* i = std::get_if<int64_t>(&value)) {
    a.set_type(Proto::INT);
    a.set_i(*i);
  } else if (const auto* f = std::get_if<float>(&value)) {
    a.set_type(Proto::FLOAT);
    a.set_f(*f);
  } else if (const auto* s = std::get_if<std::string>(&value)) {
    a.set_type(Proto::STRING);
    a.set_s(*s);
  } else if (const auto* ints = std::get_if<std::vector<int64_t>>(&value)) {
    a.set_type(Proto::INTS);
    a.mutable_ints()->Add(ints->begin(), ints->end());
  } else {
    const auto& floats = std::get<std::vector<float>>(value);
    a.set_type(Proto::FLOATS);
    a.mutable_floats()->Add(floats.begin(), floats.end());
  }
  return a;
}

}  // namespace onnxcts
