// `onnxcts sweep --backend`: every bit pattern of a dtype through a backend
// and through the reference, chunk by chunk, with no suite on disk.
//
// Each op version x dtype x attribute combination of the generated suite is
// one case, "sweep.<op>.v<N>.<dtype>[.<attributes>]". Its patterns (those
// of PatternSpace; for an op of two inputs, the pairs of PairSpace, fed as
// two inputs of one shape) are cut into fixed slices, one result each (the
// slice is the result's data set), so shards are sets of slices (each an
// equal share of the patterns, to within a slice) and merging them
// gives exactly the unsharded report. Mismatches are counted by the value
// class of their input, with a few examples each: a backend that gets 16
// million NaNs wrong shows one line per slice, not 16 million.
#ifndef ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_
#define ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "generate/case_spec.h"
#include "onnxcts/variant.h"
#include "run/restart_budget.h"
#include "run/runner.h"
#include "run/shard.h"

namespace onnxcts {

class Progress;

// A slice holds this many patterns or pairs (the last one of a case may
// hold fewer): 16 slices for a 32-bit dtype or the pairs of a 16-bit one,
// one for smaller ones.
inline constexpr uint64_t kSlicePatterns = uint64_t{1} << 28;

struct SweepSlice {
  CaseSpec spec;      // an all-patterns or pairs case fed as graph inputs
  std::string id;     // "sweep.isinf.v20.float.detect_neg0"
  int index = 0;      // the result's data set
  uint64_t first = 0;  // into the dtype's PatternSpace, or the PairSpace
  uint64_t count = 0;
  // The variant of an op of two inputs, whose slices are pairs; null for
  // one input of patterns.
  const Variant* pairs = nullptr;
};

// Where a sweep's time went, summed over its threads: the harness's own
// stages, and the backend's as it reports them (a worker of protocol 2).
struct SweepProfile {
  double make = 0;   // filling input slots, writing models
  double send = 0;   // handing requests to the backend
  double wait = 0;   // waiting for answers
  double check = 0;  // checking outputs against the reference
  double backend_read = 0;
  double backend_run = 0;
  double backend_write = 0;
  uint64_t chunks = 0;
  uint64_t timed_chunks = 0;  // those the backend reported times for
  uint64_t compared = 0;      // chunks compared element by element
};

struct BackendSweepOptions {
  std::string backend_spec;  // for the reproduce commands
  int threads = 1;
  // Patterns per backend request: 4 MiB of float input, so that the
  // backend's pass and the harness's checks of a chunk stay in cache.
  uint64_t chunk = uint64_t{1} << 20;
  double timeout_seconds = 600;        // per request
  Progress* progress = nullptr;        // advanced by patterns
  SweepProfile* profile = nullptr;     // added to, when set
  // Called, from any thread, with each slice's result as the slice
  // finishes (not when the run was stopped during it): for the journal.
  std::function<void(const SweepSlice&, const CaseResult&)> finished;
  RestartBudget* restarts = nullptr;
};

// PlanSweep()
//
// The slices of every case `filter` keeps whose id `id_filter` (an
// ECMAScript regex, "" for all) matches and that `shard` holds, in case then
// slice order. Throws std::invalid_argument for a bad regex.
std::vector<SweepSlice> PlanSweep(const SuiteFilter& filter,
                                  const std::string& id_filter,
                                  const Shard& shard);

// SweepBackend()
//
// One result per slice, in the order of `plan`. The slices' chunks run on
// up to `options.threads` threads, each with a backend from `backend_for`
// and its pipe (core/chunk_pipe.h), the next chunk sent while the backend
// runs the one before; a slice may be spread over every thread. A slice
// stops at the first chunk the backend does not answer with outputs, with
// that status; the result is the same whatever the thread count. Once a
// stop is requested (core/stop.h) or the restart budget is used up, no
// chunk is sent, and the slices left, and those the stop cut short, get
// not_run.
std::vector<CaseResult> SweepBackend(const std::vector<SweepSlice>& plan,
                                     const BackendFor& backend_for,
                                     const BackendSweepOptions& options);

// NotRunSlice()
//
// The result of a slice that did not run: not_run, saying why (the restart
// budget when it is used up, else the stop).
CaseResult NotRunSlice(const SweepSlice& slice,
                       const BackendSweepOptions& options);

// The key of a slice in a journal: "sweep.isnan.v20.float#3".
std::string SliceKey(const SweepSlice& slice);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_
