// The open predicates (OpSchema::open, AnswerOpen()) against the deviation
// rules they answer for: sound. Wherever a rule calls an answer other than
// the reference's a deviation, AnswerOpen() says the element is open;
// where it did not, a graph fuzzer would report a failure the spec allows.
// Checked for every schema version with a rule, on every dtype it allows:
// every pattern of 16 bits or fewer (every pair of 8 bits or fewer),
// samples of the rest, representative parameters (Clip's bounds, a
// quantizer's scale and zero point), each attribute value that changes the
// rule; against every answer of an output of 8 bits or fewer from inputs
// of 8 bits or fewer, and likely wrong answers of the others. Tight:
// open_spots_tight_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/oracle.h"
#include "onnxcts/quantize.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"
#include "open_spots_test_util.h"

namespace onnxcts {
namespace {

using namespace open_spots;  // NOLINT: the shared helpers of these tests

// ---- answers to try -----------------------------------------------------

std::string Describe(const OpSchema& s, const Node& node,
                     const ElementAnswer& e) {
  std::string text = VersionName(s) + " (";
  for (DType t : node.types) {
    text += (t == kAbsentInput ? "absent" : std::string(Name(t))) + " ";
  }
  text += "->" + std::string(e.output->name) + ")";
  for (const auto& [name, value] : node.attributes) {
    if (const int64_t* v = std::get_if<int64_t>(&value)) {
      text += " " + name + "=" + std::to_string(*v);
    } else if (const std::string* v = std::get_if<std::string>(&value)) {
      text += " " + name + "=" + *v;
    } else if (const float* v = std::get_if<float>(&value)) {
      text += " " + name + "=" + std::to_string(*v);
    }
  }
  text += " inputs";
  for (uint64_t x : e.inputs) text += " " + Hex(x);
  return text + ": expected " + Hex(e.expected);
}

bool BothNaN(const DTypeInfo& t, uint64_t a, uint64_t b) {
  return t.is_float() && oracle::IsNaN(t, a) && oracle::IsNaN(t, b);
}

// `values` added left to right in `wide`, rounded to `t` at the end.
uint64_t FoldSum(const DTypeInfo& t, const DTypeInfo& wide,
                 const Patterns& values) {
  const Variant& add = *FindVariant("add");
  uint64_t sum = values[0];
  for (size_t k = 1; k < values.size(); ++k) {
    sum = add.PairOracle(wide, sum, values[k]);
  }
  return convert::CastOracle(wide, sum, t, {});
}

// Sum: every order of the additions, and (four inputs) the two halves
// added apart, in the tensor's type and in the next wider one.
Patterns SumOrders(const ElementAnswer& e) {
  const DTypeInfo& t = *e.output;
  const DTypeInfo& wide = t.bits == 16   ? Info(DType::kFloat)
                          : t.bits == 32 ? Double()
                                         : t;
  Patterns answers;
  for (const DTypeInfo* f : {&t, &wide}) {
    Patterns values;
    for (uint64_t x : e.inputs) {
      values.push_back(convert::CastOracle(t, x, *f, {}));
    }
    std::ranges::sort(values);
    do {
      answers.push_back(FoldSum(t, *f, values));
      if (values.size() == 4) {
        const Variant& add = *FindVariant("add");
        const Patterns halves = {add.PairOracle(*f, values[0], values[1]),
                                 add.PairOracle(*f, values[2], values[3])};
        answers.push_back(FoldSum(t, *f, halves));
      }
    } while (std::ranges::next_permutation(values).found);
  }
  return answers;
}

// LeakyRelu: x times the float32 alpha, exactly (in double) or in float,
// rounded to the tensor's type.
Patterns AlphaProducts(const ElementAnswer& e) {
  const DTypeInfo& t = *e.output;
  const auto it = e.attributes->find("alpha");
  const auto alpha = static_cast<double>(
      it != e.attributes->end() ? std::get<float>(it->second) : 0.01f);
  const double x =
      std::bit_cast<double>(convert::CastOracle(t, e.inputs[0], Double(), {}));
  const auto product32 = static_cast<float>(x) * static_cast<float>(alpha);
  return {Of(t, x * alpha),
          convert::CastOracle(Info(DType::kFloat),
                              std::bit_cast<uint32_t>(product32), t, {})};
}

quantize::QuantizeOptions WithPrecision(const Attributes& a, DType p,
                                        int opset) {
  quantize::QuantizeOptions o;
  const auto it = a.find("saturate");
  o.saturate = it == a.end() || std::get<int64_t>(it->second) != 0;
  o.precision = &Info(p);
  o.opset = opset;
  return o;
}

// A quantizer's answer with its arithmetic in float and in double, with a
// float zero point left out, and with Cast-24's ±max for ±inf into the
// fnuz types.
Patterns OtherPrecisions(const OpSchema& s, const ElementAnswer& e) {
  const DTypeInfo& x = Info(e.types[0]);
  const DTypeInfo& scale = Info(e.types[1]);
  const uint64_t zero_point = e.inputs.size() > 2 ? e.inputs[2] : 0;
  Patterns answers;
  for (DType p : {DType::kFloat, DType::kDouble}) {
    for (int opset : {s.since_version, 25}) {
      const auto o = WithPrecision(*e.attributes, p, opset);
      for (uint64_t zp : {zero_point, uint64_t{0}}) {
        answers.push_back(
            s.op == "QuantizeLinear"
                ? quantize::QuantizeOracle(x, e.inputs[0], scale, e.inputs[1],
                                           *e.output, zp, o)
                : quantize::DequantizeOracle(x, e.inputs[0], zp, scale,
                                             e.inputs[1], *e.output, o));
      }
    }
  }
  return answers;
}

// What an implementation that took another reading of the spec could
// answer, computed here: the answers a rule is most likely to take.
Patterns OpAnswers(const OpSchema& s, const ElementAnswer& e) {
  if (s.op == "Sum" && e.inputs.size() >= 3 && e.inputs.size() <= 4) {
    return SumOrders(e);
  }
  if (s.op == "LeakyRelu") return AlphaProducts(e);
  if (s.op == "QuantizeLinear" || s.op == "DequantizeLinear") {
    return OtherPrecisions(s, e);
  }
  if (s.op == "Cast" || s.op == "CastLike") {
    const DTypeInfo& f32 = Info(DType::kFloat);
    return {convert::CastOracle(
        f32, convert::CastOracle(*e.input, e.inputs[0], f32, {}), *e.output,
        {})};
  }
  return {};
}

// The answers tried against `e` (into `p`): every one of an output of 8
// bits or fewer (0 and 1 of a bool) from inputs of 8 bits or fewer; else
// the inputs, the neighbours and the other sign of the reference's answer,
// zeros, infinities, a NaN, all ones, the op's other readings and some
// random ones.
void Answers(const OpSchema& s, const ElementAnswer& e, std::mt19937_64& rng,
             Patterns& p) {
  const DTypeInfo& t = *e.output;
  p.clear();
  if (t.kind == Kind::kBool) {
    p = {0, 1};
    return;
  }
  if (t.bits <= 8 && e.input->bits <= 8) {
    for (uint64_t y = 0; y <= t.all_bits(); ++y) p.push_back(y);
    return;
  }
  const auto add = [&](uint64_t bits) { AddOnce(p, bits & t.all_bits()); };
  for (uint64_t x : e.inputs) add(x);
  const uint64_t top = uint64_t{1} << (t.bits - 1);
  for (uint64_t y : {e.expected + 1, e.expected - 1, e.expected ^ top,
                     uint64_t{0}, top, top - 1, t.all_bits()}) {
    add(y);
  }
  if (t.is_float()) {
    const FloatFormat& f = t.format;
    add(f.infinity());
    add(f.infinity() | f.sign_mask());
    add(f.infinity() | f.quiet_bit());
  }
  for (uint64_t y : OpAnswers(s, e)) add(y);
  for (int k = 0; k < 2; ++k) add(RandomOf(t, rng));
}

// ---- soundness ------------------------------------------------------------

struct Tally {
  size_t elements = 0;
  size_t open = 0;
  size_t answers = 0;  // answers asked of the rule where not open
  size_t faults = 0;
  std::string first_faults;
};

// Every element of `node`: where AnswerOpen() says closed, the rule must
// take no answer but the reference's (and NaNs for a NaN, which
// comparisons match).
void CheckNode(const OpSchema& s, Node node, Tally& tally,
               std::mt19937_64& rng) {
  const Ran ran = RunNode(s, node);
  if (!ran.problem.empty()) {
    if (s.forbids != nullptr &&
        !s.forbids(node.types, node.attributes).empty()) {
      return;  // a node the version's text forbids: no answers to judge
    }
    ADD_FAILURE() << VersionName(s) << " refused a case: " << ran.problem;
    return;
  }
  Patterns inputs;
  std::vector<DType> types;
  Patterns answers;
  for (size_t i = 0; i < ran.expected.size(); ++i) {
    ElementAnswer e = ElementOf(s, node, ran, i, inputs, types);
    ++tally.elements;
    if (AnswerOpen(s, e)) {
      ++tally.open;
      continue;
    }
    Answers(s, e, rng, answers);
    for (uint64_t actual : answers) {
      if (actual == e.expected || BothNaN(*e.output, actual, e.expected)) {
        continue;
      }
      e.actual = actual;
      ++tally.answers;
      if (!s.deviation(s, e)) continue;
      if (++tally.faults <= 5) {
        tally.first_faults += Describe(s, node, e) + ", the rule takes " +
                              Hex(actual) + " but the element is closed\n";
      }
    }
  }
}

// The values each listed attribute takes (a flag 1 and 0, every choice);
// `keep` says which of them to vary (the others stay unset).
std::vector<Attributes> Settings(const OpSchema& s,
                                 bool (*keep)(const AttrSpec&, DType),
                                 DType target) {
  std::vector<Attributes> all = {{}};
  for (const AttrSpec& a : s.attributes) {
    if (!keep(a, target)) continue;
    std::vector<AttrValue> values;
    if (a.flag) values = {int64_t{1}, int64_t{0}};
    for (std::string_view c : a.choices) values.emplace_back(std::string(c));
    for (float f : a.float_choices) values.emplace_back(f);
    if (values.empty()) continue;
    std::vector<Attributes> next;
    for (const Attributes& base : all) {
      for (const AttrValue& v : values) {
        Attributes with = base;
        with.emplace(std::string(a.name), v);
        next.push_back(std::move(with));
      }
    }
    all = std::move(next);
  }
  return all;
}

bool EveryAttribute(const AttrSpec&, DType) { return true; }

// Whether each attribute of `a` has its default value.
bool AtDefaults(const OpSchema& s, const Attributes& a) {
  for (const auto& [name, value] : a) {
    const AttrSpec& spec = *s.FindAttribute(name);
    const int64_t* i = std::get_if<int64_t>(&value);
    const std::string* text = std::get_if<std::string>(&value);
    if ((i != nullptr && *i != spec.default_int) ||
        (text != nullptr && *text != spec.default_string)) {
      return false;
    }
  }
  return true;
}

// The newest version of Cast, which converts every 16-bit pattern (the
// older versions and CastLike, whose rule is Cast's, every 16th).
bool Newest(const OpSchema& s) {
  return FindSchema(s.domain, s.op, 1 << 30) == &s && s.op != "CastLike";
}

// Every 16th pattern of a dtype of more than 8 bits, but at the newest
// version with its default attributes.
Patterns Thinned(const OpSchema& s, Patterns p, bool defaults = true) {
  if ((Newest(s) && defaults) || p.size() <= 256) return p;
  Patterns every16th;
  for (size_t k = 0; k < p.size(); k += 16) every16th.push_back(p[k]);
  return every16th;
}

// ---- the nodes each op is checked on --------------------------------------

// Ops of element inputs only: each dtype, each setting, each arity (a
// variadic op: one to four inputs).
std::vector<Node> ElementNodes(const OpSchema& s, std::mt19937_64& rng) {
  std::vector<size_t> arities;
  for (size_t n = s.MinInputs(); n <= std::min<size_t>(s.MaxInputs(), 4); ++n) {
    arities.push_back(n);
  }
  std::vector<Node> nodes;
  for (DType t : InputTypes(s, 0)) {
    for (size_t arity : arities) {
      const std::vector<Patterns> columns = Tuples(Info(t), arity, rng);
      for (const Attributes& a : Settings(s, EveryAttribute, t)) {
        nodes.push_back({std::vector<DType>(arity, t), a, columns});
      }
    }
  }
  return nodes;
}

// Cast's `saturate` changes only float8 answers and `round_mode` only
// float8e8m0's.
bool ChangesCast(const AttrSpec& a, DType target) {
  const DTypeInfo& t = Info(target);
  if (a.name == "saturate") return t.is_float() && t.bits == 8;
  return a.name == "round_mode" && t.format.specials == Specials::kExponentOnly;
}

// Cast and CastLike: every source into every target (`to`, or
// CastLike's target_type input), with the settings that change the rule.
std::vector<Node> CastNodes(const OpSchema& s, std::mt19937_64& rng) {
  const bool like = s.op == "CastLike";
  std::vector<Node> nodes;
  for (DType from : InputTypes(s, 0)) {
    const Patterns x = Each(Info(from), 256, rng);
    for (DType to : s.FindConstraint(s.outputs[0].type)->allowed) {
      for (Attributes a : Settings(s, ChangesCast, to)) {
        Node node{{from}, a, {Thinned(s, x, AtDefaults(s, a))}};
        if (like) {
          node.types.push_back(to);
          node.columns.push_back({0});
        } else {
          node.attributes.emplace("to", static_cast<int64_t>(to));
        }
        nodes.push_back(std::move(node));
      }
    }
  }
  return nodes;
}

// Clip: 6's attribute bounds; from 11 bound inputs, each left out or one
// of values on both sides of zero, zeros of both signs, the extremes and
// (floats) infinities and a NaN. Every x against a few pairs of bounds,
// and Notable() x against every pair.
std::vector<Node> ClipNodes(const OpSchema& s, std::mt19937_64& rng) {
  if (s.parameters == nullptr) return ElementNodes(s, rng);
  std::vector<Node> nodes;
  for (DType type : InputTypes(s, 0)) {
    const DTypeInfo& t = Info(type);
    Patterns bounds = {Of(t, -1), Of(t, 0), Of(t, 6), Of(t, 200)};
    if (t.is_float()) {
      for (uint64_t b :
           {t.format.sign_mask(), t.format.infinity(),
            t.format.infinity() | t.format.sign_mask(), t.format.infinity() - 1,
            t.format.infinity() | t.format.quiet_bit()}) {
        AddOnce(bounds, b);
      }
    } else {
      AddOnce(bounds, t.all_bits());
      AddOnce(bounds, t.all_bits() >> 1);
      AddOnce(bounds, (t.all_bits() >> 1) + 1);
    }
    std::vector<std::optional<uint64_t>> given(bounds.begin(), bounds.end());
    given.push_back(std::nullopt);  // left out
    const Patterns every = Each(t, 256, rng);
    const Patterns notable = Notable(t);
    for (const std::optional<uint64_t>& lo : given) {
      for (const std::optional<uint64_t>& hi : given) {
        const bool wide = (!lo && !hi) ||
                          (lo == bounds[0] && hi == bounds[2]) ||
                          (lo == bounds[1] && hi == bounds[2]);
        Node node{{type}, {}, {wide ? every : notable}};
        if (lo || hi) {
          node.types.push_back(lo ? type : kAbsentInput);
          node.columns.push_back(lo ? Patterns{*lo} : Patterns{});
        }
        if (hi) {
          node.types.push_back(type);
          node.columns.push_back({*hi});
        }
        nodes.push_back(std::move(node));
      }
    }
  }
  return nodes;
}

// A quantizer's scales: a power of two and not, negative, large (beyond
// float16), zero and NaN (float8e8m0: its powers of two of these and its
// NaN; int32: small, zero, negative and the extremes).
Patterns SomeScales(const DTypeInfo& t) {
  if (t.is_integer()) return {1, 3, 0, 0xFFFFFFFF, 0x80000000};
  Patterns p;
  for (double v : {1.0, 3.0, 0.1, -3.0, 1e30, 0.0, kNaN}) {
    if (t.format.specials == Specials::kExponentOnly && !(v > 0)) continue;
    AddOnce(p, Of(t, v));
  }
  if (t.format.specials == Specials::kExponentOnly) p.push_back(0xFF);
  return p;
}

// x of a quantizer: ties and near ties for the scales above (k / 10 + 0.05
// over 0.1 in float lands on a tie that the exact quotient misses: 0.35
// gives 4 in float, 3 in double), zeros, large, tiny, infinite and NaN
// values, and random ones of moderate size.
Patterns SomeX(const DTypeInfo& t, std::mt19937_64& rng) {
  Patterns p;
  for (double v : {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 7.5, -7.5, 100.0, 300.0,
                   -1000.0, 1e-9, 1e6, kInf, -kInf, kNaN}) {
    AddOnce(p, Of(t, v));
  }
  for (int k = 1; k < 10; ++k) AddOnce(p, Of(t, k / 10.0 + 0.05));
  std::uniform_real_distribution<double> moderate(-300, 300);
  for (int k = 0; k < 16; ++k) AddOnce(p, Of(t, moderate(rng)));
  return p;
}

// The zero points: every one of 4 bits or fewer; else zero, one (or 1.0)
// and the lowest (a float's NaN or largest magnitude); and none.
std::vector<std::optional<uint64_t>> SomeZeroPoints(const DTypeInfo& t) {
  const Patterns some = quantize::SomeZeroPoints(t);
  const Patterns p = t.bits <= 4 ? All(t) : Patterns{some[0], some[1], some[3]};
  std::vector<std::optional<uint64_t>> all(p.begin(), p.end());
  all.push_back(std::nullopt);
  return all;
}

// One quantizer node per (scale, zero point) pair, x in a column.
void AddQuantizerNodes(const OpSchema& s, DType x, DType scale, DType zp_type,
                       const Attributes& a, const Patterns& xs,
                       std::vector<Node>& nodes) {
  for (uint64_t sc : SomeScales(Info(scale))) {
    for (const std::optional<uint64_t>& zp : SomeZeroPoints(Info(zp_type))) {
      if (!zp && zp_type != DType::kUint8 && s.op == "QuantizeLinear") {
        continue;  // without one the output is uint8
      }
      Node node{{x, scale}, a, {xs, {sc}}};
      if (zp) {
        node.types.push_back(zp_type);
        node.columns.push_back({*zp});
      }
      nodes.push_back(std::move(node));
    }
  }
}

bool Contains(std::span<const DType> list, DType t) {
  return std::ranges::find(list, t) != list.end();
}

// QuantizeLinear: every output type (its zero point's), from x and scale
// of float; float16 and int32 x with their own scales, and each other
// scale type, into int8, float8e4m3fn and uint4; saturate 0 into the
// float8 types; each `precision` into int8.
std::vector<Node> QuantizeNodes(const OpSchema& s, std::mt19937_64& rng) {
  std::vector<Node> nodes;
  const std::span<const DType> xs = InputTypes(s, 0);
  const std::span<const DType> scales = InputTypes(s, 1);
  const AttrSpec* precision = s.FindAttribute("precision");
  const bool has_saturate = s.FindAttribute("saturate") != nullptr;
  for (DType y : InputTypes(s, 2)) {
    const bool narrow =
        y == DType::kInt8 || y == DType::kFloat8E4M3FN || y == DType::kUint4;
    std::vector<std::pair<DType, DType>> pairs = {
        {DType::kFloat, DType::kFloat}};
    if (narrow) {
      for (DType x : {DType::kFloat16, DType::kInt32}) {
        if (!Contains(xs, x)) continue;
        pairs.emplace_back(x, Contains(scales, x) ? x : DType::kFloat);
      }
      const bool own_type = s.inputs[1].type != s.inputs[0].type;
      for (DType sc : scales) {
        if (own_type && sc != DType::kFloat) {
          pairs.emplace_back(DType::kFloat, sc);
        }
      }
    }
    std::vector<Attributes> settings = {{}};
    if (has_saturate && Info(y).is_float() && Info(y).bits == 8) {
      settings.push_back({{"saturate", int64_t{0}}});
    }
    if (precision != nullptr && y == DType::kInt8) {
      for (DType p : precision->dtypes) {
        settings.push_back({{"precision", static_cast<int64_t>(p)}});
      }
    }
    for (const auto& [x, scale] : pairs) {
      const Patterns x_values = SomeX(Info(x), rng);
      for (const Attributes& a : settings) {
        if (a.contains("precision") && scale != x) continue;
        AddQuantizerNodes(s, x, scale, y, a, x_values, nodes);
      }
    }
  }
  return nodes;
}

// DequantizeLinear: every x type, every pattern, with a float scale; and
// int8 and float8e4m3fn x with each other scale type and (23 on) each
// `output_dtype`.
std::vector<Node> DequantizeNodes(const OpSchema& s, std::mt19937_64& rng) {
  std::vector<Node> nodes;
  const AttrSpec* output = s.FindAttribute("output_dtype");
  std::vector<DType> outputs;
  if (output != nullptr) {
    const TypeConstraint* c = s.FindConstraint(output->dtype_of);
    outputs.assign(c->allowed.begin(), c->allowed.end());
  }
  for (DType x : InputTypes(s, 0)) {
    const Patterns x_values =
        Info(x).bits <= 8 ? All(Info(x)) : Sample(Info(x), 64, rng);
    const bool narrow = x == DType::kInt8 || x == DType::kFloat8E4M3FN;
    for (DType scale : InputTypes(s, 1)) {
      if (scale != DType::kFloat && !narrow) continue;
      // A float8e8m0 scale names no output type: output_dtype must.
      const bool e8m0 = Info(scale).format.specials == Specials::kExponentOnly;
      if (!e8m0) AddQuantizerNodes(s, x, scale, x, {}, x_values, nodes);
      if (!narrow || (scale != DType::kFloat && !e8m0)) continue;
      for (DType y : outputs) {
        const Attributes a = {{"output_dtype", static_cast<int64_t>(y)}};
        AddQuantizerNodes(s, x, scale, x, a, x_values, nodes);
      }
    }
  }
  return nodes;
}

std::vector<Node> NodesOf(const OpSchema& s, std::mt19937_64& rng) {
  if (s.op == "Cast" || s.op == "CastLike") return CastNodes(s, rng);
  if (s.op == "Clip") return ClipNodes(s, rng);
  if (s.op == "QuantizeLinear") return QuantizeNodes(s, rng);
  if (s.op == "DequantizeLinear") return DequantizeNodes(s, rng);
  return ElementNodes(s, rng);
}

// A version with a deviation rule, as a test parameter ("Add-14").
struct RuleVersion {
  const OpSchema* schema;
  friend void PrintTo(const RuleVersion& v, std::ostream* os) {
    *os << VersionName(*v.schema);
  }
};

std::vector<RuleVersion> VersionsWithRules() {
  std::vector<RuleVersion> all;
  for (const OpSchema& s : AllSchemas()) {
    if (s.deviation != nullptr) all.push_back({&s});
  }
  return all;
}

class OpenSpots : public testing::TestWithParam<RuleVersion> {};

TEST_P(OpenSpots, EveryAnswerTheRuleTakesIsOpen) {
  const OpSchema& s = *GetParam().schema;
  std::mt19937_64 rng(20261129);
  Tally tally;
  for (Node& node : NodesOf(s, rng)) CheckNode(s, std::move(node), tally, rng);
  std::cout << VersionName(s) << ": " << tally.elements << " elements, "
            << tally.open << " open, " << tally.answers
            << " answers asked where closed\n";
  EXPECT_GT(tally.elements, 0u);
  EXPECT_LT(tally.open, tally.elements) << "open everywhere: not tight";
  EXPECT_EQ(tally.faults, 0u) << tally.first_faults;
}

INSTANTIATE_TEST_SUITE_P(EveryRule, OpenSpots,
                         testing::ValuesIn(VersionsWithRules()),
                         [](const testing::TestParamInfo<RuleVersion>& p) {
                           return std::string(p.param.schema->op) + "_" +
                                  std::to_string(p.param.schema->since_version);
                         });

// AnswerOpen(): closed where the spec is complete, and open everywhere for
// a rule without its predicate, so that a missing one raises no alarm.
TEST(OpenSpots, WithoutAPredicateEveryAnswerIsOpen) {
  const DTypeInfo& i8 = Info(DType::kInt8);
  const uint64_t in[] = {1, 2};
  static const Attributes kNone;
  const ElementAnswer e = {.input = &i8,
                           .inputs = in,
                           .output = &i8,
                           .expected = 3,
                           .actual = 3,
                           .attributes = &kNone};
  OpSchema add = *FindSchema("", "Add", 14);
  EXPECT_FALSE(AnswerOpen(add, e));
  add.open = nullptr;
  EXPECT_TRUE(AnswerOpen(add, e));
  const OpSchema* less = FindSchema("", "Less", 13);
  EXPECT_EQ(less->deviation, nullptr);
  EXPECT_FALSE(AnswerOpen(*less, e));
}

// A new op with a rule but no predicate would taint every element it
// computes (AnswerOpen() says open): each rule has its predicate.
TEST(OpenSpots, EveryRuleHasItsPredicate) {
  for (const OpSchema& s : AllSchemas()) {
    EXPECT_EQ(s.deviation != nullptr, s.open != nullptr) << VersionName(s);
  }
}

}  // namespace
}  // namespace onnxcts
