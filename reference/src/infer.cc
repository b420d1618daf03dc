#include "onnxcts/infer.h"

#include <algorithm>
#include <map>

namespace onnxcts {
namespace {

std::string CountText(const OpSchema& s) {
  if (s.MaxInputs() == SIZE_MAX) {
    return std::to_string(s.MinInputs()) + " or more";
  }
  return std::to_string(s.MinInputs());
}

// Binds the constraints that attributes name (Cast's `to`: resolved, so
// its value is a dtype the constraint allows).
void BindAttributes(const OpSchema& s, const Attributes& attributes,
                    std::map<std::string_view, DType>& bound) {
  for (const AttrSpec& a : s.attributes) {
    const auto it = attributes.find(a.name);
    if (a.dtype_of.empty() || it == attributes.end()) continue;
    const int64_t* code = std::get_if<int64_t>(&it->second);
    if (code != nullptr && !(*code == 0 && a.zero_unset)) {
      bound.emplace(a.dtype_of, static_cast<DType>(*code));
    }
  }
}

// Binds each input's type constraint to its dtype; "" or why it cannot.
std::string Bind(const OpSchema& s, std::span<const DType> types,
                 std::map<std::string_view, DType>& bound) {
  if (types.size() < s.MinInputs() || types.size() > s.MaxInputs()) {
    return VersionName(s) + " takes " + CountText(s) +
           " input(s), the node has " + std::to_string(types.size());
  }
  for (size_t i = 0; i < types.size(); ++i) {
    const Formal& formal = s.FormalOf(i);
    if (types[i] == kAbsentInput) {
      if (formal.optional) continue;
      return VersionName(s) + " needs its input " + std::string(formal.name) +
             ": the node leaves it out";
    }
    if (!s.Allows(formal.type, types[i])) {
      return VersionName(s) + " does not allow " +
             std::string(Name(types[i])) + " for " + std::string(formal.name);
    }
    const auto [it, fresh] = bound.emplace(formal.type, types[i]);
    if (!fresh && it->second != types[i]) {
      return std::string(formal.type) + " is bound to both " +
             std::string(Name(it->second)) + " and " +
             std::string(Name(types[i]));
    }
  }
  return "";
}

std::string OutputType(const OpSchema& s, const Formal& out,
                       const std::map<std::string_view, DType>& bound,
                       std::vector<DType>& types) {
  if (const auto it = bound.find(out.type); it != bound.end()) {
    types.push_back(it->second);
    return "";
  }
  const TypeConstraint* c = s.FindConstraint(out.type);
  if (c != nullptr && c->unbound != DType{0}) {
    types.push_back(c->unbound);
    return "";
  }
  if (c != nullptr && !c->unbound_like.empty()) {
    // DequantizeLinear-24's float8e8m0 scale is no output type: such a
    // node must name one.
    const auto it = bound.find(c->unbound_like);
    if (it != bound.end() && s.Allows(out.type, it->second)) {
      types.push_back(it->second);
      return "";
    }
  }
  if (c == nullptr || c->allowed.size() != 1) {
    return VersionName(s) + " leaves the type of " + std::string(out.name) +
           " open";
  }
  types.push_back(c->allowed.front());
  return "";
}

// The shape of the element inputs (type_only ones have any), the same or
// broadcast.
std::string SameOrBroadcast(const OpSchema& s, std::span<const Dims> all,
                            Dims& out) {
  std::vector<Dims> dims;
  for (size_t i = 0; i < all.size(); ++i) {
    if (s.ElementInput(i)) dims.push_back(all[i]);
  }
  if (dims.empty()) return VersionName(s) + " has no input to shape by";
  const std::optional<Dims> broadcast = BroadcastDims(dims);
  const bool same = std::ranges::all_of(
      dims, [&](const Dims& d) { return d == dims.front(); });
  if (same) {
    out = dims.front();
    return "";
  }
  if (!s.broadcast) {
    return "the inputs' shapes differ, and " + VersionName(s) +
           " does not broadcast";
  }
  if (!broadcast) return "the inputs' shapes do not broadcast";
  if (s.unidirectional && *broadcast != dims.front()) {
    return "an input does not broadcast to input 0's shape, as " +
           VersionName(s) + " needs";
  }
  out = *broadcast;
  return "";
}

}  // namespace

std::string InputTypesProblem(const OpSchema& s,
                              std::span<const DType> input_types) {
  std::map<std::string_view, DType> bound;
  return Bind(s, input_types, bound);
}

NodeOutputs InferOutputTypes(const OpSchema& s,
                             std::span<const DType> input_types,
                             const Attributes& attributes) {
  NodeOutputs out;
  std::map<std::string_view, DType> bound;
  BindAttributes(s, attributes, bound);
  out.problem = Bind(s, input_types, bound);
  if (out.problem.empty() && s.forbids != nullptr) {
    out.problem = s.forbids(input_types, attributes);
  }
  for (const Formal& f : s.outputs) {
    if (!out.problem.empty()) break;
    out.problem = OutputType(s, f, bound, out.types);
  }
  if (!out.problem.empty()) out.types.clear();
  return out;
}

NodeOutputs InferOutputs(const OpSchema& s, std::span<const DType> input_types,
                         std::span<const Dims> input_dims,
                         const Attributes& attributes) {
  NodeOutputs out = InferOutputTypes(s, input_types, attributes);
  if (out.problem.empty()) {
    out.problem = SameOrBroadcast(s, input_dims, out.dims);
  }
  if (out.problem.empty() && s.parameters != nullptr) {
    out.problem = s.parameters->check(input_dims, attributes);
  }
  if (!out.problem.empty()) out.dims.clear();
  return out;
}

}  // namespace onnxcts
