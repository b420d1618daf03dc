#include "run/backend_sweep.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <regex>
#include <span>
#include <stdexcept>

#include <fmt/core.h>

#include "core/parallel.h"
#include "core/stop.h"
#include "run/compare.h"
#include "run/id_filter.h"
#include "run/kernel_sweep.h"
#include "run/outcome_status.h"
#include "run/pair_space.h"
#include "run/sweep_thread.h"

namespace onnxcts {
namespace {

struct SweepCase {
  CaseSpec spec;
  std::string id;
  const Variant* pairs = nullptr;
};

// The variant a pairs case of an op of two inputs selects, when it has one
// whose pairs the reference answers (not Sum of three inputs, nor Where,
// whose condition is a third).
const Variant* PairVariant(const CaseSpec& spec) {
  if (spec.inputs != Inputs::kPairs || spec.arity != 2) return nullptr;
  const Variant* v =
      VariantFor(*spec.schema, spec.attributes, NodeInputTypes(spec));
  return v != nullptr && v->arity() == 2 ? v : nullptr;
}

// The generated suite's all-patterns cases of ops of one element input (and
// any type_only ones, which their models hold) and its pairs cases of ops
// of two, renamed into the sweep's ids.
std::vector<SweepCase> SweepCases(const SuiteFilter& filter) {
  std::vector<SweepCase> cases;
  for (CaseSpec& spec : ConformanceCases(filter)) {
    if (spec.as_initializer) continue;
    const Variant* pairs = PairVariant(spec);
    const bool patterns = spec.inputs == Inputs::kAllPatterns &&
                          spec.schema->MaxElementInputs() == 1;
    if (!patterns && pairs == nullptr) continue;
    std::string id = "sweep" + spec.id.substr(spec.id.find('.'));
    cases.push_back({std::move(spec), std::move(id), pairs});
  }
  return cases;
}

// The patterns or pairs of each case, by dtype: the stratified patterns of
// a wide dtype take long enough to make once for all its cases.
class CaseSizes {
 public:
  uint64_t Of(const SweepCase& c) {
    const DTypeInfo& t = Info(c.spec.dtype);
    if (c.pairs == nullptr) return PatternSpace(t).size();
    auto it = patterns_.find(t.code);
    if (it == patterns_.end()) {
      it = patterns_.emplace(t.code, PairPatterns(t)).first;
    }
    return PairSpace::Size(t, *c.pairs, it->second);
  }

 private:
  std::map<DType, std::vector<uint64_t>> patterns_;
};

// Adds one chunk's comparison, its examples' indices moved from the chunk
// into the slice.
void Accumulate(OutputComparison& total, const OutputComparison& part,
                uint64_t offset) {
  total.output = part.output;
  total.dtype = part.dtype;
  total.elements += part.elements;
  total.mismatches += part.mismatches;
  total.deviations += part.deviations;
  total.max_ulp = MaxUlp(total.max_ulp, part.max_ulp);
  for (const auto& [name, part_class] : part.by_class) {
    ClassMismatches& c = total.by_class[name];
    c.deviations += part_class.deviations;
    c.count += part_class.count;
    for (MismatchExample e : part_class.examples) {
      if (c.examples.size() == kExamplesPerClass) break;
      e.index += offset;
      c.examples.push_back(std::move(e));
    }
  }
}

std::string Reproduce(const SweepSlice& slice,
                      const BackendSweepOptions& options) {
  return fmt::format(
      "onnxcts sweep --backend '{}' --filter '{}' --report sweep.json",
      options.backend_spec, IdFilterFor(slice.id));
}

CaseResult Base(const SweepSlice& slice, const BackendSweepOptions& options) {
  CaseResult r;
  r.case_id = slice.id;
  r.data_set = slice.index;
  r.op = std::string(slice.spec.schema->op);
  r.opset = slice.spec.schema->since_version;
  r.dtype = std::string(Name(slice.spec.dtype));
  r.reproduce = Reproduce(slice, options);
  r.comparisons.emplace_back();
  return r;
}

// The slice's result from its chunks' verdicts, in order, up to the one
// where it stops.
CaseResult Assemble(const SweepSlice& slice, std::span<ChunkVerdict> chunks,
                    std::span<const ChunkTask> tasks,
                    const BackendSweepOptions& options) {
  CaseResult r = Base(slice, options);
  for (size_t i = 0; i < chunks.size() && chunks[i].ran; ++i) {
    ChunkVerdict& v = chunks[i];
    r.seconds += v.seconds;
    // Steps that some chunks needed (a note that the backend wrote into its
    // input slot) are kept whichever chunk came last.
    for (std::string& step : v.adapter_steps) {
      if (std::find(r.adapter_steps.begin(), r.adapter_steps.end(), step) ==
          r.adapter_steps.end()) {
        r.adapter_steps.push_back(std::move(step));
      }
    }
    if (v.overrides) {
      r.status = v.status;
      r.message = std::move(v.message);
      r.stderr_tail = std::move(v.stderr_tail);
      break;
    }
    Accumulate(r.comparisons[0], v.comparison, tasks[i].offset);
    if (Severity(v.status) > Severity(r.status)) {
      r.status = v.status;
      r.message = std::move(v.message);
    }
    if (v.stops) break;
  }
  // A slice that never compared anything has no comparison to show.
  if (r.comparisons[0].elements == 0) r.comparisons.clear();
  return r;
}

CaseResult SliceResult(SweepWork& work, size_t s) {
  const auto [first, count] = work.Chunks(s);
  const std::span<ChunkVerdict> verdicts(work.verdicts());
  const std::span<const ChunkTask> tasks(work.tasks());
  return Assemble(work.plan()[s], verdicts.subspan(first, count),
                  tasks.subspan(first, count), work.options());
}

}  // namespace

CaseResult NotRunSlice(const SweepSlice& slice,
                       const BackendSweepOptions& options) {
  CaseResult r = Base(slice, options);
  r.comparisons.clear();
  r.status = Status::kNotRun;
  r.message = options.restarts && options.restarts->Exhausted()
                  ? options.restarts->Why()
                  : StopWhy();
  return r;
}

std::vector<SweepSlice> PlanSweep(const SuiteFilter& filter,
                                  const std::string& id_filter,
                                  const Shard& shard) {
  const std::regex wanted = CompileIdFilter(id_filter);
  std::vector<SweepSlice> all;
  uint64_t patterns = 0;
  CaseSizes sizes;
  for (const SweepCase& c : SweepCases(filter)) {
    if (!std::regex_search(c.id, wanted)) continue;
    const uint64_t size = sizes.Of(c);
    for (uint64_t first = 0; first < size; first += kSlicePatterns) {
      const int index = static_cast<int>(first / kSlicePatterns);
      all.push_back({c.spec, c.id, index, first,
                     std::min(kSlicePatterns, size - first), c.pairs});
      patterns += all.back().count;
    }
  }
  std::vector<SweepSlice> plan;
  uint64_t before = 0;
  for (SweepSlice& slice : all) {
    const uint64_t count = slice.count;
    if (shard.HoldsSpan(before, count, patterns)) {
      plan.push_back(std::move(slice));
    }
    before += count;
  }
  return plan;
}

std::string SliceKey(const SweepSlice& slice) {
  return fmt::format("{}#{}", slice.id, slice.index);
}

std::vector<CaseResult> SweepBackend(const std::vector<SweepSlice>& plan,
                                     const BackendFor& backend_for,
                                     const BackendSweepOptions& options) {
  SweepWork work(plan, options);
  // Each slot is written once, by the thread that finished the slice.
  std::vector<std::optional<CaseResult>> results(plan.size());
  work.on_slice_done = [&](size_t s) {
    if (StopRequested() || !work.Whole(s)) return;
    results[s] = SliceResult(work, s);
    if (options.restarts) options.restarts->Record(results[s]->status);
    if (options.finished) options.finished(plan[s], *results[s]);
  };
  const size_t threads = std::min<size_t>(
      static_cast<size_t>(std::max(options.threads, 1)), work.tasks().size());
  ThreadBackends backends(static_cast<int>(threads), backend_for);
  ParallelFor(threads, static_cast<int>(threads), [&](size_t, int worker) {
    // A backend that a stop kills as it starts is not an error of the run.
    try {
      SweepThread(work, backends.For(worker));
    } catch (...) {
      if (!StopRequested()) throw;
    }
  });
  std::vector<CaseResult> out;
  for (size_t s = 0; s < plan.size(); ++s) {
    out.push_back(results[s] ? std::move(*results[s])
                             : NotRunSlice(plan[s], options));
  }
  return out;
}

}  // namespace onnxcts
