#include "fuzz/graph_generator.h"

#include <algorithm>
#include <map>
#include <string>

#include "generate/case_spec.h"
#include "onnxcts/infer.h"
#include "onnxcts/oracle.h"
#include "onnxcts/patterns.h"

namespace onnxcts {
namespace {

// The seed's stream of choices.
class Draw {
 public:
  explicit Draw(uint64_t seed) : rng_(seed) {}
  size_t Below(size_t n) { return n == 0 ? 0 : rng_.Next() % n; }
  bool Chance(size_t percent) { return Below(100) < percent; }
  uint64_t Bits() { return rng_.Next(); }
  template <typename T>
  const T& Pick(std::span<const T> from) {
    return from[Below(from.size())];
  }

 private:
  SplitMix64 rng_;
};

struct Value {
  std::string name;
  DType dtype;
  Dims dims;
  bool made = false;      // by an op node (not an input or a constant)
  bool consumed = false;  // read by some op node
};

size_t Count(const Dims& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// What one op node is being made of.
struct NodePlan {
  const OpSchema* schema = nullptr;
  Attributes attributes;
  std::map<std::string_view, DType, std::less<>> bound;  // constraint -> dtype
  Dims shape;  // of the output, which the element inputs broadcast to
  Node node;
  std::vector<DType> types;
  std::vector<Dims> dims;
};

class Builder {
 public:
  Builder(const GraphOptions& options, uint64_t seed)
      : options_(options), draw_(seed), ops_(GraphOps(options.opset)) {}

  FuzzGraph Build() {
    model_.ir_version = IrVersionFor(options_.opset);
    model_.opsets[""] = options_.opset;
    const size_t nodes = 1 + draw_.Below(static_cast<size_t>(
                                 std::max(options_.max_nodes, 1)));
    for (size_t tries = 0; made_ < nodes && tries < 60 * nodes; ++tries) {
      TryNode();
    }
    for (const Value& v : values_) {
      if (v.made && (!v.consumed || draw_.Chance(25))) {
        model_.outputs.push_back(
            {v.name, static_cast<int32_t>(v.dtype), StaticShape(v.dims)});
      }
    }
    return {std::move(model_), std::move(fed_)};
  }

 private:
  // Mostly a pattern of a value class drawn first, every class alike (so
  // -0, the infinities, the NaNs, subnormals and integer extremes come up
  // as often as normal numbers), else any bits.
  uint64_t Pattern(DType t) {
    const DTypeInfo& info = Info(t);
    if (info.kind == Kind::kBool) return draw_.Below(2);
    if (!draw_.Chance(65)) return draw_.Bits() & info.all_bits();
    auto [it, added] = classes_.try_emplace(t);
    if (added) {
      std::map<std::string, std::vector<uint64_t>> by_class;
      for (const uint64_t p : StratifiedPatterns(info, 1, 0)) {
        by_class[oracle::ClassName(info, p)].push_back(p);
      }
      for (auto& [name, patterns] : by_class) {
        it->second.push_back(std::move(patterns));
      }
    }
    const auto& cls = draw_.Pick(std::span<const std::vector<uint64_t>>(it->second));
    return draw_.Pick(std::span<const uint64_t>(cls));
  }

  Tensor MakeTensor(const std::string& name, DType t, const Dims& dims,
                    std::span<const uint64_t> patterns = {}) {
    Tensor x;
    x.name = name;
    x.dtype = t;
    x.dims = dims;
    const size_t n = Count(dims);
    x.bytes.assign(StorageBytes(Info(t), n), 0);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t bits =
          patterns.empty() ? Pattern(t) : patterns[i % patterns.size()];
      StoreBits(Info(t), x.bytes.data(), i, bits);
    }
    return x;
  }

  // A new value from outside the ops: a graph input, an initializer or a
  // Constant node (the last two are what constant folding sees).
  std::string NewSource(DType t, const Dims& dims,
                        std::span<const uint64_t> patterns = {}) {
    const std::string name = "s" + std::to_string(sources_++);
    Tensor x = MakeTensor(name, t, dims, patterns);
    const size_t kind = draw_.Below(4);
    if (kind <= 1) {
      model_.inputs.push_back(
          {name, static_cast<int32_t>(t), StaticShape(dims)});
      fed_.push_back(std::move(x));
    } else if (kind == 2) {
      model_.initializers.push_back(std::move(x));
    } else {
      Node c;
      c.name = "constant_" + name;
      c.op_type = "Constant";
      c.outputs = {name};
      c.other_attributes["value"] = "TENSOR";
      c.tensors["value"] = std::move(x);
      model_.nodes.push_back(std::move(c));
    }
    values_.push_back({name, t, dims});
    return name;
  }

  Dims BaseShape() {
    for (;;) {
      Dims dims(draw_.Chance(10) ? 4 + draw_.Below(3) : draw_.Below(4));
      for (int64_t& d : dims) {
        d = draw_.Chance(3) ? 0 : static_cast<int64_t>(1 + draw_.Below(4));
      }
      if (Count(dims) <= options_.max_elements) return dims;
    }
  }

  // A shape that broadcasts to `to`: fewer leading dims, some of them 1.
  Dims Fitting(const Dims& to) {
    if (draw_.Chance(50)) return to;
    Dims dims(to.begin() + static_cast<ptrdiff_t>(draw_.Below(to.size() + 1)),
              to.end());
    for (int64_t& d : dims) {
      if (draw_.Chance(30)) d = 1;
    }
    return dims;
  }

  bool Fits(const Dims& dims, const Dims& to, bool broadcasts) {
    if (!broadcasts) return dims == to;
    const Dims pair[] = {dims, to};
    const std::optional<Dims> both = BroadcastDims(pair);
    return both && *both == to;
  }

  bool ChooseAttributes(NodePlan& p) {
    for (const AttrSpec& a : p.schema->attributes) {
      const std::vector<AttrValue> domain = AttributeDomain(*p.schema, a);
      if (domain.empty()) {
        if (a.required) return false;
        continue;
      }
      const AttrValue& v = draw_.Pick(std::span<const AttrValue>(domain));
      p.attributes[std::string(a.name)] = v;
      const int64_t* code = std::get_if<int64_t>(&v);
      if (!a.dtype_of.empty() && code != nullptr &&
          !(a.zero_unset && *code == 0)) {
        p.bound[a.dtype_of] = static_cast<DType>(*code);
      }
    }
    return true;
  }

  DType TypeOf(NodePlan& p, std::string_view constraint) {
    if (const auto it = p.bound.find(constraint); it != p.bound.end()) {
      return it->second;
    }
    const auto allowed = p.schema->FindConstraint(constraint)->allowed;
    const DType t = draw_.Pick(allowed);
    p.bound[constraint] = t;
    return t;
  }

  // Binds input 0's constraint to a value the graph has, which becomes
  // that input, when one fits; its shape is then the node's.
  std::string Anchor(NodePlan& p) {
    const std::string_view c = p.schema->FormalOf(0).type;
    std::vector<size_t> fit;
    for (size_t k = 0; k < values_.size(); ++k) {
      const bool bound = p.bound.contains(c);
      if (bound ? p.bound[c] == values_[k].dtype
                : p.schema->Allows(c, values_[k].dtype)) {
        fit.push_back(k);
      }
    }
    if (fit.empty() || !draw_.Chance(75)) return "";
    Value& v = values_[draw_.Pick(std::span<const size_t>(fit))];
    p.bound[c] = v.dtype;
    p.shape = v.dims;
    return v.name;
  }

  std::string ElementSource(NodePlan& p, size_t i, DType t) {
    const bool broadcasts =
        p.schema->broadcast && !(p.schema->unidirectional && i == 0);
    std::vector<size_t> fit;
    for (size_t k = 0; k < values_.size(); ++k) {
      if (values_[k].dtype == t && Fits(values_[k].dims, p.shape, broadcasts)) {
        fit.push_back(k);
      }
    }
    if (!fit.empty() && draw_.Chance(60)) {
      return values_[draw_.Pick(std::span<const size_t>(fit))].name;
    }
    return NewSource(t, broadcasts ? Fitting(p.shape) : p.shape);
  }

  size_t InputCount(const OpSchema& s) {
    if (s.MaxInputs() == SIZE_MAX) return s.inputs.size() + draw_.Below(3);
    size_t n = s.MinInputs();
    while (n < s.inputs.size() && draw_.Chance(60)) ++n;
    return n;
  }

  bool PlanInputs(NodePlan& p) {
    const OpSchema& s = *p.schema;
    const size_t count = s.parameters ? s.inputs.size() : InputCount(s);
    const std::string anchor = Anchor(p);
    if (anchor.empty()) p.shape = BaseShape();
    for (size_t i = 0; i < count; ++i) {
      const Formal& f = s.FormalOf(i);
      const DType t = TypeOf(p, f.type);
      p.types.push_back(t);
      if (f.parameter) {
        p.node.inputs.emplace_back();  // filled by the parameter rule
      } else if (f.type_only) {
        p.node.inputs.push_back(NewSource(t, {1}));
      } else if (i == 0 && !anchor.empty()) {
        p.node.inputs.push_back(anchor);
      } else {
        p.node.inputs.push_back(ElementSource(p, i, t));
      }
    }
    return s.parameters == nullptr || PlanParameters(p);
  }

  bool PlanParameters(NodePlan& p) {
    const ParameterCase c =
        p.schema->parameters->single(p.types, p.attributes, p.shape);
    for (const auto& [name, value] : c.attributes) p.attributes[name] = value;
    size_t j = 0;
    for (size_t i = 0; i < p.node.inputs.size(); ++i) {
      if (!p.schema->FormalOf(i).parameter) continue;
      if (j >= c.dims.size()) return false;
      p.node.inputs[i] = NewSource(p.types[i], c.dims[j], c.patterns[j]);
      ++j;
    }
    return true;
  }

  const Value* Find(const std::string& name) const {
    for (const Value& v : values_) {
      if (v.name == name) return &v;
    }
    return nullptr;
  }

  void TryNode() {
    NodePlan p;
    p.schema = draw_.Pick(std::span<const OpSchema* const>(ops_));
    // A failed attempt's sources were only appended: cut them off again.
    const size_t values = values_.size(), fed = fed_.size();
    const size_t inputs = model_.inputs.size(), nodes = model_.nodes.size();
    const size_t initializers = model_.initializers.size(), sources = sources_;
    if (!ChooseAttributes(p) || !PlanInputs(p) || !Finish(p)) {
      values_.resize(values);
      fed_.resize(fed);
      model_.inputs.resize(inputs);
      model_.nodes.resize(nodes);
      model_.initializers.resize(initializers);
      sources_ = sources;
    }
  }

  bool Finish(NodePlan& p) {
    for (const std::string& name : p.node.inputs) {
      p.dims.push_back(name.empty() ? Dims{} : Find(name)->dims);
    }
    const NodeOutputs made =
        InferOutputs(*p.schema, p.types, p.dims, p.attributes);
    if (!made.problem.empty() || Count(made.dims) > options_.max_elements) {
      return false;
    }
    if (options_.refused &&
        options_.refused(NodeKind(*p.schema, p.types, made.types[0]))) {
      return false;
    }
    const std::string out = "v" + std::to_string(made_);
    p.node.name = "n" + std::to_string(made_++);
    p.node.op_type = std::string(p.schema->op);
    p.node.outputs = {out};
    p.node.attributes = p.attributes;
    for (Value& v : values_) {
      if (std::ranges::find(p.node.inputs, v.name) != p.node.inputs.end()) {
        v.consumed = true;
      }
    }
    model_.nodes.push_back(std::move(p.node));
    values_.push_back({out, made.types[0], made.dims, true});
    return true;
  }

  const GraphOptions& options_;
  Draw draw_;
  std::vector<const OpSchema*> ops_;
  Model model_;
  std::vector<Tensor> fed_;
  std::vector<Value> values_;
  // Per dtype, the stratified patterns grouped by value class.
  std::map<DType, std::vector<std::vector<uint64_t>>> classes_;
  size_t sources_ = 0;
  size_t made_ = 0;
};

}  // namespace

std::string NodeKind(const OpSchema& s, std::span<const DType> inputs,
                     DType output) {
  std::string kind = VersionName(s) + "(";
  for (size_t k = 0; k < inputs.size(); ++k) {
    kind += (k ? "," : "") +
            std::string(inputs[k] == kAbsentInput ? "" : Name(inputs[k]));
  }
  return kind + ")->" + std::string(Name(output));
}

std::vector<const OpSchema*> GraphOps(int opset) {
  std::vector<const OpSchema*> ops;
  for (const OpSchema& s : AllSchemas()) {
    if (!s.domain.empty() || s.outputs.size() != 1) continue;
    if (FindSchema(s.domain, s.op, opset) == &s) ops.push_back(&s);
  }
  return ops;
}

FuzzGraph GenerateGraph(const GraphOptions& options, uint64_t seed) {
  return Builder(options, seed).Build();
}

}  // namespace onnxcts
