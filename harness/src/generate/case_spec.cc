#include "generate/case_spec.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "names.h"
#include "onnxcts/variant.h"
#include "onnxcts/infer.h"

namespace onnxcts {
namespace {

template <typename T>
bool Keeps(const std::vector<T>& wanted, const T& value) {
  return wanted.empty() || std::ranges::find(wanted, value) != wanted.end();
}

bool Keeps(const SuiteFilter& f, const OpSchema& s) {
  return Keeps(f.ops, Lower(s.op)) && Keeps(f.opsets, s.since_version);
}

// The values a case may give attribute `a`: a flag 1 and 0, a dtype each
// one its constraint allows, a STRING each of its choices; the default
// alone for anything else (none for a required attribute without a
// domain).
std::vector<AttrValue> Domain(const OpSchema& s, const AttrSpec& a) {
  std::vector<AttrValue> values;
  if (a.flag) return {int64_t{1}, int64_t{0}};
  if (!a.dtype_of.empty()) {
    const TypeConstraint* c = s.FindConstraint(a.dtype_of);
    for (DType t : c->allowed) values.emplace_back(static_cast<int64_t>(t));
    return values;
  }
  for (std::string_view choice : a.choices) {
    values.emplace_back(std::string(choice));
  }
  if (!values.empty() || a.required) return values;
  if (a.type == AttrType::kString) return {std::string(a.default_string)};
  return {a.default_int};
}

bool IsDefault(const AttrSpec& a, const AttrValue& v) {
  if (a.required) return false;
  if (const auto* i = std::get_if<int64_t>(&v)) return *i == a.default_int;
  const auto* text = std::get_if<std::string>(&v);
  return text != nullptr && *text == a.default_string;
}

// A case's choice of attribute values and of its type_only inputs' dtypes.
struct Combination {
  Attributes attributes;
  std::vector<DType> type_only;
};

// The dtype that cases breaking something else use: float where the
// version allows it, else its first.
DType FloatOrFirst(std::span<const DType> allowed) {
  const bool has_float = std::ranges::find(allowed, DType::kFloat) !=
                         allowed.end();
  return has_float || allowed.empty() ? DType::kFloat : allowed.front();
}

DType ValidDType(const OpSchema& s) { return FloatOrFirst(InputTypes(s, 0)); }

// Every combination of the attributes' values (Domain above) and of the
// dtypes the type_only inputs allow that selects a sweep variant no
// earlier one selects: IsInf's four flag pairs, Cast's and CastLike's
// targets with saturate only where the target is a float8 type. A value at
// its default is left out of the model.
std::vector<Combination> Combinations(const OpSchema& s) {
  std::vector<Combination> combos = {{}};
  for (const AttrSpec& a : s.attributes) {
    std::vector<Combination> next;
    for (const Combination& c : combos) {
      for (const AttrValue& v : Domain(s, a)) {
        Combination with = c;
        if (!IsDefault(a, v)) with.attributes.emplace(std::string(a.name), v);
        next.push_back(with);
      }
    }
    combos = next;
  }
  for (const Formal& f : s.inputs) {
    if (!f.type_only) continue;
    std::vector<Combination> next;
    for (const Combination& c : combos) {
      for (DType u : s.FindConstraint(f.type)->allowed) {
        Combination with = c;
        with.type_only.push_back(u);
        next.push_back(with);
      }
    }
    combos = next;
  }
  std::vector<const Variant*> seen;
  std::vector<Combination> kept;
  for (const Combination& c : combos) {
    const std::vector<DType> types =
        NodeInputDTypes(s, s.MinInputs(), ValidDType(s), c.type_only);
    const Variant* v = VariantFor(s, c.attributes, types);
    if (v != nullptr && std::ranges::find(seen, v) != seen.end()) continue;
    if (v != nullptr) seen.push_back(v);
    kept.push_back(c);
  }
  return kept;
}

// The required attributes at a value a case that is about something else
// gives them: an attribute naming a dtype, float where it may (else its
// first).
Attributes BaseAttributes(const OpSchema& s) {
  Attributes base;
  for (const AttrSpec& a : s.attributes) {
    if (!a.required) continue;
    const std::vector<AttrValue> values = Domain(s, a);
    const auto float_code = AttrValue(static_cast<int64_t>(DType::kFloat));
    const bool has_float =
        std::ranges::find(values, float_code) != values.end();
    if (!values.empty()) {
      base.emplace(std::string(a.name), has_float ? float_code : values[0]);
    }
  }
  return base;
}

// What a case that is about something else gives: the required attributes
// as above, each type_only input float where it may be (else its first).
Combination BaseCombination(const OpSchema& s) {
  Combination base{BaseAttributes(s), {}};
  for (const Formal& f : s.inputs) {
    if (f.type_only) {
      base.type_only.push_back(FloatOrFirst(s.FindConstraint(f.type)->allowed));
    }
  }
  return base;
}

// An attribute's value as ids and descriptions show it: a dtype by name.
std::string ValueText(const OpSchema& s, const std::string& name,
                      const AttrValue& value) {
  const AttrSpec* spec = s.FindAttribute(name);
  if (const auto* i = std::get_if<int64_t>(&value)) {
    const bool dtype = spec != nullptr && !spec->dtype_of.empty();
    const DTypeInfo* t = dtype ? FindDType(static_cast<int32_t>(*i)) : nullptr;
    return t != nullptr ? std::string(t->name) : std::to_string(*i);
  }
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  return "?";
}

// "detect_neg0" for detect_negative=0, "to_float16", "round_mode_down";
// attributes at their default add nothing to the id.
std::string AttributeSuffix(const OpSchema& s, const Attributes& attrs) {
  std::string suffix;
  for (const auto& [name, value] : attrs) {
    const bool number = std::holds_alternative<int64_t>(value) &&
                        s.FindAttribute(name) != nullptr &&
                        s.FindAttribute(name)->dtype_of.empty();
    const std::string shortened =
        number ? name.substr(0, name.find('_') + 4) : name + "_";
    suffix += "." + shortened + ValueText(s, name, value);
  }
  return suffix;
}

std::string AttributeText(const OpSchema& s, const Attributes& attrs) {
  std::string text;
  for (const auto& [name, value] : attrs) {
    text += fmt::format(", {}={}", name, ValueText(s, name, value));
  }
  return text;
}

// A type_only input's dtype is the target of a conversion (CastLike):
// ".to_float16" in the id, as Cast's `to` has it.
std::string TypeOnlySuffix(std::span<const DType> type_only) {
  std::string suffix;
  for (DType u : type_only) suffix += ".to_" + std::string(Name(u));
  return suffix;
}

std::string TypeOnlyText(const OpSchema& s, std::span<const DType> type_only) {
  std::string text;
  size_t k = 0;
  for (const Formal& f : s.inputs) {
    if (f.type_only && k < type_only.size()) {
      text += fmt::format(", {} of {}", f.name, Name(type_only[k++]));
    }
  }
  return text;
}

std::string BaseId(const OpSchema& s, DType t) {
  return fmt::format("onnxcts.{}.v{}.{}", Lower(s.op), s.since_version,
                     Name(t));
}

std::string PairCoverage(DType t) {
  return Info(t).bits <= 8 ? "every pair of patterns"
                           : "every pair of a stratified set of patterns";
}

std::string Coverage(DType t) {
  const DTypeInfo& info = Info(t);
  if (info.bits <= 16) {
    return fmt::format("all {} bit patterns", info.all_bits() + 1);
  }
  return "a stratified set of patterns (every exponent and edge, random "
         "interiors)";
}

std::string SampledCoverage() {
  return "a stratified set of patterns (every exponent's mantissa edges and "
         "random mantissas, the specials); sweeps take every pattern";
}

// Whether the op takes two element inputs or more (Max, Min, the
// comparisons).
bool TakesPairs(const OpSchema& s) { return s.MaxElementInputs() >= 2; }

// What `s` makes from inputs of `types` with `attrs`, as the schema infers
// it. For an input 0 the version does not allow (a must-reject model), what
// it makes from an allowed dtype, with input 0's in its place where the
// output follows the input.
DType MadeFrom(const OpSchema& s, std::vector<DType> types,
               const Attributes& attrs = {}) {
  Attributes resolved = attrs;
  ResolveAttributes(s, resolved);
  const DType t = types[0];
  if (!InputTypesProblem(s, types).empty()) {
    for (size_t i = 0; i < types.size(); ++i) {
      if (s.ElementInput(i)) types[i] = ValidDType(s);
    }
  }
  const NodeOutputs made = InferOutputTypes(s, types, resolved);
  if (!made.problem.empty()) throw std::logic_error(made.problem);
  const bool follows = s.outputs[0].type == s.inputs[0].type;
  return follows ? t : made.types[0];
}

// Whether the variant that a case selects answers pattern by pattern.
bool ByPattern(const CaseSpec& c) {
  const Variant* v =
      VariantFor(*c.schema, c.attributes, NodeInputTypes(c));
  return v != nullptr && v->arity() == 1 && v->on_runs == OnRuns::kByPattern;
}

CaseSpec Positive(const OpSchema& s, DType t, const Combination& combo) {
  CaseSpec c;
  c.schema = &s;
  c.dtype = t;
  c.attributes = combo.attributes;
  c.type_only = combo.type_only;
  c.arity = std::max<size_t>(s.MinInputs(), TakesPairs(s) ? 2 : 1);
  c.inputs = TakesPairs(s) ? Inputs::kPairs : Inputs::kAllPatterns;
  c.sampled = ByPattern(c) && Info(t).bits > 8;
  c.output_type = MadeFrom(s, NodeInputTypes(c), c.attributes);
  c.id = BaseId(s, t) + AttributeSuffix(s, c.attributes) +
         TypeOnlySuffix(c.type_only);
  c.description = fmt::format(
      "{}-{} on {}{}{}: {}", s.op, s.since_version, Name(t),
      AttributeText(s, c.attributes), TypeOnlyText(s, c.type_only),
      TakesPairs(s) ? PairCoverage(t)
      : c.sampled   ? SampledCoverage()
                    : Coverage(t));
  return c;
}

bool Newest(const OpSchema& s) {
  return FindSchema(s.domain, s.op, 1 << 30) == &s;
}

// The inputs as initializers: on every version of an op of one input, on
// the newest of an op of more (whose pair cases are many; each version's
// dtypes are tested as graph inputs).
void AddInitializerCase(const OpSchema& s, DType t,
                        std::vector<CaseSpec>& out) {
  if (TakesPairs(s) && !Newest(s)) return;
  CaseSpec init = Positive(s, t, BaseCombination(s));
  init.as_initializer = true;
  init.id += ".initializer";
  init.description += ", fed as an initializer";
  out.push_back(init);
}

// A variadic op (Max, Min) on `arity` inputs of every pattern, named by
// `words` ("one input").
CaseSpec VariadicCase(const OpSchema& s, DType t, size_t arity,
                      const std::string& words) {
  CaseSpec c = Positive(s, t, BaseCombination(s));
  c.arity = arity;
  c.inputs = Inputs::kAllPatterns;
  std::string suffix = words;
  std::ranges::replace(suffix, ' ', '_');
  c.id += "." + suffix;
  c.description = fmt::format("{}-{} on {}, {}: {}", s.op, s.since_version,
                              Name(t), words, Coverage(t));
  return c;
}

// One input and three, on the newest version, as the shape cases.
void AddVariadicCases(const OpSchema& s, DType t, std::vector<CaseSpec>& out) {
  if (s.MaxInputs() != SIZE_MAX || !Newest(s)) return;
  out.push_back(VariadicCase(s, t, 1, "one input"));
  out.push_back(VariadicCase(s, t, 3, "three inputs"));
}

// The dtype a combination converts into: the one an attribute names
// (Cast's `to`) or a type_only input has (CastLike's target_type); none
// for an op that converts nothing.
std::optional<DType> TargetOf(const OpSchema& s, const Combination& c) {
  if (!c.type_only.empty()) return c.type_only.front();
  for (const AttrSpec& a : s.attributes) {
    const auto it = c.attributes.find(a.name);
    if (a.dtype_of.empty() || it == c.attributes.end()) continue;
    if (const auto* code = std::get_if<int64_t>(&it->second)) {
      return static_cast<DType>(*code);
    }
  }
  return std::nullopt;
}

// Whether a case of `s` on `t` with `c` would repeat one of the version
// before: for an op that converts, whose pairs of dtypes are many, an older
// version keeps the pairs it is the first to allow and those to and from
// float (so that each version is run at all), the newest all of them.
bool Repeats(const OpSchema& s, DType t, const Combination& c) {
  const std::optional<DType> target = TargetOf(s, c);
  if (!target || Newest(s) || t == DType::kFloat || *target == DType::kFloat) {
    return false;
  }
  const OpSchema* before = FindSchema(s.domain, s.op, s.since_version - 1);
  if (before == nullptr) return false;
  Attributes resolved = c.attributes;
  const std::vector<DType> types =
      NodeInputDTypes(*before, before->MinInputs(), t, c.type_only);
  return InputTypesProblem(*before, types).empty() &&
         ResolveAttributes(*before, resolved).empty();
}

void AddOpCases(const OpSchema& s, const SuiteFilter& f,
                std::vector<CaseSpec>& out) {
  for (DType t : InputTypes(s, 0)) {
    if (!Keeps(f.dtypes, t)) continue;
    for (const Combination& c : Combinations(s)) {
      if (!Repeats(s, t, c)) out.push_back(Positive(s, t, c));
    }
    AddInitializerCase(s, t, out);
    AddVariadicCases(s, t, out);
  }
}

struct ShapeCase {
  const char* name;
  std::vector<int64_t> dims;
};

// Shapes on the newest version of each op, in float16 (a dtype every op
// allows there).
void AddShapeCases(const OpSchema& s, const SuiteFilter& f,
                   std::vector<CaseSpec>& out) {
  const DType t = DType::kFloat16;
  if (!Keeps(f.dtypes, t) || !Newest(s)) return;
  const ShapeCase shapes[] = {{"rank0", {}},
                              {"empty", {0}},
                              {"zero_inside", {2, 0, 3}},
                              {"rank2", {16, 4}},
                              {"rank6", {2, 1, 3, 1, 2, 2}}};
  for (const ShapeCase& shape : shapes) {
    CaseSpec c = Positive(s, t, BaseCombination(s));
    c.inputs = Inputs::kShaped;
    c.dims = shape.dims;  // every input's
    c.id += std::string(".shape_") + shape.name;
    c.description = fmt::format("{}-{} on float16 of shape {}", s.op,
                                s.since_version, shape.name);
    out.push_back(c);
  }
}

void AddLargeCase(const SuiteFilter& f, std::vector<CaseSpec>& out) {
  const OpSchema* s = FindSchema("", "IsNaN", 20);
  const DType t = DType::kFloat8E4M3FN;
  if (!f.large || s == nullptr || !Keeps(f, *s) || !Keeps(f.dtypes, t)) return;
  CaseSpec c = Positive(*s, t, {});
  c.inputs = Inputs::kShaped;
  c.dims = {(int64_t{1} << 24) + 256};
  c.id += ".shape_over_2_24";
  c.description = "IsNaN-20 on float8e4m3fn, 2^24 + 256 elements (every "
                  "pattern, repeated): past float32's exact integers";
  out.push_back(c);
}

// A must-reject case of `s` on `t`, broken as `breakage` says (`suffix`
// and `what` name how).
CaseSpec Rejected(const OpSchema& s, DType t, Breakage breakage,
                  const std::string& suffix, const std::string& what) {
  CaseSpec c;
  c.schema = &s;
  c.dtype = t;
  c.arity = s.MinInputs();
  c.breakage = breakage;
  const Combination base = BaseCombination(s);
  c.attributes = base.attributes;
  c.type_only = base.type_only;
  c.output_type = MadeFrom(s, NodeInputTypes(c), c.attributes);
  c.inputs = Inputs::kShaped;
  c.dims = {4};
  c.id = fmt::format("onnxcts.reject.{}.v{}.{}{}", Lower(s.op),
                     s.since_version, Name(t), suffix);
  c.description = fmt::format("must reject: {}-{} model where {}", s.op,
                              s.since_version, what);
  return c;
}

// What `s` makes from `input` in a case about something else.
DType BaseOutput(const OpSchema& s, DType input) {
  const Combination base = BaseCombination(s);
  return MadeFrom(s, NodeInputDTypes(s, s.MinInputs(), input, base.type_only),
                  base.attributes);
}

// The first dtype of the table that `s` does not make from `input`.
DType OtherOutput(const OpSchema& s, DType input) {
  const DType made = BaseOutput(s, input);
  return made == kDTypes[0].code ? kDTypes[1].code : kDTypes[0].code;
}

void AddDTypeRejects(const OpSchema& s, const SuiteFilter& f,
                     std::vector<CaseSpec>& out) {
  const std::span<const DType> allowed = InputTypes(s, 0);
  for (const DTypeInfo& t : kDTypes) {
    if (std::ranges::find(allowed, t.code) != allowed.end() ||
        !Keeps(f.dtypes, t.code)) {
      continue;
    }
    out.push_back(Rejected(s, t.code, Breakage::kDTypeNotAllowed, "",
                           fmt::format("{} is not allowed", t.name)));
  }
}

// The first dtype of the table that the constraint `a` names does not
// allow, if any.
std::optional<DType> OutsideConstraint(const OpSchema& s, const AttrSpec& a) {
  for (const DTypeInfo& t : kDTypes) {
    if (!s.Allows(a.dtype_of, t.code)) return t.code;
  }
  return std::nullopt;
}

// A required attribute left out, and an attribute with a value outside its
// domain: a dtype its constraint does not allow, a STRING none of its
// choices.
void AddAttributeRejects(const OpSchema& s, DType t,
                         std::vector<CaseSpec>& out) {
  for (const AttrSpec& a : s.attributes) {
    const std::string name(a.name);
    if (a.required) {
      CaseSpec missing = Rejected(s, t, Breakage::kMissingAttribute,
                                  ".missing_" + name,
                                  "the required attribute " + name +
                                      " is missing");
      missing.attributes.erase(name);
      out.push_back(missing);
    }
    std::optional<AttrValue> outside;
    if (!a.dtype_of.empty()) {
      if (const std::optional<DType> d = OutsideConstraint(s, a)) {
        outside = static_cast<int64_t>(*d);
      }
    } else if (!a.choices.empty()) {
      outside = std::string("onnxcts_none_of_them");
    }
    if (!outside) continue;
    CaseSpec wrong = Rejected(
        s, t, Breakage::kAttributeOutsideDomain, "." + name + "_outside",
        fmt::format("{} is {}, which {}-{} does not allow", name,
                    ValueText(s, name, *outside), s.op, s.since_version));
    wrong.attributes.insert_or_assign(name, *outside);
    out.push_back(wrong);
  }
}

void AddRejectCases(const OpSchema& s, const SuiteFilter& f,
                    std::vector<CaseSpec>& out) {
  AddDTypeRejects(s, f, out);
  const DType t = ValidDType(s);
  if (!Keeps(f.dtypes, t)) return;
  const DType wrong = OtherOutput(s, t);
  CaseSpec output = Rejected(
      s, t, Breakage::kWrongOutputType, ".output_" + std::string(Name(wrong)),
      fmt::format("the output is declared {}; {} makes {}", Name(wrong), s.op,
                  Name(BaseOutput(s, t))));
  output.output_type = wrong;
  out.push_back(output);
  CaseSpec unknown = Rejected(s, t, Breakage::kUnknownAttribute,
                              ".unknown_attribute",
                              "the node has an attribute the op lacks");
  unknown.attributes.emplace("onnxcts_unknown", int64_t{1});
  out.push_back(unknown);
  for (const AttrSpec& a : s.attributes) {
    if (a.type != AttrType::kInt) continue;
    const std::string name(a.name);
    CaseSpec typed = Rejected(s, t, Breakage::kWrongAttributeType,
                              "." + name + "_float",
                              name + " is given as FLOAT; it is INT");
    typed.attributes.insert_or_assign(name, 1.0f);
    out.push_back(typed);
  }
  AddAttributeRejects(s, t, out);
  out.push_back(Rejected(s, t, Breakage::kMissingInput, ".missing_input",
                         "the node has one input fewer than the op takes"));
  if (s.MaxInputs() != SIZE_MAX) {
    out.push_back(Rejected(s, t, Breakage::kExtraInput, ".extra_input",
                           "the node has one input too many"));
  }
}

}  // namespace

std::vector<DType> NodeInputTypes(const CaseSpec& spec) {
  return NodeInputDTypes(*spec.schema, spec.arity, spec.dtype, spec.type_only);
}

std::vector<CaseSpec> ConformanceCases(const SuiteFilter& filter) {
  std::vector<CaseSpec> cases;
  for (const OpSchema& s : AllSchemas()) {
    if (!Keeps(filter, s)) continue;
    AddOpCases(s, filter, cases);
    AddShapeCases(s, filter, cases);
  }
  AddLargeCase(filter, cases);
  return cases;
}

std::vector<CaseSpec> MustRejectCases(const SuiteFilter& filter) {
  std::vector<CaseSpec> cases;
  for (const OpSchema& s : AllSchemas()) {
    if (Keeps(filter, s)) AddRejectCases(s, filter, cases);
  }
  return cases;
}

}  // namespace onnxcts
