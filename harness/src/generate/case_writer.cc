#include "generate/case_writer.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/model_io.h"
#include "io/tensor_io.h"
#include "onnxcts/broadcast.h"
#include "onnxcts/infer.h"
#include "onnxcts/patterns.h"

namespace onnxcts {
namespace {

constexpr uint64_t kSeed = 20261129;
constexpr int kRandomPerExponent = 4;

std::vector<uint64_t> Patterns(const DTypeInfo& t) {
  if (t.kind == Kind::kBool) return {0, 1};
  if (t.bits <= 16) {
    std::vector<uint64_t> all(t.all_bits() + 1);
    std::iota(all.begin(), all.end(), uint64_t{0});
    return all;
  }
  return StratifiedPatterns(t, kSeed, kRandomPerExponent);
}

uint64_t Product(const std::vector<int64_t>& dims) {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

Attributes Resolved(const CaseSpec& spec) {
  Attributes attrs = spec.attributes;
  ResolveAttributes(*spec.schema, attrs);
  return attrs;
}

// The parameter inputs of a case whose input 0 is `x`: the layout's of a
// kLayout case (x's rows are its patterns), else one value each.
ParameterCase ParametersOf(const CaseSpec& spec, const Tensor& x) {
  const ParameterRule& rule = *spec.schema->parameters;
  const std::vector<DType> types = NodeInputTypes(spec);
  if (spec.inputs == Inputs::kLayout) {
    const auto rows = static_cast<size_t>(x.dims[0]);
    return rule.layouts(types, Resolved(spec), rows).at(spec.layout);
  }
  return rule.single(types, Resolved(spec), x.dims);
}

Tensor ParameterTensor(const CaseSpec& spec, size_t i, const Dims& dims,
                       const std::vector<uint64_t>& patterns) {
  Tensor p;
  p.name = std::string(spec.schema->FormalOf(i).name);
  p.dtype = NodeInputTypes(spec)[i];
  p.dims = dims;
  const DTypeInfo& t = Info(p.dtype);
  p.bytes.assign(StorageBytes(t, patterns.size()), 0);
  for (size_t k = 0; k < patterns.size(); ++k) {
    StoreBits(t, p.bytes.data(), k, patterns[k]);
  }
  return p;
}

// The node's inputs: `elements` in order, with a one-element tensor of each
// type_only input's dtype (zero bits: its values are unused) and each
// parameter input as the op's rule lays it out in their places.
std::vector<Tensor> NodeTensors(const CaseSpec& spec,
                                std::span<const Tensor> elements) {
  const std::vector<DType> types = NodeInputTypes(spec);
  std::optional<ParameterCase> parameters;
  if (spec.schema->parameters != nullptr && !elements.empty()) {
    parameters = ParametersOf(spec, elements[0]);
  }
  std::vector<Tensor> all;
  size_t e = 0;
  size_t p = 0;
  for (size_t i = 0; i < types.size(); ++i) {
    if (spec.schema->ElementInput(i)) {
      if (e < elements.size()) all.push_back(elements[e++]);
      continue;
    }
    if (spec.schema->FormalOf(i).parameter && parameters &&
        p < parameters->patterns.size()) {
      all.push_back(ParameterTensor(spec, i, parameters->dims[p],
                                    parameters->patterns[p]));
      ++p;
      continue;
    }
    Tensor like;
    like.name = std::string(spec.schema->FormalOf(i).name);
    like.dtype = types[i];
    like.dims = {1};
    like.bytes.assign(StorageBytes(Info(like.dtype), 1), 0);
    all.push_back(std::move(like));
  }
  all.insert(all.end(), elements.begin() + static_cast<ptrdiff_t>(e),
             elements.end());
  return all;
}

// What the node makes of `inputs` (all of them) with the case's attributes
// (resolved), as the schema infers it; `problem` is set for most
// must-reject models.
NodeOutputs Made(const CaseSpec& spec, std::span<const Tensor> inputs,
                 Attributes& attrs) {
  attrs = Resolved(spec);
  std::vector<DType> types;
  std::vector<Dims> shapes;
  for (const Tensor& x : inputs) {
    types.push_back(x.dtype);
    shapes.push_back(x.dims);
  }
  return InferOutputs(*spec.schema, types, shapes, attrs);
}

// The output shape a model the schema refuses (must-reject) declares: the
// inputs' broadcast, so that only its breakage is wrong, else the first's.
Dims RefusedDims(std::span<const Tensor> inputs) {
  std::vector<Dims> shapes;
  for (const Tensor& x : inputs) shapes.push_back(x.dims);
  return BroadcastDims(shapes).value_or(inputs[0].dims);
}

// The reference's answer: the kernel on the element inputs (and the
// type_only ones), into an output of what the node makes.
Tensor Output(const CaseSpec& spec, std::span<const Tensor> elements) {
  const std::vector<Tensor> inputs = NodeTensors(spec, elements);
  Attributes attrs;
  const NodeOutputs made = Made(spec, inputs, attrs);
  if (!made.problem.empty()) throw std::logic_error(made.problem);
  Tensor y;
  y.name = "y";
  y.dtype = made.types[0];
  y.dims = made.dims;
  const uint64_t n = Product(y.dims);
  y.bytes.resize(StorageBytes(Info(y.dtype), n));
  std::vector<ConstTensorView> in;
  for (const Tensor& x : inputs) {
    in.push_back({x.dtype, x.bytes.data(), x.dims, x.count()});
  }
  const TensorView out[] = {{y.dtype, y.bytes.data(), y.dims, n}};
  spec.schema->kernel(std::span(in), std::span(out), attrs);
  return y;
}

// Adds to `set` the specials (±0, ±1, ±inf, a quiet NaN of each sign, the
// smallest subnormals; for integers 0, 1, all ones, 2^(bits-1) and the one
// below it), and sorts it without repeats.
void AddSpecials(const DTypeInfo& t, std::vector<uint64_t>& set) {
  const uint64_t top = uint64_t{1} << (t.bits - 1);
  if (t.is_float()) {
    const FloatFormat& f = t.format;
    for (uint64_t s : {uint64_t{0}, f.sign_mask()}) {
      for (uint64_t m : {uint64_t{0}, f.one(), f.infinity(),
                         f.infinity() | f.quiet_bit(), uint64_t{1}}) {
        set.push_back(s | m);
      }
    }
  } else {
    for (uint64_t p : {uint64_t{0}, uint64_t{1}, t.all_bits(), top, top - 1}) {
      set.push_back(p);
    }
  }
  std::ranges::sort(set);
  set.erase(std::unique(set.begin(), set.end()), set.end());
}

// About `most` of `strata`, drawn at random (the same on every machine),
// with the specials.
std::vector<uint64_t> DrawnFrom(const DTypeInfo& t,
                                const std::vector<uint64_t>& strata,
                                size_t most) {
  const size_t keep_one_in = (strata.size() + most - 1) / most;
  SplitMix64 rng(kSeed);
  std::vector<uint64_t> set;
  for (uint64_t p : strata) {
    if (rng.Next() % keep_one_in == 0) set.push_back(p);
  }
  AddSpecials(t, set);
  return set;
}

// The patterns of a `sampled` case (a conversion's, whose answer varies
// inside a value class): every exponent's mantissa edges and two random
// mantissas each, so that rounding ties, saturation bands and round_mode
// are met in every binade (integers: every power of two's neighbours and
// random values); thinned at random to about kSampledMost for the widest
// dtypes, the specials kept.
std::vector<uint64_t> SampledSet(const DTypeInfo& t) {
  constexpr size_t kSampledMost = 6144;
  return DrawnFrom(t, StratifiedPatterns(t, kSeed, 2), kSampledMost);
}

Tensor Filled(const DTypeInfo& t, std::vector<int64_t> dims,
              const std::vector<uint64_t>& patterns,
              uint64_t (*pick)(uint64_t i, uint64_t n)) {
  Tensor x;
  x.dtype = t.code;
  x.dims = std::move(dims);
  const uint64_t n = Product(x.dims);
  x.bytes.resize(StorageBytes(t, n));  // zero: packed padding stays zero
  for (uint64_t i = 0; i < n; ++i) {
    StoreBits(t, x.bytes.data(), i, patterns[pick(i, patterns.size())]);
  }
  return x;
}

uint64_t InOrder(uint64_t i, uint64_t n) { return i % n; }
uint64_t Reversed(uint64_t i, uint64_t n) { return n - 1 - i % n; }
uint64_t Halfway(uint64_t i, uint64_t n) { return (i + n / 2) % n; }

// The second input's patterns of a kPairs case (those a backend may die on
// left out) or of a kFatalPairs case (those of its kind only).
std::vector<uint64_t> SecondSet(const CaseSpec& spec, const DTypeInfo& t,
                                std::vector<uint64_t> set) {
  const Variant* v = VariantFor(*spec.schema, spec.attributes,
                                NodeInputTypes(spec));
  if (v == nullptr || v->fatal_second == nullptr) return set;
  const size_t kept = spec.inputs == Inputs::kFatalPairs ? spec.fatal : 0;
  std::erase_if(set, [&](uint64_t b) { return v->fatal_second(t, b) != kept; });
  return set;
}

// Inputs 0 and 1 of a kPairs or kFatalPairs case: every pattern of the
// first set against every one of the second, as a column against a row
// where the version broadcasts both ways, as a matrix against a row where
// only the second broadcasts to the first (PRelu), else both stretched to
// every pair.
std::vector<Tensor> PairInputs(const CaseSpec& spec, const DTypeInfo& t) {
  const std::vector<uint64_t> a = PairSet(t);
  const std::vector<uint64_t> b = SecondSet(spec, t, a);
  const auto rows = static_cast<int64_t>(a.size());
  const auto columns = static_cast<int64_t>(b.size());
  if (spec.schema->broadcast && !spec.schema->unidirectional) {
    return {Filled(t, {rows, 1}, a, InOrder),
            Filled(t, {1, columns}, b, InOrder)};
  }
  std::vector<uint64_t> stretched;
  for (uint64_t p : a) stretched.insert(stretched.end(), b.size(), p);
  if (spec.schema->broadcast) {
    return {Filled(t, {rows, columns}, stretched, InOrder),
            Filled(t, {columns}, b, InOrder)};
  }
  return {Filled(t, {rows * columns}, stretched, InOrder),
          Filled(t, {rows * columns}, b, InOrder)};
}

// Input 0 of a kLayout case: PairSet's patterns as the layout's rows.
Tensor LayoutInput(const CaseSpec& spec, const DTypeInfo& t) {
  const std::vector<uint64_t> set = PairSet(t);
  const ParameterCase layout =
      spec.schema->parameters->layouts(NodeInputTypes(spec), Resolved(spec),
                                       set.size())
          .at(spec.layout);
  Tensor x;
  x.dtype = t.code;
  x.dims = layout.x_dims;
  const uint64_t n = Product(x.dims);
  x.bytes.resize(StorageBytes(t, n));
  for (uint64_t j = 0; j < n; ++j) {
    StoreBits(t, x.bytes.data(), j, set[(j / layout.repeat) % set.size()]);
  }
  return x;
}

// The element inputs of the case's dtype (a selector input, Where's
// condition, is none of them).
size_t ElementInputCount(const CaseSpec& spec) {
  size_t n = 0;
  for (size_t i = 0; i < spec.arity; ++i) {
    n += spec.schema->ElementInput(i) && !spec.schema->SelectorInput(i);
  }
  return n;
}

// A selector input (Where's bool condition): true and false against every
// pair ([2, 1, 1], broadcast: three-way), else alternating in `dims`.
Tensor SelectorTensor(const CaseSpec& spec, DType type,
                      const std::vector<int64_t>& dims) {
  const bool pairs = (spec.inputs == Inputs::kPairs ||
                      spec.inputs == Inputs::kFatalPairs) &&
                     spec.schema->broadcast;
  return Filled(Info(type), pairs ? std::vector<int64_t>{2, 1, 1} : dims,
                {1, 0}, InOrder);
}

// `values` (the element inputs of the case's dtype) with each selector
// input in its place, in node order.
std::vector<Tensor> WithSelectors(const CaseSpec& spec,
                                  std::vector<Tensor> values) {
  const std::vector<DType> types = NodeInputTypes(spec);
  const std::vector<int64_t> dims =
      values.empty() ? std::vector<int64_t>{} : values[0].dims;
  size_t at = 0;
  for (size_t i = 0; i < spec.arity && i < types.size(); ++i) {
    if (!spec.schema->ElementInput(i)) continue;
    if (spec.schema->SelectorInput(i)) {
      values.insert(values.begin() + static_cast<ptrdiff_t>(at),
                    SelectorTensor(spec, types[i], dims));
    }
    ++at;
  }
  return values;
}

nlohmann::json AttributesJson(const Attributes& attrs) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, value] : attrs) {
    // clang before 16 cannot capture a structured binding itself.
    std::visit(
        [&j, &key = name](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, int64_t> ||
                        std::is_same_v<V, float> ||
                        std::is_same_v<V, std::string>) {
            j[key] = v;
          }
        },
        value);
  }
  return j;
}

void WriteCaseJson(const std::filesystem::path& file, const CaseSpec& spec) {
  const nlohmann::json j = {
      {"id", spec.id},
      {"description", spec.description},
      {"op", spec.schema->op},
      {"opset", spec.schema->since_version},
      {"dtype", Name(spec.dtype)},
      {"attributes", AttributesJson(spec.attributes)},
      {"input", spec.as_initializer ? "initializer" : "graph input"},
      {"expect", spec.breakage == Breakage::kNone ? "run" : "reject"}};
  std::ofstream(file) << j.dump(2) << "\n";
}

}  // namespace

std::vector<uint64_t> PairSet(const DTypeInfo& t) {
  if (t.bits <= 8) return Patterns(t);
  // About 96 of the strata (every exponent's mantissa edges and four random
  // mantissas) drawn at random, not by a stride: a stride that is a
  // multiple of the patterns per exponent picks the same edge of each
  // (mantissa 0), on which a product or quotient is exact and rounding
  // never shows.
  constexpr size_t kPairSetSize = 96;
  return DrawnFrom(t, StratifiedPatterns(t, kSeed, 4), kPairSetSize);
}

std::string CaseFolderName(const CaseSpec& spec) {
  std::string name = spec.id.substr(spec.id.find('.') + 1);
  std::ranges::replace(name, '.', '_');
  return "test_" + name;
}

std::vector<Tensor> CaseInputs(const CaseSpec& spec) {
  const DTypeInfo& t = Info(spec.dtype);
  std::vector<Tensor> inputs;
  if (spec.inputs == Inputs::kPairs || spec.inputs == Inputs::kFatalPairs) {
    inputs = PairInputs(spec, t);
  } else if (spec.inputs == Inputs::kLayout) {
    inputs = {LayoutInput(spec, t)};
  } else {
    const std::vector<uint64_t> patterns =
        spec.sampled ? SampledSet(t) : Patterns(t);
    const std::vector<int64_t> dims =
        spec.inputs == Inputs::kShaped
            ? spec.dims
            : std::vector<int64_t>{static_cast<int64_t>(patterns.size())};
    // Further inputs run through the patterns the other way, so that the
    // elements of one position differ.
    for (size_t k = 0; k < ElementInputCount(spec); ++k) {
      inputs.push_back(Filled(t, dims, patterns,
                              k == 0 ? InOrder : k == 1 ? Reversed : Halfway));
    }
  }
  inputs = WithSelectors(spec, std::move(inputs));
  for (size_t k = 0; k < inputs.size(); ++k) {
    inputs[k].name = k == 0 ? "x" : "x" + std::to_string(k);
  }
  return inputs;
}

Model CaseModel(const CaseSpec& spec, std::span<const Tensor> elements) {
  const std::vector<Tensor> inputs = NodeTensors(spec, elements);
  Model m;
  m.ir_version = IrVersionFor(spec.schema->since_version);
  m.opsets[""] = spec.schema->since_version;
  Node node;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& x = inputs[i];
    if (spec.as_initializer || !spec.schema->ElementInput(i)) {
      m.initializers.push_back(x);
    } else {
      m.inputs.push_back(
          {x.name, static_cast<int32_t>(x.dtype), StaticShape(x.dims)});
    }
    node.inputs.push_back(x.name);
  }
  Attributes attrs;
  const NodeOutputs made = Made(spec, inputs, attrs);
  const Dims out = made.problem.empty() ? made.dims : RefusedDims(elements);
  m.outputs.push_back(
      {"y", static_cast<int32_t>(spec.output_type), StaticShape(out)});
  node.op_type = std::string(spec.schema->op);
  if (spec.breakage == Breakage::kMissingInput) node.inputs.pop_back();
  if (spec.breakage == Breakage::kExtraInput) node.inputs.push_back("x");
  node.outputs = {"y"};
  node.attributes = spec.attributes;
  m.nodes.push_back(node);
  return m;
}

void WriteCase(const std::filesystem::path& suite_dir, const CaseSpec& spec) {
  const std::filesystem::path dir = suite_dir / CaseFolderName(spec);
  const std::filesystem::path data = dir / "test_data_set_0";
  std::filesystem::create_directories(data);
  const std::vector<Tensor> inputs = CaseInputs(spec);
  WriteModelFile(dir / "model.onnx", CaseModel(spec, inputs), spec.id);
  for (size_t k = 0; k < inputs.size() && !spec.as_initializer; ++k) {
    WriteTensorFile(data / ("input_" + std::to_string(k) + ".pb"), inputs[k]);
  }
  if (spec.breakage == Breakage::kNone) {
    WriteTensorFile(data / "output_0.pb", Output(spec, inputs));
  }
  WriteCaseJson(dir / "case.json", spec);
}

}  // namespace onnxcts
