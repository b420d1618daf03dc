#include "fuzz/fuzz_loop.h"

#include <fnmatch.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <set>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "core/parallel.h"
#include "fuzz/graph_case.h"
#include "fuzz/shrink.h"
#include "fuzz/simplify.h"
#include "io/files.h"
#include "run/restart_budget.h"

namespace onnxcts {
namespace {

std::string VersionOf(const Model& model, const Node& node) {
  const OpSchema* s = FindSchema(node.domain, node.op_type,
                                 static_cast<int>(model.OpsetOf(node.domain)));
  return node.op_type + "-" + (s ? std::to_string(s->since_version) : "?");
}

using Source = std::pair<std::string, const Tensor*>;  // GraphSources()

// What the inputs have that a backend may trip on without computing
// anything wrong: a crash or a refusal is told apart by it, not by dtypes.
std::string Condition(const FuzzGraph& g) {
  const std::vector<Source> sources = GraphSources(g);
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

// The signatures of a verdict. A wrong answer has one per output dtype and
// value class that differs: the status, the op versions (one op alone, or
// "graph" and every op), the dtype of an output that differs, and one
// class of the elements that fail there, deviations aside (by the inputs
// of a node alone, by the
// expected output of a graph), signs aside; so one cause found on other
// mixes of values is still one signature. Any other departure has one.
std::vector<std::string> Signatures(const FuzzGraph& g, const CaseResult& r,
                                    bool single) {
  if (r.status != Status::kFail) return {NoAnswerSignature(g, r)};
  std::set<std::string> ops;
  for (const Node& n : g.model.nodes) {
    if (!IsConstant(n)) ops.insert(VersionOf(g.model, n));
  }
  std::string head = single ? "fail" : "fail graph";
  for (const std::string& op : ops) head += " " + op;
  std::set<std::string> signatures;
  for (const OutputComparison& c : r.comparisons) {
    if (c.mismatches == 0) continue;
    bool classed = false;
    for (const auto& [name, seen] : c.by_class) {
      if (seen.count == seen.deviations) continue;  // differs where open
      signatures.insert(head + " " + c.dtype + " on " + Unsigned(name));
      classed = true;
    }
    if (!classed) signatures.insert(head + " " + c.dtype);
  }
  if (signatures.empty()) signatures.insert(head);
  return {signatures.begin(), signatures.end()};
}

// A folder name for a signature, the same on every machine (FNV-1a).
std::string FolderFor(const std::string& signature) {
  uint64_t h = 1469598103934665603u;
  for (const unsigned char c : signature) h = (h ^ c) * 1099511628211u;
  return fmt::format("f{:012x}", h & 0xffffffffffffu);
}

// Why `signature` is known, or "" when it is not.
std::string KnownReason(const std::string& signature,
                        const std::map<std::string, std::string>& known) {
  for (const auto& [pattern, reason] : known) {
    if (::fnmatch(pattern.c_str(), signature.c_str(), 0) == 0) return reason;
  }
  return "";
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
  const std::vector<Source> sources = GraphSources(one);
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

// The runs a shrinking step may take: few for a hang, each of which costs
// the whole --timeout.
int Budget(Status status) { return status == Status::kTimeout ? 8 : 60; }

// One thread's share of a fuzz: its backend, and a folder of its own for
// the graphs it runs.
struct Lane {
  Backend& backend;
  std::filesystem::path dir;
  uint64_t runs = 0;
};

class Fuzzer {
 public:
  Fuzzer(const FuzzOptions& o, FuzzSummary earlier,
         std::function<bool()> stop)
      : o_(o), stop_(std::move(stop)), s_(std::move(earlier)),
        restarts_(o.max_restarts) {
    deadline_ = Clock::now() +
                std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(std::min(o.seconds, 1e9)));
    graph_ = o.graph;
    graph_.refused = [this](const std::string& kind) {
      const std::lock_guard lock(mu_);
      return refused_.contains(kind);
    };
    // Known as the list says now, for findings kept by an earlier run.
    for (FuzzFinding& f : s_.findings) f.known = KnownReason(f.signature, o.known);
    last_progress_ = Clock::now();
    std::filesystem::create_directories(o.work / "findings");
    WriteFileAtomic(o.work / "findings" / "suite.json",
                    R"({"id_prefix": "fuzz", "label": "fuzz"})" "\n");
  }

  // The seed of the next graph to run, or none when the fuzz is over.
  std::optional<uint64_t> NextSeed() {
    const std::lock_guard lock(mu_);
    if (Late() || !s_.stopped.empty() ||
        (o_.max_graphs != 0 && taken_ >= o_.max_graphs)) {
      return std::nullopt;
    }
    ++taken_;
    return GraphSeed(o_.seed, s_.next_graph++);
  }

  // Runs graph `seed`; when it departs, keeps what each node alone shows,
  // or else the graph cut down.
  void Graph(Lane& lane, uint64_t seed) {
    const FuzzGraph g = GenerateGraph(graph_, seed);
    if (OpNodes(g.model) == 0) return;  // every kind of node refused
    const std::optional<CaseResult> r = Run(lane, g, "current");
    // The reference cannot run it (not the backend's), or a stop cut the
    // run short: a worker killed by the stop is no crash of the backend.
    if (!r || Stopped()) return;
    Tally(r->status);
    if (r->status == Status::kNotSupported) Learn(lane, g);
    if (!IsFinding(r->status)) return;
    bool alone = false;
    for (FuzzGraph& one : SingleNodes(g)) {
      if (Late()) {
        Count(&FuzzSummary::uncut);
        return;
      }
      std::optional<CaseResult> r1 = Run(lane, one, "shrink");
      if (Stopped()) return;
      if (!r1 || !IsFinding(r1->status)) continue;
      alone = true;
      if (r1->status != Status::kFail && MayDie(one)) {
        Count(&FuzzSummary::fatal_divisors);
        continue;
      }
      Note(lane, {std::move(one), std::move(*r1), true}, seed);
    }
    if (alone) return;
    if (r->status != Status::kFail && DivisorOpen(g)) {
      Count(&FuzzSummary::fatal_divisors);
      return;
    }
    // Past the time, the shrinker keeps what it has cut so far.
    Note(lane, ShrinkGraph(g, *r, Runner(lane), Budget(r->status)), seed);
  }

  FuzzSummary Summary(double seconds) {
    const std::lock_guard lock(mu_);
    s_.seconds = seconds;
    return s_;
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Past the time, or stopped: no graph is started, no departure cut down.
  bool Late() const { return Clock::now() >= deadline_ || Stopped(); }
  bool Stopped() const { return stop_(); }

  void Count(uint64_t FuzzSummary::*counter) {
    const std::lock_guard lock(mu_);
    ++(s_.*counter);
  }

  // A fresh graph's verdict: counted, and held against the restart
  // budget (a shrinking run crashes on purpose, so only these count).
  void Tally(Status status) {
    const std::lock_guard lock(mu_);
    ++s_.graphs;
    if (status == Status::kPass) ++s_.passed;
    if (status == Status::kDeviation) ++s_.deviations;
    if (status == Status::kNotSupported) ++s_.not_supported;
    restarts_.Record(status);
    if (restarts_.Exhausted() && s_.stopped.empty()) {
      s_.stopped = fmt::format(
          "the backend crashed, hung or garbled its answer on {} graphs in a "
          "row (--max-restarts {})",
          o_.max_restarts, o_.max_restarts);
    }
    if (Clock::now() - last_progress_ >=
        std::chrono::duration<double>(o_.progress_seconds)) {
      Progress();
    }
  }

  // With mu_ held.
  void Progress() {
    last_progress_ = Clock::now();
    if (!o_.progress) return;
    FuzzSummary now = s_;
    now.seconds += std::chrono::duration<double>(last_progress_ - started_).count();
    o_.progress(now);
  }

  // Which of a refused graph's kinds of node the backend refuses alone:
  // later graphs leave those out (so what is generated depends on what
  // was refused before, and a finding's seed alone does not remake it).
  void Learn(Lane& lane, const FuzzGraph& g) {
    for (const FuzzGraph& one : SingleNodes(g)) {
      if (Late()) return;
      const std::string kind = KindOf(one);
      {
        const std::lock_guard lock(mu_);
        if (kind.empty() || supported_.contains(kind) ||
            refused_.contains(kind)) {
          continue;
        }
      }
      const std::optional<CaseResult> r = Run(lane, one, "shrink");
      if (!r) continue;
      const std::lock_guard lock(mu_);
      (r->status == Status::kNotSupported ? refused_ : supported_)
          .insert(kind);
    }
  }

  // Each signature of a departure seen before is counted; a new one is
  // kept, its reproducer made plainer while it still shows that signature.
  // Two threads may make the same one plainer at once: the first to finish
  // keeps it.
  void Note(Lane& lane, const Shrunk& small, uint64_t seed) {
    for (const std::string& signature :
         Signatures(small.graph, small.result, small.single_node)) {
      if (Seen(signature)) continue;
      const Shrunk plain = Simplify(
          small, Runner(lane),
          [&](const FuzzGraph& g, const CaseResult& r) {
            const std::vector<std::string> now =
                Signatures(g, r, small.single_node);
            return std::ranges::find(now, signature) != now.end();
          },
          Budget(small.result.status));
      const std::lock_guard lock(mu_);
      if (std::ranges::none_of(s_.findings, [&](const FuzzFinding& f) {
            return f.signature == signature;
          })) {
        Keep(signature, plain, seed);
        Progress();
      }
    }
  }

  bool Seen(const std::string& signature) {
    const std::lock_guard lock(mu_);
    for (FuzzFinding& f : s_.findings) {
      if (f.signature == signature) {
        ++f.seen;
        return true;
      }
    }
    return false;
  }

  // What a shrinking step runs a candidate with: nothing past the fuzz's
  // time, nor past `shrink_seconds` from now (a backend that compiles each
  // graph for seconds would otherwise spend its budget cutting one down).
  GraphRun Runner(Lane& lane) {
    const Clock::time_point until =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(o_.shrink_seconds));
    return [this, &lane, until](const FuzzGraph& candidate) {
      if (Late() || Clock::now() >= until) return std::optional<CaseResult>();
      std::optional<CaseResult> r = Run(lane, candidate, "shrink");
      return Stopped() ? std::nullopt : r;
    };
  }

  // Each graph in a folder of its own name: workers cache what they built
  // by the model's path.
  std::optional<CaseResult> Run(Lane& lane, const FuzzGraph& g,
                                const char* folder) const {
    const std::filesystem::path dir = lane.dir / folder;
    std::filesystem::remove_all(dir);
    return RunGraphCase(dir / ("g" + std::to_string(lane.runs++)), g,
                        lane.backend, o_.run);
  }

  // With mu_ held.
  void Keep(const std::string& signature, const Shrunk& small, uint64_t seed) {
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
    f.known = KnownReason(signature, o_.known);
    s_.findings.push_back(std::move(f));
  }

  const FuzzOptions& o_;
  std::function<bool()> stop_;
  GraphOptions graph_;
  // Past it, no graph is started and a departure not yet cut down is
  // counted, not kept.
  Clock::time_point deadline_;
  Clock::time_point started_ = Clock::now();
  std::mutex mu_;  // guards what follows
  FuzzSummary s_;
  std::set<std::string> refused_, supported_;
  uint64_t taken_ = 0;  // seeds this run has taken
  RestartBudget restarts_;
  Clock::time_point last_progress_;
};

}  // namespace

bool DivisorOpen(const FuzzGraph& g) {
  std::set<std::string, std::less<>> open;
  const Values values = AllValues(g, &open);
  for (const Node& n : g.model.nodes) {
    if (n.inputs.size() < 2 || !open.contains(n.inputs[1])) continue;
    const OpSchema* s = FindSchema(n.domain, n.op_type,
                                   static_cast<int>(g.model.OpsetOf(n.domain)));
    std::vector<DType> types;
    for (const std::string& in : n.inputs) {
      const auto v = values.find(in);
      types.push_back(v == values.end() ? kAbsentInput : v->second.dtype);
    }
    const Variant* v = s ? VariantFor(*s, n.attributes, types) : nullptr;
    if (v != nullptr && v->fatal_second != nullptr) return true;
  }
  return false;
}

uint64_t GraphSeed(uint64_t seed, uint64_t i) {
  // SplitMix64's finalizer: a bijection, so no two seeds share a start.
  uint64_t z = seed + 0x9e3779b97f4a7c15u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return (z ^ (z >> 31)) + i;
}

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

FuzzSummary Fuzz(const BackendFor& backend_for, const FuzzOptions& options,
                 const std::function<bool()>& stop, FuzzSummary earlier) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const double before = earlier.seconds;
  Fuzzer fuzzer(options, std::move(earlier), stop);
  ThreadBackends backends(options.threads, backend_for);
  ParallelFor(static_cast<size_t>(std::max(options.threads, 1)),
              options.threads, [&](size_t, int worker) {
                Lane lane{backends.For(worker),
                          worker == 0 ? options.work
                                      : options.work /
                                            ("t" + std::to_string(worker))};
                while (const std::optional<uint64_t> seed =
                           fuzzer.NextSeed()) {
                  fuzzer.Graph(lane, *seed);
                }
              });
  return fuzzer.Summary(
      before + std::chrono::duration<double>(Clock::now() - start).count());
}

FuzzSummary Fuzz(Backend& backend, const FuzzOptions& options,
                 const std::function<bool()>& stop) {
  FuzzOptions one = options;
  one.threads = 1;
  // Not owned: the caller's backend outlives the fuzz.
  const std::shared_ptr<Backend> shared(&backend, [](Backend*) {});
  return Fuzz([&](int) { return shared; }, one, stop);
}

}  // namespace onnxcts
