// onnxcts schema: the dtype table, the op schema table and the sweep
// variants, as a table to read or (--json) as the JSON that the Python and
// JavaScript code of the project reads instead of keeping copies.
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

using nlohmann::ordered_json;

std::string_view KindName(Kind k) {
  static constexpr std::string_view kNames[] = {"bool", "unsigned", "signed",
                                                "float"};
  return kNames[static_cast<int>(k)];
}

std::string_view SpecialsName(Specials s) {
  static constexpr std::string_view kNames[] = {
      "none", "ieee", "finite_only", "fnuz", "no_nan", "exponent_only"};
  static_assert(std::size(kNames) ==
                static_cast<size_t>(Specials::kExponentOnly) + 1);
  return kNames[static_cast<int>(s)];
}

ordered_json DTypeJson(const DTypeInfo& t) {
  ordered_json j = {{"name", t.name},
                    {"code", static_cast<int>(t.code)},
                    {"bits", t.bits},
                    {"kind", KindName(t.kind)}};
  if (t.is_float()) {
    j["format"] = {{"exponent_bits", t.format.exponent_bits},
                   {"mantissa_bits", t.format.mantissa_bits},
                   {"bias", t.format.bias},
                   {"specials", SpecialsName(t.format.specials)}};
  }
  return j;
}

ordered_json FormalsJson(std::span<const Formal> formals) {
  ordered_json list = ordered_json::array();
  for (const Formal& f : formals) {
    list.push_back({{"name", f.name},
                    {"type", f.type},
                    {"variadic", f.variadic},
                    {"type_only", f.type_only},
                    {"optional", f.optional},
                    {"parameter", f.parameter}});
  }
  return list;
}

ordered_json SchemaJson(const OpSchema& s) {
  ordered_json constraints = ordered_json::array();
  for (const TypeConstraint& c : s.constraints) {
    ordered_json allowed = ordered_json::array();
    for (DType t : c.allowed) allowed.push_back(Name(t));
    ordered_json constraint = {{"name", c.name}, {"allowed", allowed}};
    if (c.unbound != DType{0}) constraint["unbound"] = Name(c.unbound);
    if (!c.unbound_like.empty()) constraint["unbound_like"] = c.unbound_like;
    constraints.push_back(constraint);
  }
  ordered_json attributes = ordered_json::array();
  for (const AttrSpec& a : s.attributes) {
    ordered_json attr = {{"name", a.name},
                         {"type", AttrTypeName(a.type)},
                         {"required", a.required},
                         {"flag", a.flag}};
    if (!a.required && a.type == AttrType::kInt) attr["default"] = a.default_int;
    if (!a.required && a.type == AttrType::kString) {
      attr["default"] = a.default_string;
    }
    if (!a.dtype_of.empty()) attr["dtype_of"] = a.dtype_of;
    if (a.zero_unset) attr["zero_unset"] = true;
    if (!a.dtypes.empty()) {
      ordered_json names = ordered_json::array();
      for (DType t : a.dtypes) names.push_back(Name(t));
      attr["dtypes"] = names;
    }
    if (!a.choices.empty()) attr["choices"] = a.choices;
    if (!a.required && a.type == AttrType::kFloat) attr["default"] = a.default_float;
    if (!a.float_choices.empty()) attr["float_choices"] = a.float_choices;
    attributes.push_back(attr);
  }
  // Unbounded (a variadic input) is null: JSON has no integer for it.
  const ordered_json max_inputs =
      s.MaxInputs() == SIZE_MAX ? ordered_json(nullptr)
                                : ordered_json(s.MaxInputs());
  return {{"domain", s.domain},
          {"op", s.op},
          {"since_version", s.since_version},
          {"inputs", FormalsJson(s.inputs)},
          {"outputs", FormalsJson(s.outputs)},
          {"constraints", constraints},
          {"attributes", attributes},
          {"broadcast", s.broadcast},
          {"unidirectional", s.unidirectional},
          {"main_input", s.MainInput()},
          {"variants_of", s.VariantsOp()},
          {"keeps_nan_payload", s.keeps_nan_payload},
          {"min_inputs", s.MinInputs()},
          {"max_inputs", max_inputs}};
}

ordered_json VariantJson(const Variant& v) {
  ordered_json attributes = ordered_json::object();
  for (const IntAttribute& a : v.attributes) attributes[a.name] = a.value;
  ordered_json j = {{"name", v.name},
                    {"op", v.op},
                    {"attributes", attributes},
                    {"output", v.output == kInputDType ? "input" : Name(v.output)},
                    {"arity", v.arity()}};
  // The suffixes of the generated cases that hold the pairs a backend may
  // die on (Div's integer divisors 0 and -1); absent for most variants.
  if (!v.fatal_cases.empty()) j["fatal_cases"] = v.fatal_cases;
  return j;
}

ordered_json TablesJson() {
  ordered_json dtypes = ordered_json::array();
  for (const DTypeInfo& t : kDTypes) dtypes.push_back(DTypeJson(t));
  ordered_json schemas = ordered_json::array();
  for (const OpSchema& s : AllSchemas()) schemas.push_back(SchemaJson(s));
  ordered_json variants = ordered_json::array();
  for (const Variant* v : AllVariants()) variants.push_back(VariantJson(*v));
  return {{"dtypes", dtypes}, {"schemas", schemas}, {"variants", variants}};
}

// One line per op version: its types and attributes.
void PrintTable() {
  for (const OpSchema& s : AllSchemas()) {
    std::string types;
    for (DType t : InputTypes(s, s.MainInput())) {
      types += (types.empty() ? "" : ", ") + std::string(Name(t));
    }
    std::string attributes;
    for (const AttrSpec& a : s.attributes) {
      if (a.required) {
        attributes += fmt::format(" {}=?", a.name);
      } else if (a.type == AttrType::kString) {
        attributes += fmt::format(" {}={}", a.name, a.default_string);
      } else if (a.type == AttrType::kFloat) {
        attributes += fmt::format(" {}={}", a.name, a.default_float);
      } else {
        attributes += fmt::format(" {}={}", a.name, a.default_int);
      }
    }
    fmt::print("{}-{}:{} {}\n", s.op, s.since_version, attributes, types);
  }
}

}  // namespace

void AddSchemaCommand(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand(
      "schema", "Print the ops, their versions, dtypes and attributes");
  // Owned by the callback's closure: CLI11 keeps the pointer.
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json,
                "the dtype table, the schema table and the sweep variants "
                "as JSON");
  cmd->callback([&exit_code, json] {
    if (*json) {
      fmt::print("{}\n", TablesJson().dump(2));
    } else {
      PrintTable();
    }
    exit_code = kExitOk;
  });
}

}  // namespace onnxcts
