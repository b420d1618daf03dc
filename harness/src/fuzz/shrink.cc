#include "fuzz/shrink.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "run/graph_eval.h"

namespace onnxcts {

ValueInfo Declared(const Tensor& t) {
  return {t.name, static_cast<int32_t>(t.dtype), StaticShape(t.dims)};
}

Values AllValues(const FuzzGraph& g,
                 std::set<std::string, std::less<>>* partly_open) {
  Values values;
  const GraphCheck check = CheckGraph(g.model);
  if (check.verdict != NodeCheck::Verdict::kValid) return values;
  Model exposed = g.model;
  exposed.outputs.clear();
  for (const size_t i : check.order) {
    const Node& node = g.model.nodes[i];
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      const auto code = static_cast<int32_t>(check.nodes[i].output_types[k]);
      exposed.outputs.push_back({node.outputs[k], code, std::nullopt});
    }
  }
  const GraphAnswer answer = EvaluateGraph(exposed, check, g.inputs);
  if (answer.outcome.kind != RunOutcome::Kind::kOk) return values;
  for (const Tensor& t : answer.outcome.outputs) values[t.name] = t;
  for (size_t k = 0; partly_open && k < answer.open.size(); ++k) {
    if (std::ranges::find(answer.open[k], 1) != answer.open[k].end()) {
      partly_open->insert(exposed.outputs[k].name);
    }
  }
  for (const Tensor& t : g.model.initializers) values[t.name] = t;
  for (const Tensor& t : g.inputs) values[t.name] = t;
  return values;
}

namespace {

// The values of `model` known before it runs: initializers, Constant
// nodes' values, and what nodes compute from those alone (which a backend
// may fold).
std::set<std::string, std::less<>> ConstantValues(const Model& model) {
  std::set<std::string, std::less<>> constant;
  for (const Tensor& t : model.initializers) constant.insert(t.name);
  std::string why;
  for (const size_t i : model.RunningOrder(why).value_or(std::vector<size_t>{})) {
    const Node& n = model.nodes[i];
    if (std::ranges::all_of(n.inputs, [&](const std::string& v) {
          return v.empty() || constant.contains(v);
        })) {
      constant.insert(n.outputs.begin(), n.outputs.end());
    }
  }
  return constant;
}

// Node `node` alone, each input as the graph gives it: a value known
// before the graph runs (`constant`) as an initializer (a backend may take
// a constant path for it), anything else fed with the value it has in the
// graph.
FuzzGraph Alone(const Model& model, const Node& node, const Values& values,
                const std::set<std::string, std::less<>>& constant) {
  FuzzGraph one;
  one.model.ir_version = model.ir_version;
  one.model.opsets = model.opsets;
  one.model.nodes = {node};
  std::set<std::string, std::less<>> seen;
  for (const std::string& name : node.inputs) {
    if (name.empty() || !seen.insert(name).second) continue;
    Tensor x = values.at(name);
    x.name = name;
    if (constant.contains(name)) {
      one.model.initializers.push_back(std::move(x));
    } else {
      one.model.inputs.push_back(Declared(x));
      one.inputs.push_back(std::move(x));
    }
  }
  for (const std::string& name : node.outputs) {
    one.model.outputs.push_back(Declared(values.at(name)));
  }
  return one;
}

// Drops the nodes, inputs and initializers no graph output needs.
void Prune(FuzzGraph& g) {
  std::set<std::string, std::less<>> needed;
  for (const ValueInfo& out : g.model.outputs) needed.insert(out.name);
  std::vector<Node> kept;
  for (auto it = g.model.nodes.rbegin(); it != g.model.nodes.rend(); ++it) {
    if (std::ranges::none_of(it->outputs, [&](const std::string& v) {
          return needed.contains(v);
        })) {
      continue;
    }
    needed.insert(it->inputs.begin(), it->inputs.end());
    kept.insert(kept.begin(), *it);
  }
  g.model.nodes = std::move(kept);
  std::erase_if(g.model.initializers,
                [&](const Tensor& t) { return !needed.contains(t.name); });
  std::vector<ValueInfo> inputs;
  std::vector<Tensor> fed;
  for (size_t k = 0; k < g.model.inputs.size(); ++k) {
    if (!needed.contains(g.model.inputs[k].name)) continue;
    inputs.push_back(g.model.inputs[k]);
    fed.push_back(g.inputs[k]);
  }
  g.model.inputs = std::move(inputs);
  g.inputs = std::move(fed);
}

// The graph with only the outputs whose comparison found mismatches
// (all of them when none did: a crash or an error).
FuzzGraph DifferingOutputs(const FuzzGraph& g, const CaseResult& r) {
  FuzzGraph cut = g;
  std::vector<ValueInfo> outputs;
  for (const OutputComparison& c : r.comparisons) {
    const auto k = static_cast<size_t>(c.output);
    if (c.mismatches > 0 && k < g.model.outputs.size()) {
      outputs.push_back(g.model.outputs[k]);
    }
  }
  if (!outputs.empty()) cut.model.outputs = std::move(outputs);
  Prune(cut);
  return cut;
}

// The graph with node `i`'s input `name` fed from outside instead (by one
// graph input per cut value, however many nodes read it).
FuzzGraph Cut(const FuzzGraph& g, size_t i, const std::string& name,
              const Tensor& value) {
  FuzzGraph cut = g;
  const std::string fed = "cut_" + name;
  for (std::string& in : cut.model.nodes[i].inputs) {
    if (in == name) in = fed;
  }
  if (std::ranges::none_of(cut.model.inputs,
                           [&](const ValueInfo& v) { return v.name == fed; })) {
    Tensor x = value;
    x.name = fed;
    cut.model.inputs.push_back(Declared(x));
    cut.inputs.push_back(std::move(x));
  }
  Prune(cut);
  return cut;
}

// The graph without output `k`.
FuzzGraph Dropped(const FuzzGraph& g, size_t k) {
  FuzzGraph less = g;
  less.model.outputs.erase(less.model.outputs.begin() +
                           static_cast<ptrdiff_t>(k));
  Prune(less);
  return less;
}

// The graph with output `k` taken one node earlier: at input `name` of the
// node that computes it.
FuzzGraph Earlier(const FuzzGraph& g, size_t k, const Tensor& value) {
  FuzzGraph less = g;
  less.model.outputs[k] = Declared(value);
  Prune(less);
  return less;
}

// The op node that computes `name`, or null.
const Node* Producer(const Model& m, const std::string& name) {
  for (const Node& n : m.nodes) {
    if (!IsConstant(n) && std::ranges::find(n.outputs, name) != n.outputs.end()) {
      return &n;
    }
  }
  return nullptr;
}

bool MadeByOp(const Model& m, const std::string& name) {
  return Producer(m, name) != nullptr;
}

// The graphs one step smaller than `g`: an output dropped (while more
// than one is left), an output taken before the last node that computes
// it (an input of that node an op computes, not a repeated graph output),
// or an input that an op computes cut loose, the last nodes first.
std::vector<FuzzGraph> Smaller(const FuzzGraph& g, const Values& values) {
  std::vector<FuzzGraph> smaller;
  for (size_t k = 0; g.model.outputs.size() > 1 && k < g.model.outputs.size();
       ++k) {
    smaller.push_back(Dropped(g, k));
  }
  for (size_t k = 0; k < g.model.outputs.size(); ++k) {
    const Node* last = Producer(g.model, g.model.outputs[k].name);
    for (const std::string& in : last ? last->inputs : std::vector<std::string>{}) {
      const bool output = std::ranges::any_of(
          g.model.outputs, [&](const ValueInfo& o) { return o.name == in; });
      if (MadeByOp(g.model, in) && !output) {
        Tensor value = values.at(in);
        value.name = in;
        smaller.push_back(Earlier(g, k, value));
      }
    }
  }
  for (size_t i = g.model.nodes.size(); i-- > 0;) {
    std::set<std::string, std::less<>> done;
    for (const std::string& name : g.model.nodes[i].inputs) {
      if (MadeByOp(g.model, name) && done.insert(name).second) {
        smaller.push_back(Cut(g, i, name, values.at(name)));
      }
    }
  }
  return smaller;
}

}  // namespace

size_t OpNodes(const Model& model) {
  return static_cast<size_t>(std::ranges::count_if(
      model.nodes, [](const Node& n) { return !IsConstant(n); }));
}

std::vector<FuzzGraph> SingleNodes(const FuzzGraph& graph) {
  const Values values = AllValues(graph);
  std::vector<FuzzGraph> singles;
  if (values.empty()) return singles;
  const auto constant = ConstantValues(graph.model);
  for (const Node& node : graph.model.nodes) {
    if (!IsConstant(node)) {
      singles.push_back(Alone(graph.model, node, values, constant));
    }
  }
  return singles;
}

Shrunk ShrinkGraph(const FuzzGraph& graph, const CaseResult& first,
                   const GraphRun& run, int budget) {
  const Values values = AllValues(graph);
  const auto same = [&](const FuzzGraph& g) -> std::optional<CaseResult> {
    if (budget-- <= 0) return std::nullopt;
    std::optional<CaseResult> r = run(g);
    if (r && r->status == first.status) return r;
    return std::nullopt;
  };
  Shrunk best{graph, first, OpNodes(graph.model) == 1};
  if (values.empty()) return best;
  FuzzGraph outputs = DifferingOutputs(graph, first);
  if (OpNodes(outputs.model) < OpNodes(graph.model)) {
    if (auto r = same(outputs)) best = {std::move(outputs), std::move(*r)};
  }
  for (bool smaller = true; smaller && budget > 0;) {
    smaller = false;
    for (FuzzGraph& candidate : Smaller(best.graph, values)) {
      if (auto r = same(candidate)) {
        best = {std::move(candidate), std::move(*r)};
        smaller = true;
        break;
      }
    }
  }
  best.single_node = OpNodes(best.graph.model) == 1;
  return best;
}

}  // namespace onnxcts
