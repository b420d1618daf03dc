#include "generate/case_spec.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "names.h"

namespace onnxcts {
namespace {

template <typename T>
bool Keeps(const std::vector<T>& wanted, const T& value) {
  return wanted.empty() || std::ranges::find(wanted, value) != wanted.end();
}

bool Keeps(const SuiteFilter& f, const OpSchema& s) {
  return Keeps(f.ops, Lower(s.op)) && Keeps(f.opsets, s.since_version);
}

// Every combination of the schema's flags over {1, 0} (four for two flags);
// a single empty combination for ops without them.
std::vector<Attributes> AttributeCombinations(const OpSchema& s) {
  std::vector<Attributes> combos = {{}};
  for (const AttrSpec& a : s.attributes) {
    if (!a.flag) continue;
    std::vector<Attributes> next;
    for (const Attributes& c : combos) {
      for (int64_t v : {int64_t{1}, int64_t{0}}) {
        Attributes with = c;
        if (v != a.default_int) with.emplace(std::string(a.name), v);
        next.push_back(with);
      }
    }
    combos = next;
  }
  return combos;
}

// "detect_neg0" for detect_negative=0; attributes at their default add
// nothing to the id.
std::string AttributeSuffix(const Attributes& attrs) {
  std::string suffix;
  for (const auto& [name, value] : attrs) {
    std::string shortened = name.substr(0, name.find('_') + 4);
    suffix += "." + shortened + std::to_string(std::get<int64_t>(value));
  }
  return suffix;
}

std::string AttributeText(const Attributes& attrs) {
  std::string text;
  for (const auto& [name, value] : attrs) {
    text += fmt::format(", {}={}", name, std::get<int64_t>(value));
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

// Whether the op takes two inputs or more (Max, Min, the comparisons).
bool TakesPairs(const OpSchema& s) { return s.MaxInputs() >= 2; }

CaseSpec Positive(const OpSchema& s, DType t, const Attributes& attrs) {
  CaseSpec c;
  c.schema = &s;
  c.dtype = t;
  c.attributes = attrs;
  c.arity = std::max<size_t>(s.MinInputs(), TakesPairs(s) ? 2 : 1);
  c.inputs = TakesPairs(s) ? Inputs::kPairs : Inputs::kAllPatterns;
  c.output_type = OutputDType(s, t);
  c.id = BaseId(s, t) + AttributeSuffix(attrs);
  c.description = fmt::format("{}-{} on {}{}: {}", s.op, s.since_version,
                              Name(t), AttributeText(attrs),
                              TakesPairs(s) ? PairCoverage(t) : Coverage(t));
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
  CaseSpec init = Positive(s, t, {});
  init.as_initializer = true;
  init.id += ".initializer";
  init.description += ", fed as an initializer";
  out.push_back(init);
}

// A variadic op (Max, Min) on `arity` inputs of every pattern, named by
// `words` ("one input").
CaseSpec VariadicCase(const OpSchema& s, DType t, size_t arity,
                      const std::string& words) {
  CaseSpec c = Positive(s, t, {});
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

void AddOpCases(const OpSchema& s, const SuiteFilter& f,
                std::vector<CaseSpec>& out) {
  for (DType t : InputTypes(s, 0)) {
    if (!Keeps(f.dtypes, t)) continue;
    for (const Attributes& attrs : AttributeCombinations(s)) {
      out.push_back(Positive(s, t, attrs));
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
    CaseSpec c = Positive(s, t, {});
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
  c.output_type = OutputDType(s, t);
  c.inputs = Inputs::kShaped;
  c.dims = {4};
  c.id = fmt::format("onnxcts.reject.{}.v{}.{}{}", Lower(s.op),
                     s.since_version, Name(t), suffix);
  c.description = fmt::format("must reject: {}-{} model where {}", s.op,
                              s.since_version, what);
  return c;
}

// The dtype that the cases breaking something else use: float where the
// version allows it, else its first.
DType ValidDType(const OpSchema& s) {
  const std::span<const DType> allowed = InputTypes(s, 0);
  const bool has_float = std::ranges::find(allowed, DType::kFloat) !=
                         allowed.end();
  return has_float || allowed.empty() ? DType::kFloat : allowed.front();
}

// The first dtype of the table that `s` does not make from `input`.
DType OtherOutput(const OpSchema& s, DType input) {
  const DType made = OutputDType(s, input);
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

void AddRejectCases(const OpSchema& s, const SuiteFilter& f,
                    std::vector<CaseSpec>& out) {
  AddDTypeRejects(s, f, out);
  const DType t = ValidDType(s);
  if (!Keeps(f.dtypes, t)) return;
  const DType wrong = OtherOutput(s, t);
  CaseSpec output = Rejected(
      s, t, Breakage::kWrongOutputType, ".output_" + std::string(Name(wrong)),
      fmt::format("the output is declared {}; {} makes {}", Name(wrong), s.op,
                  Name(OutputDType(s, t))));
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
    typed.attributes.emplace(name, 1.0f);
    out.push_back(typed);
  }
  out.push_back(Rejected(s, t, Breakage::kMissingInput, ".missing_input",
                         "the node has one input fewer than the op takes"));
  if (s.MaxInputs() != SIZE_MAX) {
    out.push_back(Rejected(s, t, Breakage::kExtraInput, ".extra_input",
                           "the node has one input too many"));
  }
}

}  // namespace

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
