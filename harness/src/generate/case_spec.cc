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

DType OutputType(const OpSchema& s, DType input) {
  return s.outputs[0].type == s.inputs[0].type ? input : DType::kBool;
}

std::string Coverage(DType t) {
  const DTypeInfo& info = Info(t);
  if (info.bits <= 16) {
    return fmt::format("all {} bit patterns", info.all_bits() + 1);
  }
  return "a stratified set of patterns (every exponent and edge, random "
         "interiors)";
}

CaseSpec Positive(const OpSchema& s, DType t, const Attributes& attrs) {
  CaseSpec c;
  c.schema = &s;
  c.dtype = t;
  c.attributes = attrs;
  c.output_type = OutputType(s, t);
  c.id = BaseId(s, t) + AttributeSuffix(attrs);
  c.description = fmt::format("{}-{} on {}{}: {}", s.op, s.since_version,
                              Name(t), AttributeText(attrs), Coverage(t));
  return c;
}

void AddOpCases(const OpSchema& s, const SuiteFilter& f,
                std::vector<CaseSpec>& out) {
  for (DType t : InputTypes(s, 0)) {
    if (!Keeps(f.dtypes, t)) continue;
    for (const Attributes& attrs : AttributeCombinations(s)) {
      out.push_back(Positive(s, t, attrs));
    }
    CaseSpec init = Positive(s, t, {});
    init.as_initializer = true;
    init.id += ".initializer";
    init.description += ", fed as an initializer";
    out.push_back(init);
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
  if (!Keeps(f.dtypes, t) || FindSchema(s.domain, s.op, 1 << 30) != &s) return;
  const ShapeCase shapes[] = {{"rank0", {}},
                              {"empty", {0}},
                              {"zero_inside", {2, 0, 3}},
                              {"rank2", {16, 4}},
                              {"rank6", {2, 1, 3, 1, 2, 2}}};
  for (const ShapeCase& shape : shapes) {
    CaseSpec c = Positive(s, t, {});
    c.inputs = Inputs::kShaped;
    c.dims = shape.dims;
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
  struct Broken {
    const char* op;
    int opset;
    DType dtype;
    Breakage breakage;
    const char* what;
  };
  const Broken broken[] = {
      {"IsInf", 10, DType::kFloat16, Breakage::kDTypeNotAllowed,
       "float16 is not allowed before IsInf-20"},
      {"IsNaN", 9, DType::kBfloat16, Breakage::kDTypeNotAllowed,
       "bfloat16 is not allowed before IsNaN-13"},
      {"Sign", 13, DType::kFloat8E4M3FN, Breakage::kDTypeNotAllowed,
       "Sign allows no float8 type"},
      {"Sign", 13, DType::kBool, Breakage::kDTypeNotAllowed,
       "Sign does not allow bool"},
      {"IsNaN", 20, DType::kFloat, Breakage::kWrongOutputType,
       "the output is declared float; IsNaN makes bool"},
      {"IsNaN", 13, DType::kFloat, Breakage::kUnknownAttribute,
       "IsNaN has no attribute detect_positive"},
      {"IsInf", 20, DType::kFloat, Breakage::kWrongAttributeType,
       "detect_negative given as FLOAT; it is INT"},
  };
  std::vector<CaseSpec> cases;
  for (const Broken& b : broken) {
    const OpSchema* s = FindSchema("", b.op, b.opset);
    if (s == nullptr || !Keeps(filter, *s) || !Keeps(filter.dtypes, b.dtype)) {
      continue;
    }
    CaseSpec c;
    c.schema = s;
    c.dtype = b.dtype;
    c.breakage = b.breakage;
    c.output_type = OutputType(*s, b.dtype);
    c.inputs = Inputs::kShaped;
    c.dims = {4};
    c.id = fmt::format("onnxcts.reject.{}.v{}.{}", Lower(b.op), b.opset,
                       Name(b.dtype));
    c.description = fmt::format("must reject: {}-{} model where {}", b.op,
                                b.opset, b.what);
    if (b.breakage == Breakage::kWrongOutputType) {
      c.output_type = DType::kFloat;
      c.id += ".output_float";
    } else if (b.breakage == Breakage::kUnknownAttribute) {
      c.attributes.emplace("detect_positive", int64_t{1});
      c.id += ".unknown_attribute";
    } else if (b.breakage == Breakage::kWrongAttributeType) {
      c.attributes.emplace("detect_negative", 1.0f);
      c.id += ".float_attribute";
    }
    cases.push_back(c);
  }
  return cases;
}

}  // namespace onnxcts
