#include "generate/case_spec.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "core/printable.h"
#include "generate/case_writer.h"
#include "onnxcts/infer.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

template <typename T>
bool Keeps(const std::vector<T>& wanted, const T& value) {
  return wanted.empty() || std::ranges::find(wanted, value) != wanted.end();
}

bool Keeps(const SuiteFilter& f, const OpSchema& s) {
  return Keeps(f.ops, Lower(s.op)) && Keeps(f.opsets, s.since_version);
}

}  // namespace

std::vector<AttrValue> AttributeDomain(const OpSchema& s, const AttrSpec& a) {
  std::vector<AttrValue> values;
  if (a.flag) return {int64_t{1}, int64_t{0}};
  if (!a.dtype_of.empty() || !a.dtypes.empty()) {
    if (a.zero_unset) values.emplace_back(int64_t{0});
    const std::span<const DType> dtypes =
        a.dtype_of.empty() ? a.dtypes : s.FindConstraint(a.dtype_of)->allowed;
    for (DType t : dtypes) values.emplace_back(static_cast<int64_t>(t));
    return values;
  }
  for (std::string_view choice : a.choices) {
    values.emplace_back(std::string(choice));
  }
  for (float choice : a.float_choices) values.emplace_back(choice);
  if (!values.empty() || a.required) return values;
  if (a.type == AttrType::kString) return {std::string(a.default_string)};
  if (a.type == AttrType::kFloat) return {a.default_float};
  return {a.default_int};
}

namespace {

bool IsDefault(const AttrSpec& a, const AttrValue& v) {
  if (a.required) return false;
  if (const auto* i = std::get_if<int64_t>(&v)) return *i == a.default_int;
  if (const auto* f = std::get_if<float>(&v)) {
    return std::bit_cast<uint32_t>(*f) == std::bit_cast<uint32_t>(a.default_float);
  }
  const auto* text = std::get_if<std::string>(&v);
  return text != nullptr && *text == a.default_string;
}

// A case's choice of attribute values, of how many inputs its node has
// (optional ones left out or not), and of the dtypes of those that are not
// element inputs (type_only and parameter ones), in order.
struct Combination {
  Attributes attributes;
  std::vector<DType> others;
  size_t count = 0;
};

// The dtype that cases breaking something else use: float where the
// version allows it, else its first.
DType FloatOrFirst(std::span<const DType> allowed) {
  const bool has_float = std::ranges::find(allowed, DType::kFloat) !=
                         allowed.end();
  return has_float || allowed.empty() ? DType::kFloat : allowed.front();
}

DType ValidDType(const OpSchema& s) {
  return FloatOrFirst(InputTypes(s, s.MainInput()));
}

// The dtypes input `f` (not an element input) may have on element inputs
// of `t`: `t` where it shares their constraint (QuantizeLinear-19's scale),
// else its constraint's.
std::vector<DType> OtherDTypes(const OpSchema& s, const Formal& f, DType t) {
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (s.ElementInput(i) && s.inputs[i].type == f.type) return {t};
  }
  const std::span<const DType> allowed = s.FindConstraint(f.type)->allowed;
  return {allowed.begin(), allowed.end()};
}

// Every choice of the attributes' values (Domain above).
std::vector<Combination> AttributeChoices(const OpSchema& s) {
  std::vector<Combination> combos = {{}};
  for (const AttrSpec& a : s.attributes) {
    std::vector<Combination> next;
    for (const Combination& c : combos) {
      for (const AttrValue& v : AttributeDomain(s, a)) {
        Combination with = c;
        if (!IsDefault(a, v)) with.attributes.emplace(std::string(a.name), v);
        next.push_back(with);
      }
    }
    combos = next;
  }
  return combos;
}

// Each of `combos` with every choice of the inputs that are not element
// inputs: each optional one left out (with those after it) or given, each
// of the dtypes OtherDTypes() allows.
std::vector<Combination> InputChoices(const OpSchema& s, DType t,
                                      std::vector<Combination> combos) {
  std::vector<Combination> done;
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    const Formal& f = s.inputs[i];
    std::vector<Combination> next;
    for (Combination& c : combos) {
      c.count = i;
      if (f.optional) done.push_back(c);
      if (s.ElementInput(i)) {
        next.push_back(c);
        continue;
      }
      for (DType u : OtherDTypes(s, f, t)) {
        Combination with = c;
        with.others.push_back(u);
        next.push_back(with);
      }
    }
    combos = next;
  }
  for (Combination& c : combos) c.count = s.inputs.size();
  done.insert(done.end(), combos.begin(), combos.end());
  return done;
}

std::vector<DType> CombinationTypes(const OpSchema& s, DType t,
                                    const Combination& c) {
  return NodeInputDTypes(s, c.count, t, c.others);
}

// Whether a node of `s` on `t` with `c` is valid, and one its op keeps.
bool Valid(const OpSchema& s, DType t, const Combination& c) {
  Attributes resolved = c.attributes;
  const std::vector<DType> types = CombinationTypes(s, t, c);
  if (!ResolveAttributes(s, resolved).empty() ||
      !InferOutputTypes(s, types, resolved).problem.empty()) {
    return false;
  }
  return s.keeps_case == nullptr || s.keeps_case(s, types, c.attributes);
}

// Every valid combination of the attributes' values and of the other
// inputs' presence and dtypes on element inputs of `t` that selects a
// sweep variant no earlier one selects: IsInf's four flag pairs, Cast's
// and CastLike's targets with saturate only where the target is a float8
// type, the quantizers' (which have no variants) that their op keeps. A
// value at its default is left out of the model.
std::vector<Combination> Combinations(const OpSchema& s, DType t) {
  std::vector<const Variant*> seen;
  std::vector<Combination> kept;
  for (const Combination& c : InputChoices(s, t, AttributeChoices(s))) {
    if (!Valid(s, t, c)) continue;
    const Variant* v = VariantFor(s, c.attributes, CombinationTypes(s, t, c));
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
    const std::vector<AttrValue> values = AttributeDomain(s, a);
    const auto float_code = AttrValue(static_cast<int64_t>(DType::kFloat));
    const bool has_float =
        std::ranges::find(values, float_code) != values.end();
    if (!values.empty()) {
      base.emplace(std::string(a.name), has_float ? float_code : values[0]);
    }
  }
  return base;
}

// What a case that is about something else gives on element inputs of
// `t`: the required attributes as above, each other input float where it
// may be (else its first), the optional ones left out unless `every_input`;
// where the version forbids those attributes on `t` (Mod's default fmod 0
// on a float), the first choice of them it allows.
Combination BaseCombination(const OpSchema& s, DType t,
                            bool every_input = false) {
  Combination base{BaseAttributes(s), {}, 0};
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    const Formal& f = s.inputs[i];
    if (f.optional && !every_input) break;
    base.count = i + 1;
    if (!s.ElementInput(i)) base.others.push_back(FloatOrFirst(OtherDTypes(s, f, t)));
  }
  if (s.forbids == nullptr || Valid(s, t, base)) return base;
  for (const Combination& c : AttributeChoices(s)) {
    Combination allowed = base;
    for (const auto& [name, value] : c.attributes) {
      allowed.attributes.insert_or_assign(name, value);
    }
    if (Valid(s, t, allowed)) return allowed;
  }
  return base;
}

// An attribute's value as ids and descriptions show it: a dtype by name.
std::string ValueText(const OpSchema& s, const std::string& name,
                      const AttrValue& value) {
  const AttrSpec* spec = s.FindAttribute(name);
  if (const auto* i = std::get_if<int64_t>(&value)) {
    const bool dtype = spec != nullptr &&
                       (!spec->dtype_of.empty() || !spec->dtypes.empty());
    const DTypeInfo* t = dtype ? FindDType(static_cast<int32_t>(*i)) : nullptr;
    return t != nullptr ? std::string(t->name) : std::to_string(*i);
  }
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  if (const auto* f = std::get_if<float>(&value)) return fmt::format("{}", *f);
  return "?";
}

// "detect_neg0" for detect_negative=0, "sat0" for saturate=0, "fmod1" (a
// name of four letters or fewer whole), "to_float16", "round_mode_down";
// attributes at their default add nothing to the id.
std::string AttributeSuffix(const OpSchema& s, const Attributes& attrs) {
  std::string suffix;
  for (const auto& [name, value] : attrs) {
    const AttrSpec* spec = s.FindAttribute(name);
    const bool number = std::holds_alternative<int64_t>(value) &&
                        spec != nullptr && spec->dtype_of.empty() &&
                        spec->dtypes.empty();
    const std::string shortened =
        !number            ? name + "_"
        : name.size() <= 4 ? name
                           : name.substr(0, name.find('_') + 4);
    // Ids are lower case: BitShift's "LEFT" is ".direction_left"; a float's
    // point and minus are p and m ("alpha_m1p5"), an id's dots its own.
    std::string text = Lower(ValueText(s, name, value));
    if (std::holds_alternative<float>(value)) {
      std::ranges::replace(text, '.', 'p');
      std::ranges::replace(text, '-', 'm');
    }
    suffix += "." + shortened + text;
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

// The dtypes of the inputs that are not element inputs: a type_only one's
// is the target of a conversion (CastLike), ".to_float16" in the id as
// Cast's `to` has it; a parameter's is ".y_scale_float16".
std::string OthersSuffix(const OpSchema& s, std::span<const DType> others) {
  std::string suffix;
  size_t k = 0;
  for (size_t i = 0; i < s.inputs.size() && k < others.size(); ++i) {
    const Formal& f = s.inputs[i];
    if (s.ElementInput(i)) continue;
    suffix += (f.type_only ? ".to_" : "." + std::string(f.name) + "_") +
              std::string(Name(others[k++]));
  }
  return suffix;
}

std::string OthersText(const OpSchema& s, std::span<const DType> others) {
  std::string text;
  size_t k = 0;
  for (size_t i = 0; i < s.inputs.size() && k < others.size(); ++i) {
    if (s.ElementInput(i)) continue;
    text += fmt::format(", {} of {}", s.inputs[i].name, Name(others[k++]));
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
// it. For a main input the version does not allow (a must-reject model),
// what it makes from an allowed dtype, with the main input's in its place
// where the output follows that input.
DType MadeFrom(const OpSchema& s, std::vector<DType> types,
               const Attributes& attrs = {}) {
  Attributes resolved = attrs;
  ResolveAttributes(s, resolved);
  const size_t main = s.MainInput();
  const DType t = types[main];
  if (!InputTypesProblem(s, types).empty()) {
    for (size_t i = 0; i < types.size(); ++i) {
      if (s.ElementInput(i) && !s.SelectorInput(i)) types[i] = ValidDType(s);
    }
  }
  const NodeOutputs made = InferOutputTypes(s, types, resolved);
  if (!made.problem.empty()) throw std::logic_error(made.problem);
  const bool follows = s.outputs[0].type == s.inputs[main].type;
  return follows ? t : made.types[0];
}

// Whether the variant that a case selects answers pattern by pattern (a
// quantizer has no variant, and its answers vary inside a class too).
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
  c.others = combo.others;
  c.arity = std::max<size_t>(combo.count, TakesPairs(s) ? 2 : 1);
  c.inputs = TakesPairs(s) ? Inputs::kPairs : Inputs::kAllPatterns;
  c.sampled = (s.parameters != nullptr || ByPattern(c)) && Info(t).bits > 8;
  c.output_type = MadeFrom(s, NodeInputTypes(c), c.attributes);
  c.id = BaseId(s, t) + AttributeSuffix(s, c.attributes) +
         OthersSuffix(s, c.others);
  c.description = fmt::format(
      "{}-{} on {}{}{}: {}", s.op, s.since_version, Name(t),
      AttributeText(s, c.attributes), OthersText(s, c.others),
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
  CaseSpec init = Positive(s, t, BaseCombination(s, t));
  init.as_initializer = true;
  init.id += ".initializer";
  init.description += ", fed as an initializer";
  out.push_back(init);
}

// A variadic op (Max, Min) on `arity` inputs of every pattern, named by
// `words` ("one input").
CaseSpec VariadicCase(const OpSchema& s, DType t, size_t arity,
                      const std::string& words) {
  CaseSpec c = Positive(s, t, BaseCombination(s, t));
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

// The dtype a combination converts into, where an attribute names it
// (Cast's `to`, a quantizer's `output_dtype`) or an input other than the
// element inputs gives it (CastLike's target_type, a quantizer's zero
// point): the output's; none for an op that converts nothing.
std::optional<DType> TargetOf(const OpSchema& s, DType t,
                              const Combination& c) {
  bool selects = !c.others.empty();
  for (const AttrSpec& a : s.attributes) {
    selects |= !a.dtype_of.empty() && c.attributes.contains(a.name);
  }
  if (!selects) return std::nullopt;
  Attributes resolved = c.attributes;
  ResolveAttributes(s, resolved);
  const NodeOutputs made =
      InferOutputTypes(s, CombinationTypes(s, t, c), resolved);
  if (!made.problem.empty()) return std::nullopt;
  return made.types[0];
}

// Whether a case of `s` on `t` with `c` would repeat one of the version
// before: for an op that converts, whose pairs of dtypes are many, an older
// version keeps the pairs it is the first to allow and those to and from
// float (so that each version is run at all), the newest all of them.
bool Repeats(const OpSchema& s, DType t, const Combination& c) {
  const std::optional<DType> target = TargetOf(s, t, c);
  if (!target || Newest(s) || t == DType::kFloat || *target == DType::kFloat) {
    return false;
  }
  const OpSchema* before = FindSchema(s.domain, s.op, s.since_version - 1);
  if (before == nullptr) return false;
  Attributes resolved = c.attributes;
  const std::vector<DType> types =
      NodeInputDTypes(*before, c.count, t, c.others);
  return InputTypesProblem(*before, types).empty() &&
         ResolveAttributes(*before, resolved).empty();
}

// For an op with parameter inputs, on its newest version: each layout its
// rule gives (per axis, blocked), which meets a set of patterns with many
// parameter values.
void AddLayoutCases(const OpSchema& s, DType t, const Combination& combo,
                    std::vector<CaseSpec>& out) {
  if (s.parameters == nullptr || !Newest(s)) return;
  const CaseSpec base = Positive(s, t, combo);
  Attributes resolved = base.attributes;
  ResolveAttributes(s, resolved);
  const std::vector<ParameterCase> layouts =
      s.parameters->layouts(NodeInputTypes(base), resolved, 1);
  for (size_t k = 0; k < layouts.size(); ++k) {
    CaseSpec c = base;
    c.inputs = Inputs::kLayout;
    c.layout = k;
    for (const auto& [name, value] : layouts[k].attributes) {
      c.attributes.insert_or_assign(name, value);
    }
    c.id += "." + layouts[k].name;
    c.description = fmt::format("{}-{} on {}{}{}, {}: {}", s.op,
                                s.since_version, Name(t),
                                AttributeText(s, combo.attributes),
                                OthersText(s, c.others), layouts[k].text,
                                PairCoverage(t));
    out.push_back(c);
  }
}

// The pairs a backend may die on (Div's integer divisors 0 and -1), in
// cases of their own, one per kind: of the newest version, as the
// initializer case.
void AddFatalCases(const OpSchema& s, DType t, std::vector<CaseSpec>& out) {
  if (!TakesPairs(s) || !Newest(s)) return;
  const CaseSpec base = Positive(s, t, BaseCombination(s, t));
  const Variant* v = VariantFor(s, base.attributes, NodeInputTypes(base));
  if (v == nullptr || v->fatal_second == nullptr || !v->Defines(Info(t))) {
    return;
  }
  const std::vector<uint64_t> set = PairSet(Info(t));
  for (size_t place = 1; place <= v->fatal_cases.size(); ++place) {
    if (std::ranges::none_of(set, [&](uint64_t b) {
          return v->fatal_second(Info(t), b) == place;
        })) {
      continue;
    }
    const std::string_view name = v->fatal_cases[place - 1];
    CaseSpec c = base;
    c.inputs = Inputs::kFatalPairs;
    c.fatal = place;
    c.id += "." + std::string(name);
    c.description += fmt::format(
        " against the second input's patterns where a backend may die ({})",
        name);
    out.push_back(c);
  }
}

void AddOpCases(const OpSchema& s, const SuiteFilter& f,
                std::vector<CaseSpec>& out) {
  for (DType t : InputTypes(s, s.MainInput())) {
    if (!Keeps(f.dtypes, t)) continue;
    for (const Combination& c : Combinations(s, t)) {
      if (Repeats(s, t, c)) continue;
      out.push_back(Positive(s, t, c));
      AddLayoutCases(s, t, c, out);
    }
    AddInitializerCase(s, t, out);
    AddFatalCases(s, t, out);
    AddVariadicCases(s, t, out);
  }
}

struct ShapeCase {
  const char* name;
  std::vector<int64_t> dims;
};

// Shapes on the newest version of each op, in float16 where it allows it
// (DequantizeLinear: its first dtype, int8).
void AddShapeCases(const OpSchema& s, const SuiteFilter& f,
                   std::vector<CaseSpec>& out) {
  const std::span<const DType> allowed = InputTypes(s, s.MainInput());
  const DType t = std::ranges::find(allowed, DType::kFloat16) != allowed.end()
                      ? DType::kFloat16
                      : allowed.front();
  if (!Keeps(f.dtypes, t) || !Newest(s)) return;
  const ShapeCase shapes[] = {{"rank0", {}},
                              {"empty", {0}},
                              {"zero_inside", {2, 0, 3}},
                              {"rank2", {16, 4}},
                              {"rank6", {2, 1, 3, 1, 2, 2}}};
  for (const ShapeCase& shape : shapes) {
    CaseSpec c = Positive(s, t, BaseCombination(s, t));
    c.inputs = Inputs::kShaped;
    c.dims = shape.dims;  // every input's
    c.id += std::string(".shape_") + shape.name;
    c.description = fmt::format("{}-{} on {} of shape {}", s.op,
                                s.since_version, Name(t), shape.name);
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
  c.breakage = breakage;
  const Combination base =
      BaseCombination(s, ValidDType(s), breakage == Breakage::kExtraInput);
  c.arity = base.count;
  c.attributes = base.attributes;
  c.others = base.others;
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
  const Combination base = BaseCombination(s, ValidDType(s));
  return MadeFrom(s, NodeInputDTypes(s, base.count, input, base.others),
                  base.attributes);
}

// The first dtype of the table that `s` does not make from `input`.
DType OtherOutput(const OpSchema& s, DType input) {
  const DType made = BaseOutput(s, input);
  return made == kDTypes[0].code ? kDTypes[1].code : kDTypes[0].code;
}

void AddDTypeRejects(const OpSchema& s, const SuiteFilter& f,
                     std::vector<CaseSpec>& out) {
  const std::span<const DType> allowed = InputTypes(s, s.MainInput());
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
    const bool allowed = a.dtype_of.empty()
                             ? std::ranges::find(a.dtypes, t.code) != a.dtypes.end()
                             : s.Allows(a.dtype_of, t.code);
    if (!allowed) return t.code;
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
    if (!a.dtype_of.empty() || !a.dtypes.empty()) {
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

// On each allowed dtype, each choice of attribute values the version's
// text forbids there (OpSchema::forbids).
void AddForbiddenRejects(const OpSchema& s, const SuiteFilter& f,
                         std::vector<CaseSpec>& out) {
  if (s.forbids == nullptr) return;
  for (DType t : InputTypes(s, s.MainInput())) {
    if (!Keeps(f.dtypes, t)) continue;
    for (const Combination& c : AttributeChoices(s)) {
      CaseSpec forbidden = Rejected(s, t, Breakage::kForbidden, "", "");
      forbidden.attributes = c.attributes;
      Attributes resolved = c.attributes;
      ResolveAttributes(s, resolved);
      const std::string why = s.forbids(NodeInputTypes(forbidden), resolved);
      if (why.empty()) continue;
      forbidden.id += AttributeSuffix(s, c.attributes) + ".forbidden";
      forbidden.description += why;
      out.push_back(forbidden);
    }
  }
}

void AddRejectCases(const OpSchema& s, const SuiteFilter& f,
                    std::vector<CaseSpec>& out) {
  AddDTypeRejects(s, f, out);
  AddForbiddenRejects(s, f, out);
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
  return NodeInputDTypes(*spec.schema, spec.arity, spec.dtype, spec.others);
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
