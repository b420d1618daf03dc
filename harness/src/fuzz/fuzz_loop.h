// `onnxcts fuzz`: generated graphs through a backend, each compared bit for
// bit with the reference's evaluation outside the elements the spec leaves
// open, every departure cut down to a small case that still shows it and
// kept once per signature.
#ifndef ONNXCTS_HARNESS_FUZZ_FUZZ_LOOP_H_
#define ONNXCTS_HARNESS_FUZZ_FUZZ_LOOP_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/backend.h"
#include "core/status.h"
#include "fuzz/graph_generator.h"
#include "run/runner.h"

namespace onnxcts {

struct FuzzSummary;

struct FuzzOptions {
  GraphOptions graph;
  uint64_t seed = 1;        // graph i is GenerateGraph(graph, GraphSeed(seed, i))
  double seconds = 60;      // stop starting graphs after this long
  uint64_t max_graphs = 0;  // and after this many; 0: no limit
  // Where the case being run is written (work/current) and each
  // signature's reproducer kept (work/findings/<name>, a suite folder).
  std::filesystem::path work;
  RunOptions run;
  // Signatures already known, as shell globs ("fail graph * float16 on
  // *"), and why: found again, they are counted but make no exit 1.
  std::map<std::string, std::string> known;
  int threads = 1;  // each with its own backend and folder (work/t<k>)
  // Seconds that cutting one graph down, and then making one finding
  // plainer, may take each: past them the step keeps what it has.
  double shrink_seconds = 60;
  // Graphs in a row that crash, hang or garble the answer, after which the
  // fuzz stops: a backend that dies on everything is not restarted for
  // hours. 0: never.
  int max_restarts = 10;
  // Called with the summary so far after each new finding, and otherwise
  // at most every `progress_seconds`: a killed fuzz leaves a report.
  std::function<void(const FuzzSummary&)> progress;
  double progress_seconds = 30;
};

struct FuzzFinding {
  // What tells one departure from another. A wrong answer: "fail", then
  // "graph" when no node alone shows it, the op versions of the reproducer
  // ("Sign-13"), the dtypes of the outputs that differ and the value
  // classes there, signs aside. Any other: the status, the op names and
  // whether an input is empty or a scalar.
  std::string signature;
  Status status = Status::kFail;
  std::string message;
  uint64_t seed = 0;         // of the first graph that showed it
  bool single_node = false;  // one node of the graph shows it alone
  size_t nodes = 0;          // op nodes in the reproducer
  std::string case_id;       // the reproducer's, under work/findings
  uint64_t seen = 1;         // graphs that showed it
  std::string known;         // why, when the signature is known
};

struct FuzzSummary {
  uint64_t graphs = 0;
  uint64_t passed = 0;
  uint64_t deviations = 0;     // differed only where the spec is open
  uint64_t not_supported = 0;  // refused as beyond the backend
  // Nodes that died or refused on an integer divisor of 0 or -1, where
  // the spec decides nothing: the suite's own divisor cases
  // (divisor_zero, divisor_minus_one) score that, so no finding here.
  uint64_t fatal_divisors = 0;
  // Graphs that departed when the time was up, before their nodes were
  // run alone: counted, not kept.
  uint64_t uncut = 0;
  double seconds = 0;
  std::vector<FuzzFinding> findings;  // in the order first seen
  // The index of the first graph not taken: where a resumed fuzz goes on.
  uint64_t next_graph = 0;
  // Why the fuzz ended before its time or count, when the backend did it.
  std::string stopped;
};

// GraphSeed()
//
// The generator seed of graph `i` of a fuzz with seed `seed`: consecutive
// within one fuzz, far apart for nearby seeds (a nightly job's seed of the
// day runs other graphs than yesterday's).
uint64_t GraphSeed(uint64_t seed, uint64_t i);

// DivisorOpen()
//
// Whether a node of `g` that a backend may die on for an integer divisor of
// 0 or -1 (Variant::fatal_second: Div, Mod) reads its divisor from a value
// with an element the spec leaves open: the backend's own answer there may
// be such a divisor, which the reference's value, given to the node alone,
// is not; a graph that then dies or refuses is counted, not kept.
bool DivisorOpen(const FuzzGraph& g);

// Whether a graph's status is a departure worth a finding.
bool IsFinding(Status s);

// Fuzz()
//
// Runs graphs through the backends of `backend_for` (one per thread) until
// the time or the count is up, `stop()` says so, or the backend has died
// `max_restarts` graphs in a row; goes on from `earlier` (a resumed fuzz:
// its counts, findings and next graph).
FuzzSummary Fuzz(const BackendFor& backend_for, const FuzzOptions& options,
                 const std::function<bool()>& stop, FuzzSummary earlier = {});

// Fuzz()
//
// The same on one thread with `backend`, from the start.
FuzzSummary Fuzz(Backend& backend, const FuzzOptions& options,
                 const std::function<bool()>& stop = [] { return false; });

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_FUZZ_LOOP_H_
