#include "run/backend_sweep.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <regex>
#include <stdexcept>

#include <fmt/core.h>

#include "backends/reference_backend.h"
#include "backends/temp_dir.h"
#include "generate/case_writer.h"
#include "io/model_io.h"
#include "io/tensor_io.h"
#include "progress.h"
#include "run/compare.h"
#include "run/id_filter.h"
#include "run/outcome_status.h"
#include "sweep.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;

// The generated suite's all-patterns cases, renamed into the sweep's ids.
std::vector<std::pair<CaseSpec, std::string>> SweepCases(
    const SuiteFilter& filter) {
  std::vector<std::pair<CaseSpec, std::string>> cases;
  for (CaseSpec& spec : ConformanceCases(filter)) {
    if (spec.inputs != Inputs::kAllPatterns || spec.as_initializer) continue;
    std::string id = "sweep" + spec.id.substr(spec.id.find('.'));
    cases.emplace_back(std::move(spec), std::move(id));
  }
  return cases;
}

// What one slice's requests share: where the backend reads its files from,
// and the model, rewritten only when a chunk's length changes.
struct SliceScratch {
  TempDir dir{"onnxcts-sweep-"};
  TestCase test_case;
  DataSet data_set;
  Model model;
  uint64_t model_length = 0;
};

// Patterns first, first + 1, ... at width U; a loop compilers vectorise, as
// StoreBits() per element is several times slower over 2^32 patterns.
template <typename U>
void StoreCount(uint8_t* out, uint64_t first, uint64_t length) {
  for (uint64_t i = 0; i < length; ++i) {
    const U bits = static_cast<U>(first + i);
    std::memcpy(out + i * sizeof(U), &bits, sizeof(U));
  }
}

Tensor ChunkInput(const DTypeInfo& t, const PatternSpace& space,
                  uint64_t first, uint64_t length) {
  Tensor x;
  x.name = "x";
  x.dtype = t.code;
  x.dims = {static_cast<int64_t>(length)};
  x.bytes.resize(length * t.bytes());
  uint8_t* out = x.bytes.data();
  if (!space.exhaustive()) {
    for (uint64_t i = 0; i < length; ++i) {
      StoreBits(t, out, i, space.at(first + i));
    }
  } else if (t.bytes() == 1) {
    StoreCount<uint8_t>(out, first, length);
  } else if (t.bytes() == 2) {
    StoreCount<uint16_t>(out, first, length);
  } else {
    StoreCount<uint32_t>(out, first, length);
  }
  return x;
}

void Prepare(SliceScratch& s, const SweepSlice& slice, const Tensor& input,
             bool write_files) {
  if (s.model_length != input.count()) {
    s.model = CaseModel(slice.spec, input);
    s.model_length = input.count();
    if (write_files) WriteModelFile(s.test_case.model, s.model, slice.id);
  }
  if (write_files) WriteScratchTensorFile(s.data_set.inputs[0], input);
}

// Adds one chunk's comparison, its examples' indices moved from the chunk
// into the slice.
void Accumulate(OutputComparison& total, const OutputComparison& part,
                uint64_t offset) {
  total.output = part.output;
  total.dtype = part.dtype;
  total.elements += part.elements;
  total.mismatches += part.mismatches;
  total.deviations += part.deviations;
  for (const auto& [name, part_class] : part.by_class) {
    ClassMismatches& c = total.by_class[name];
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

// Runs one chunk; false when the slice must stop there.
bool RunChunk(CaseResult& r, SliceScratch& s, const SweepSlice& slice,
              Backend& backend, Backend& reference, uint64_t offset,
              Tensor input, const BackendSweepOptions& options) {
  Prepare(s, slice, input, backend.ReadsFiles());
  RunRequest request{&s.test_case, &s.data_set, &s.model, {},
                     options.timeout_seconds};
  request.inputs.push_back(std::move(input));
  const RunOutcome expected = reference.Run(request);
  if (expected.kind != RunOutcome::Kind::kOk) {
    throw std::logic_error(slice.id + ": the reference refused its own case: " +
                           expected.message);
  }
  const auto start = std::chrono::steady_clock::now();
  const RunOutcome actual = backend.Run(request);
  r.seconds += std::chrono::duration<double>(
                   std::chrono::steady_clock::now() - start).count();
  r.adapter_steps = actual.adapter_steps;
  const std::string where = fmt::format(
      "patterns {}..{} of the slice: ", offset, offset + s.model_length - 1);
  if (actual.kind != RunOutcome::Kind::kOk || actual.outputs.size() != 1) {
    r.status = actual.kind == RunOutcome::Kind::kOk ? Status::kInvalidOutput
                                                    : StatusOf(actual.kind);
    // Which patterns broke the backend matters; which it lacks a kernel
    // for does not (it is every one).
    r.message = actual.kind == RunOutcome::Kind::kOk
                    ? where + fmt::format("{} outputs, the model has 1",
                                          actual.outputs.size())
                : actual.kind == RunOutcome::Kind::kNotSupported
                    ? actual.message
                    : where + actual.message;
    r.stderr_tail = actual.stderr_tail;
    return false;
  }
  const Comparison c =
      CompareOutput(0, expected.outputs[0], actual.outputs[0],
                    &request.inputs[0], CompareRules{slice.spec.schema});
  Accumulate(r.comparisons[0], c.detail, offset);
  if (Severity(c.status) > Severity(r.status)) {
    r.status = c.status;
    r.message = where + c.message;
  }
  return c.status != Status::kInvalidOutput;
}

CaseResult SweepOneSlice(const SweepSlice& slice, Backend& backend,
                         const BackendSweepOptions& options) {
  const DTypeInfo& t = Info(slice.spec.dtype);
  const PatternSpace space(t);
  SliceScratch s;
  s.test_case.id = slice.id;
  s.test_case.suite_root = s.test_case.dir = s.dir.path();
  s.test_case.model = s.dir.path() / "model.onnx";
  s.data_set.dir = s.dir.path();
  s.data_set.inputs = {s.dir.path() / "input_0.pb"};
  const std::unique_ptr<Backend> reference = MakeReferenceBackend();
  CaseResult r = Base(slice, options);
  for (uint64_t done = 0; done < slice.count;) {
    const uint64_t length = std::min(options.chunk, slice.count - done);
    Tensor input = ChunkInput(t, space, slice.first + done, length);
    const bool go_on = RunChunk(r, s, slice, backend, *reference, done,
                                std::move(input), options);
    if (options.progress) options.progress->Advance(length);
    done += length;
    if (!go_on) {
      if (options.progress) options.progress->Advance(slice.count - done);
      break;
    }
  }
  // A slice that never compared anything has no comparison to show.
  if (r.comparisons[0].elements == 0) r.comparisons.clear();
  return r;
}

}  // namespace

std::vector<SweepSlice> PlanSweep(const SuiteFilter& filter,
                                  const std::string& id_filter,
                                  const Shard& shard) {
  const std::regex wanted = CompileIdFilter(id_filter);
  std::vector<SweepSlice> all;
  uint64_t patterns = 0;
  for (auto& [spec, id] : SweepCases(filter)) {
    if (!std::regex_search(id, wanted)) continue;
    const uint64_t total = PatternSpace(Info(spec.dtype)).size();
    for (uint64_t first = 0; first < total; first += kSlicePatterns) {
      const int index = static_cast<int>(first / kSlicePatterns);
      all.push_back({spec, id, index, first,
                     std::min(kSlicePatterns, total - first)});
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

std::vector<CaseResult> SweepBackend(const std::vector<SweepSlice>& plan,
                                     const BackendFor& backend_for,
                                     const BackendSweepOptions& options) {
  std::vector<CaseResult> results(plan.size());
  ParallelWithBackends(plan.size(), options.threads, backend_for,
                       [&](size_t i, Backend& backend) {
                         results[i] = SweepOneSlice(plan[i], backend, options);
                       });
  return results;
}

}  // namespace onnxcts
