#include "fuzz/simplify.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

// `g` with the declared types of its fed inputs and outputs made to agree
// with its values; none when the reference cannot run it.
std::optional<FuzzGraph> Declare(FuzzGraph g) {
  for (ValueInfo& in : g.model.inputs) {
    const auto t = std::ranges::find(g.inputs, in.name, &Tensor::name);
    if (t != g.inputs.end()) in = Declared(*t);
  }
  const Values values = AllValues(g);
  for (ValueInfo& out : g.model.outputs) {
    const auto t = values.find(out.name);
    if (t == values.end()) return std::nullopt;
    out.shape = StaticShape(t->second.dims);
  }
  return g;
}

// Dimension `j` of `t` counted from the right (1: the last), as
// broadcasting aligns it; 0 when `t` has fewer.
int64_t FromRight(const Tensor& t, size_t j) {
  return j <= t.dims.size() ? t.dims[t.dims.size() - j] : 0;
}

// `t` with only the `keep` entries from `from` on along `axis`.
Tensor Sliced(const Tensor& t, size_t axis, int64_t from, int64_t keep) {
  const DTypeInfo& info = Info(t.dtype);
  size_t outer = 1, inner = 1;
  for (size_t a = 0; a < axis; ++a) outer *= static_cast<size_t>(t.dims[a]);
  for (size_t a = axis + 1; a < t.dims.size(); ++a) {
    inner *= static_cast<size_t>(t.dims[a]);
  }
  const auto n = static_cast<size_t>(t.dims[axis]);
  const auto k = static_cast<size_t>(keep);
  Tensor s = t;
  s.dims[axis] = keep;
  s.bytes.assign(StorageBytes(info, outer * k * inner), 0);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t e = 0; e < k * inner; ++e) {
      StoreBits(info, s.bytes.data(), o * k * inner + e,
                LoadBits(info, t.bytes.data(),
                         (o * n + static_cast<size_t>(from)) * inner + e));
    }
  }
  return s;
}

// Each dimension position, from the right, cut to its first half or its
// second in every value that has its largest size there (the others
// broadcast): repeated, a search for the entry that departs.
std::vector<FuzzGraph> Narrower(const FuzzGraph& g) {
  const auto sources = GraphSources(g);
  size_t rank = 0;
  for (const auto& [name, t] : sources) rank = std::max(rank, t->dims.size());
  std::vector<FuzzGraph> narrower;
  for (size_t j = 1; j <= rank; ++j) {
    int64_t n = 0;
    for (const auto& [name, t] : sources) n = std::max(n, FromRight(*t, j));
    if (n <= 1) continue;
    const int64_t half = n / 2;
    for (const auto& [from, keep] : {std::pair{int64_t{0}, half},
                                     std::pair{half, n - half}}) {
      FuzzGraph cut = g;
      for (auto& [name, t] : GraphSources(cut)) {
        if (FromRight(*t, j) == n) {
          *t = Sliced(*t, t->dims.size() - j, from, keep);
        }
      }
      narrower.push_back(std::move(cut));
    }
  }
  return narrower;
}

// The values of rank one or more whose first dimension is 1 without it:
// all at once, then each alone.
std::vector<FuzzGraph> Flatter(const FuzzGraph& g) {
  const auto flattened = [](Tensor& t) {
    const bool leading_one = !t.dims.empty() && t.dims[0] == 1;
    if (leading_one) t.dims.erase(t.dims.begin());
    return leading_one;
  };
  std::vector<FuzzGraph> flatter;
  FuzzGraph all = g;
  const auto sources = GraphSources(all);
  size_t n = 0;
  for (const auto& [name, t] : sources) n += flattened(*t);
  if (n == 0) return flatter;
  flatter.push_back(std::move(all));
  for (size_t k = 0; n > 1 && k < sources.size(); ++k) {
    FuzzGraph one = g;
    if (flattened(*GraphSources(one)[k].second)) {
      flatter.push_back(std::move(one));
    }
  }
  return flatter;
}

// Each initializer and each Constant node's value as a fed input instead.
std::vector<FuzzGraph> Fed(const FuzzGraph& g) {
  std::vector<FuzzGraph> fed;
  const auto feed = [&](FuzzGraph c, Tensor t) {
    c.model.inputs.push_back(Declared(t));
    c.inputs.push_back(std::move(t));
    fed.push_back(std::move(c));
  };
  for (size_t k = 0; k < g.model.initializers.size(); ++k) {
    FuzzGraph c = g;
    c.model.initializers.erase(c.model.initializers.begin() +
                               static_cast<ptrdiff_t>(k));
    feed(std::move(c), g.model.initializers[k]);
  }
  for (size_t i = 0; i < g.model.nodes.size(); ++i) {
    const Node& n = g.model.nodes[i];
    const auto value = n.tensors.find("value");
    if (!IsConstant(n) || n.outputs.size() != 1 || value == n.tensors.end()) {
      continue;
    }
    Tensor t = value->second;
    t.name = n.outputs[0];
    FuzzGraph c = g;
    c.model.nodes.erase(c.model.nodes.begin() + static_cast<ptrdiff_t>(i));
    feed(std::move(c), std::move(t));
  }
  return fed;
}

// Each attribute that has a default, left out.
std::vector<FuzzGraph> Defaults(const FuzzGraph& g) {
  std::vector<FuzzGraph> plain;
  for (size_t i = 0; i < g.model.nodes.size(); ++i) {
    const Node& n = g.model.nodes[i];
    const OpSchema* s = FindSchema(n.domain, n.op_type,
                                   static_cast<int>(g.model.OpsetOf(n.domain)));
    if (s == nullptr) continue;
    for (const auto& [name, value] : n.attributes) {
      const auto spec = std::ranges::find(s->attributes, name, &AttrSpec::name);
      if (spec == s->attributes.end() || spec->required) continue;
      FuzzGraph c = g;
      c.model.nodes[i].attributes.erase(name);
      plain.push_back(std::move(c));
    }
  }
  return plain;
}

// One in dtype `t`: the sign of its smallest positive pattern.
uint64_t One(const DTypeInfo& t) {
  return t.kind == Kind::kBool ? 1 : oracle::Sign(t, 1);
}

// Runs of elements of each value set to one: the whole value, then halves,
// quarters, down to single elements; runs already all one left out.
std::vector<FuzzGraph> Plainer(const FuzzGraph& g) {
  const auto sources = GraphSources(g);
  std::vector<FuzzGraph> plain;
  for (size_t s = 0; s < sources.size(); ++s) {
    const Tensor& t = *sources[s].second;
    const DTypeInfo& info = Info(t.dtype);
    const uint64_t one = One(info);
    const size_t count = t.count();
    for (size_t run = count; run >= 1; run /= 2) {
      for (size_t from = 0; from < count; from += run) {
        const size_t to = std::min(count, from + run);
        bool ones = true;
        for (size_t e = from; e < to; ++e) {
          ones = ones && LoadBits(info, t.bytes.data(), e) == one;
        }
        if (ones) continue;
        FuzzGraph c = g;
        Tensor& x = *GraphSources(c)[s].second;
        for (size_t e = from; e < to; ++e) StoreBits(info, x.bytes.data(), e, one);
        plain.push_back(std::move(c));
      }
    }
  }
  return plain;
}

}  // namespace

Shrunk Simplify(Shrunk start, const GraphRun& run, const Keeps& keeps,
                int budget) {
  using Step = std::vector<FuzzGraph> (*)(const FuzzGraph&);
  // Each step until it finds nothing more, then the next: a step that
  // failed once is not tried again after a later one.
  for (const Step step : {Narrower, Flatter, Fed, Defaults, Plainer}) {
    for (bool changed = true; changed && budget > 0;) {
      changed = false;
      for (FuzzGraph& candidate : step(start.graph)) {
        std::optional<FuzzGraph> g = Declare(std::move(candidate));
        if (!g) continue;
        if (budget-- <= 0) break;
        std::optional<CaseResult> r = run(*g);
        if (r && keeps(*g, *r)) {
          start.graph = std::move(*g);
          start.result = std::move(*r);
          changed = true;
          break;
        }
      }
    }
  }
  return start;
}

}  // namespace onnxcts
