// `onnxcts sweep --backend`: every bit pattern of a dtype through a backend
// and through the reference, chunk by chunk, with no suite on disk.
//
// Each op version x dtype x attribute combination of the generated suite is
// one case, "sweep.<op>.v<N>.<dtype>[.<attributes>]". Its patterns (those
// of PatternSpace) are cut into fixed slices, one result each (the slice is
// the result's data set), so shards are sets of slices (each an equal
// share of the patterns, to within a slice) and merging them
// gives exactly the unsharded report. Mismatches are counted by the value
// class of their input, with a few examples each: a backend that gets 16
// million NaNs wrong shows one line per slice, not 16 million.
#ifndef ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_
#define ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "generate/case_spec.h"
#include "run/runner.h"
#include "run/shard.h"

namespace onnxcts {

class Progress;

// A slice holds this many patterns (the last one of a case may hold fewer):
// 16 slices for a 32-bit dtype, one for smaller ones.
inline constexpr uint64_t kSlicePatterns = uint64_t{1} << 28;

struct SweepSlice {
  CaseSpec spec;      // an all-patterns case fed as a graph input
  std::string id;     // "sweep.isinf.v20.float.detect_neg0"
  int index = 0;      // the result's data set
  uint64_t first = 0;  // into the dtype's PatternSpace
  uint64_t count = 0;
};

struct BackendSweepOptions {
  std::string backend_spec;  // for the reproduce commands
  int threads = 1;
  uint64_t chunk = uint64_t{1} << 22;  // patterns per backend request
  double timeout_seconds = 600;        // per request
  Progress* progress = nullptr;        // advanced by patterns
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
// One result per slice, in the order of `plan`, the slices run on up to
// `options.threads` threads with backends from `backend_for`. A slice stops
// at the first request the backend does not answer with outputs, with that
// status.
std::vector<CaseResult> SweepBackend(const std::vector<SweepSlice>& plan,
                                     const BackendFor& backend_for,
                                     const BackendSweepOptions& options);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_BACKEND_SWEEP_H_
