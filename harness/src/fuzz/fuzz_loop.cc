#include "fuzz/fuzz_loop.h"

#include <fnmatch.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <set>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "fuzz/graph_case.h"
#include "fuzz/shrink.h"
#include "fuzz/simplify.h"
#include "io/files.h"

namespace onnxcts {
namespace {

std::string VersionOf(const Model& model, const Node& node) {
  const OpSchema* s = FindSchema(node.domain, node.op_type,
                                 static_cast<int>(model.OpsetOf(node.domain)));
  return node.op_type + "-" + (s ? std::to_string(s->since_version) : "?");
}

// The values a graph holds before any op runs: its fed inputs,
// initializers and Constant nodes' values.
using Source = std::pair<std::string, const Tensor*>;  // the value's name

std::vector<Source> Sources(const FuzzGraph& g) {
  std::vector<Source> sources;
  for (const Tensor& t : g.inputs) sources.emplace_back(t.name, &t);
  for (const Tensor& t : g.model.initializers) sources.emplace_back(t.name, &t);
  for (const Node& n : g.model.nodes) {
    const auto value = n.tensors.find("value");
    if (IsConstant(n) && n.outputs.size() == 1 && value != n.tensors.end()) {
      sources.emplace_back(n.outputs[0], &value->second);
    }
  }
  return sources;
}

// What the inputs have that a backend may trip on without computing
// anything wrong: a crash or a refusal is told apart by it, not by dtypes.
std::string Condition(const FuzzGraph& g) {
  const std::vector<Source> sources = Sources(g);
  if (std::ranges::any_of(
          sources, [](const Source& x) { return x.second->count() == 0; })) {
    return " on an empty input";
  }
  if (std::ranges::any_of(
          sources, [](const Source& x) { return x.second->dims.empty(); })) {
    return " on a scalar input";
  }
  return "";
}

// A departure without outputs to compare: the status, the ops (by name
// alone) and what the inputs have.
std::string NoAnswerSignature(const FuzzGraph& g, const CaseResult& r) {
  std::set<std::string> ops;
  for (const Node& n : g.model.nodes) {
    if (!IsConstant(n)) ops.insert(n.op_type);
  }
  std::string text(StatusName(r.status));
  for (const std::string& op : ops) text += " " + op;
  return text + Condition(g);
}

// "+qnan,-zero" without the signs: one departure shows on both.
std::string Unsigned(const std::string& classes) {
  std::string text;
  for (size_t i = 0; i < classes.size(); ++i) {
    const bool leading = i == 0 || classes[i - 1] == ',';
    if (!(leading && (classes[i] == '+' || classes[i] == '-'))) {
      text += classes[i];
    }
  }
  return text;
}

// A wrong answer: the status, the op versions (one op alone, or "graph"
// and every op), the dtypes of the outputs that differ, and the value
// classes of the elements that do (by the inputs of a node alone, by the
// expected output of a graph), signs aside.
std::string Signature(const FuzzGraph& g, const CaseResult& r, bool single) {
  if (r.status != Status::kFail) return NoAnswerSignature(g, r);
  std::set<std::string> ops;
  for (const Node& n : g.model.nodes) {
    if (!IsConstant(n)) ops.insert(VersionOf(g.model, n));
  }
  std::string text = single ? "fail" : "fail graph";
  for (const std::string& op : ops) text += " " + op;
  std::set<std::string> dtypes, classes;
  for (const OutputComparison& c : r.comparisons) {
    if (c.mismatches == 0) continue;
    dtypes.insert(c.dtype);
    for (const auto& [name, seen] : c.by_class) classes.insert(Unsigned(name));
  }
  for (const std::string& d : dtypes) text += " " + d;
  if (!classes.empty()) text += " on";
  for (const std::string& c : classes) text += " " + c;
  return text;
}

// A folder name for a signature, the same on every machine (FNV-1a).
std::string FolderFor(const std::string& signature) {
  uint64_t h = 1469598103934665603u;
  for (const unsigned char c : signature) h = (h ^ c) * 1099511628211u;
  return fmt::format("f{:012x}", h & 0xffffffffffffu);
}

void Tally(FuzzSummary& s, Status status) {
  ++s.graphs;
  if (status == Status::kPass) ++s.passed;
  if (status == Status::kDeviation) ++s.deviations;
  if (status == Status::kNotSupported) ++s.not_supported;
}

// A graph of one op node, as the checks of a single-node finding read it:
// the node, its version, and the tensor of each input (null: left out).
struct OneNode {
  const Node* node = nullptr;
  const OpSchema* schema = nullptr;
  std::vector<const Tensor*> inputs;
  std::vector<DType> types;
};

std::optional<OneNode> OneNodeOf(const FuzzGraph& one) {
  const std::vector<Source> sources = Sources(one);
  for (const Node& node : one.model.nodes) {
    if (IsConstant(node)) continue;
    OneNode n{&node, FindSchema(node.domain, node.op_type,
                                static_cast<int>(one.model.OpsetOf(""))),
              {}, {}};
    if (n.schema == nullptr) return std::nullopt;
    for (const std::string& name : node.inputs) {
      const auto x = std::ranges::find(sources, name, &Source::first);
      n.inputs.push_back(x == sources.end() ? nullptr : x->second);
      n.types.push_back(n.inputs.back() ? n.inputs.back()->dtype : kAbsentInput);
    }
    return n;
  }
  return std::nullopt;
}

// The kind of a graph's one op node (NodeKind()).
std::string KindOf(const FuzzGraph& one) {
  const std::optional<OneNode> n = OneNodeOf(one);
  if (!n || one.model.outputs.empty()) return "";
  return NodeKind(*n->schema, n->types,
                  static_cast<DType>(one.model.outputs[0].elem_type));
}

// Whether graph `one` (one op node) feeds its node a second input on which
// a backend may die (Variant::fatal_second: an integer divisor of 0, or
// -1), an answer the spec leaves open and the suite's divisor cases score.
bool MayDie(const FuzzGraph& one) {
  const std::optional<OneNode> n = OneNodeOf(one);
  if (!n || n->inputs.size() < 2 || n->inputs[1] == nullptr) return false;
  const Variant* v = VariantFor(*n->schema, n->node->attributes, n->types);
  if (v == nullptr || v->fatal_second == nullptr) return false;
  const Tensor& b = *n->inputs[1];
  const DTypeInfo& t = Info(b.dtype);
  for (size_t i = 0; i < b.count(); ++i) {
    if (v->fatal_second(t, LoadBits(t, b.bytes.data(), i)) != 0) return true;
  }
  return false;
}

class Fuzzer {
 public:
  Fuzzer(Backend& backend, const FuzzOptions& o) : backend_(backend), o_(o) {
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(std::min(o.seconds, 1e9)));
    graph_ = o.graph;
    graph_.refused = [this](const std::string& kind) {
      return refused_.contains(kind);
    };
    std::filesystem::create_directories(o.work / "findings");
    WriteFileAtomic(o.work / "findings" / "suite.json",
                    R"({"id_prefix": "fuzz", "label": "fuzz"})" "\n");
  }

  // Runs graph `seed`; when it departs, keeps what each node alone shows,
  // or else the graph cut down.
  void Graph(uint64_t seed, FuzzSummary& s) {
    const FuzzGraph g = GenerateGraph(graph_, seed);
    if (OpNodes(g.model) == 0) return;  // every kind of node refused
    const std::optional<CaseResult> r = Run(g, "current");
    if (!r) return;  // the reference cannot run it: not the backend's
    Tally(s, r->status);
    if (r->status == Status::kNotSupported) Learn(g);
    if (!IsFinding(r->status)) return;
    bool alone = false;
    for (FuzzGraph& one : SingleNodes(g)) {
      if (Late()) {
        ++s.uncut;
        return;
      }
      std::optional<CaseResult> r1 = Run(one, "shrink");
      if (!r1 || !IsFinding(r1->status)) continue;
      alone = true;
      if (r1->status != Status::kFail && MayDie(one)) {
        ++s.fatal_divisors;
        continue;
      }
      Note({std::move(one), std::move(*r1), true}, seed, s);
    }
    if (alone) return;
    // Past the time, the shrinker keeps what it has cut so far.
    Note(ShrinkGraph(g, *r,
                     [&](const FuzzGraph& candidate) {
                       return Late() ? std::nullopt : Run(candidate, "shrink");
                     }),
         seed, s);
  }

 private:
  bool Late() const { return std::chrono::steady_clock::now() >= deadline_; }

  // Which of a refused graph's kinds of node the backend refuses alone:
  // later graphs leave those out (so what is generated depends on what
  // was refused before, and a finding's seed alone does not remake it).
  void Learn(const FuzzGraph& g) {
    for (const FuzzGraph& one : SingleNodes(g)) {
      if (Late()) return;
      const std::string kind = KindOf(one);
      if (kind.empty() || supported_.contains(kind) ||
          refused_.contains(kind)) {
        continue;
      }
      const std::optional<CaseResult> r = Run(one, "shrink");
      if (!r) continue;
      (r->status == Status::kNotSupported ? refused_ : supported_)
          .insert(kind);
    }
  }

  // A departure seen before is counted; a new one is made plainer while
  // its signature stays, and kept.
  void Note(const Shrunk& small, uint64_t seed, FuzzSummary& s) {
    const std::string signature =
        Signature(small.graph, small.result, small.single_node);
    for (FuzzFinding& f : s.findings) {
      if (f.signature == signature) {
        ++f.seen;
        return;
      }
    }
    const Shrunk plain = Simplify(
        small,
        [&](const FuzzGraph& candidate) {
          return Late() ? std::nullopt : Run(candidate, "shrink");
        },
        [&](const FuzzGraph& g, const CaseResult& r) {
          return Signature(g, r, small.single_node) == signature;
        });
    Keep(signature, plain, seed, s);
  }

  // Each graph in a folder of its own name: workers cache what they built
  // by the model's path.
  std::optional<CaseResult> Run(const FuzzGraph& g, const char* folder) {
    const std::filesystem::path dir = o_.work / folder;
    std::filesystem::remove_all(dir);
    return RunGraphCase(dir / ("g" + std::to_string(runs_++)), g, backend_,
                        o_.run);
  }

  void Keep(const std::string& signature, const Shrunk& small, uint64_t seed,
            FuzzSummary& s) {
    const std::string name = FolderFor(signature);
    const std::filesystem::path dir = o_.work / "findings" / name;
    std::filesystem::remove_all(dir);
    WriteGraphCase(dir, small.graph,
                   signature + " (from graph seed " + std::to_string(seed) +
                       ")");
    FuzzFinding f;
    f.signature = signature;
    f.status = small.result.status;
    f.message = small.result.message;
    f.seed = seed;
    f.single_node = small.single_node;
    f.nodes = OpNodes(small.graph.model);
    f.case_id = "fuzz." + name;
    for (const auto& [pattern, reason] : o_.known) {
      if (::fnmatch(pattern.c_str(), signature.c_str(), 0) == 0) {
        f.known = reason;
        break;
      }
    }
    s.findings.push_back(std::move(f));
  }

  Backend& backend_;
  const FuzzOptions& o_;
  GraphOptions graph_;
  // Past it, no graph is started and a departure not yet cut down is
  // counted, not kept.
  std::chrono::steady_clock::time_point deadline_;
  std::set<std::string> refused_, supported_;
  uint64_t runs_ = 0;
};

}  // namespace

bool IsFinding(Status s) {
  switch (s) {
    case Status::kFail:
    case Status::kError:
    case Status::kInvalidOutput:
    case Status::kCrash:
    case Status::kTimeout:
    case Status::kProtocolError:
      return true;
    default:
      return false;
  }
}

FuzzSummary Fuzz(Backend& backend, const FuzzOptions& options,
                 const std::function<bool()>& stop) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  Fuzzer fuzzer(backend, options);
  FuzzSummary s;
  for (uint64_t i = 0; options.max_graphs == 0 || i < options.max_graphs; ++i) {
    if (elapsed() >= options.seconds || stop()) break;
    fuzzer.Graph(options.seed + i, s);
  }
  s.seconds = elapsed();
  return s;
}

}  // namespace onnxcts
