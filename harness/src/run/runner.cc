#include "run/runner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>

#include <fmt/core.h>

#include "backends/shell_quote.h"
#include "core/input_error.h"
#include "core/parallel.h"
#include "core/stop.h"
#include "io/model_io.h"
#include "io/tensor_io.h"
#include "io/unsupported_input.h"
#include "run/backend_factory.h"
#include "run/compare.h"
#include "run/graph_eval.h"
#include "run/id_filter.h"
#include "run/model_check.h"
#include "run/onnx_release.h"
#include "run/outcome_status.h"

namespace onnxcts {
namespace {

using Kind = RunOutcome::Kind;

// The suite as a reproduce command names it: its label and its absolute
// path, so that the command reruns the case from any folder and the report
// it writes names the suite as this one does.
std::string SuiteWord(const TestCase& c) {
  const std::filesystem::path root =
      std::filesystem::absolute(c.suite_root).lexically_normal();
  return ShellQuote(c.suite_label.empty() ? root.string()
                                          : c.suite_label + "=" + root.string());
}

struct LoadedData {
  std::vector<Tensor> inputs;
  std::vector<Tensor> outputs;
};

CaseResult Base(const TestCase& c, int data_set, const NodeCheck& check,
                const RunOptions& options) {
  CaseResult r;
  r.case_id = c.id;
  r.data_set = data_set;
  r.must_reject = c.must_reject;
  r.op = check.op;
  r.opset = check.opset;
  r.dtype = check.dtype;
  r.reproduce = fmt::format("onnxcts run --suite {} --backend {} --filter {}",
                            SuiteWord(c), ShellQuote(options.backend_spec),
                            ShellQuote(IdFilterFor(c.id)));
  return r;
}

CaseResult WithStatus(CaseResult r, Status s, std::string message) {
  r.status = s;
  r.message = std::move(message);
  return r;
}

std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string s;
  for (int64_t d : dims) s += (s.empty() ? "" : ",") + std::to_string(d);
  return "[" + s + "]";
}

// A tensor must be what the model declares for the value it feeds or is.
void CheckDeclared(const Tensor& t, const ValueInfo& v,
                   const std::filesystem::path& file) {
  if (static_cast<int32_t>(t.dtype) != v.elem_type) {
    throw InputError(file.string(), "data_type",
                     fmt::format("{} contradicts the model's {} for '{}'",
                                 Name(t.dtype), v.elem_type, v.name));
  }
  if (!v.shape) return;
  bool fits = v.shape->size() == t.dims.size();
  for (size_t i = 0; fits && i < t.dims.size(); ++i) {
    fits = !(*v.shape)[i].value || *(*v.shape)[i].value == t.dims[i];
  }
  if (!fits) {
    throw InputError(file.string(), "dims",
                     ShapeText(t.dims) + " contradicts the model's shape of '" +
                         v.name + "'");
  }
}

std::vector<Tensor> ReadAll(const std::vector<std::filesystem::path>& files,
                            const std::vector<const ValueInfo*>& declared,
                            const TestCase& c, const RunOptions& options,
                            const char* what) {
  if (files.size() != declared.size()) {
    throw InputError(files.empty() ? c.dir.string()
                                   : files[0].parent_path().string(),
                     "", fmt::format("{} {} file(s), the model has {}",
                                     files.size(), what, declared.size()));
  }
  std::vector<Tensor> tensors;
  for (size_t k = 0; k < files.size(); ++k) {
    tensors.push_back(ReadTensorFile(files[k], c.suite_root, options.limits));
    CheckDeclared(tensors.back(), *declared[k], files[k]);
  }
  return tensors;
}

std::vector<Tensor> LoadInputs(const TestCase& c, const DataSet& ds,
                               const Model& model, const RunOptions& options) {
  return ReadAll(ds.inputs, model.FedInputs(), c, options, "input");
}

LoadedData LoadData(const TestCase& c, const DataSet& ds, const Model& model,
                    const RunOptions& options) {
  std::vector<const ValueInfo*> outputs;
  for (const ValueInfo& v : model.outputs) outputs.push_back(&v);
  LoadedData data;
  data.inputs = LoadInputs(c, ds, model, options);
  data.outputs = ReadAll(ds.outputs, outputs, c, options, "output");
  return data;
}

// The element-wise inputs of a reference op, for classifying mismatches
// (null where no value feeds one).
std::vector<const Tensor*> ElementwiseInputs(const Model& model,
                                             const NodeCheck& check,
                                             const LoadedData& data) {
  std::vector<const Tensor*> inputs;
  if (check.schema == nullptr) return inputs;
  for (const std::string& name : model.nodes[0].inputs) {
    inputs.push_back(model.Feeding(name, data.inputs));
  }
  return inputs;
}

CaseResult Compare(CaseResult r, const RunOutcome& outcome,
                   const LoadedData& data,
                   std::span<const Tensor* const> inputs,
                   CompareRules rules,
                   const std::vector<std::vector<uint8_t>>& open = {}) {
  if (outcome.outputs.size() != data.outputs.size()) {
    return WithStatus(r, Status::kInvalidOutput,
                      fmt::format("{} output(s), the model has {}",
                                  outcome.outputs.size(), data.outputs.size()));
  }
  r.status = Status::kPass;
  for (size_t k = 0; k < data.outputs.size(); ++k) {
    if (k < open.size()) rules.open = open[k];
    Comparison c = CompareOutput(static_cast<int>(k), data.outputs[k],
                                 outcome.outputs[k], inputs, rules);
    r.comparisons.push_back(std::move(c.detail));
    if (Severity(c.status) > Severity(r.status)) {
      r.status = c.status;
      r.message = c.message;
    }
  }
  return r;
}

// A graph of reference ops compares bit for bit, outside the elements the
// spec leaves open on these inputs (graph_eval.h); any other graph as a
// model of ops onnxcts does not implement does.
CaseResult CompareGraph(CaseResult r, const RunOutcome& outcome,
                        const LoadedData& data, const Model& model,
                        CompareRules rules) {
  const GraphCheck check = CheckGraph(model);
  if (check.verdict != NodeCheck::Verdict::kValid) {
    return Compare(r, outcome, data, {}, rules);
  }
  const GraphAnswer reference = EvaluateGraph(model, check, data.inputs);
  if (reference.outcome.kind != Kind::kOk) {
    return Compare(r, outcome, data, {}, rules);
  }
  rules.graph = true;
  return Compare(r, outcome, data, {}, rules, reference.open);
}

// The backend's own time goes into the result: what the harness adds
// around it (reading, checking, comparing) is what `seconds` leaves out.
RunOutcome TimedRun(Backend& backend, const RunRequest& request,
                    CaseResult& r) {
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome = backend.Run(request);
  r.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return outcome;
}

CaseResult RunDataSet(const TestCase& c, const DataSet& ds, const Model& model,
                      const NodeCheck& check, Backend& backend,
                      const RunOptions& options) {
  CaseResult r = Base(c, ds.index, check, options);
  if (!ds.layout_problem.empty()) {
    return WithStatus(r, Status::kInvalidTestData, ds.layout_problem);
  }
  LoadedData data;
  try {
    data = LoadData(c, ds, model, options);
  } catch (const UnsupportedInput& e) {
    return WithStatus(r, Status::kOnnxctsUnsupported, e.what());
  } catch (const InputError& e) {
    return WithStatus(r, Status::kInvalidTestData, e.what());
  }
  RunRequest request{&c, &ds, &model, data.inputs, options.timeout_seconds};
  const RunOutcome outcome = TimedRun(backend, request, r);
  r.stderr_tail = outcome.stderr_tail;
  r.adapter_steps = outcome.adapter_steps;
  if (outcome.kind != Kind::kOk) {
    return WithStatus(r, StatusOf(outcome.kind), outcome.message);
  }
  CompareRules rules =
      RulesFor(options.tolerances, c.id, check.schema, &check.attributes);
  if (IsGraph(model)) {
    return CompareGraph(r, outcome, data, model, rules);
  }
  return Compare(r, outcome, data, ElementwiseInputs(model, check, data),
                 rules);
}

// A must-reject model is offered to the backend with its first data set's
// inputs (or none); refusing it is the right answer.
CaseResult RunMustReject(const TestCase& c, const Model& model,
                         const NodeCheck& check, Backend& backend,
                         const RunOptions& options) {
  const int index = c.data_sets.empty() ? 0 : c.data_sets[0].index;
  CaseResult r = Base(c, index, check, options);
  RunRequest request{&c, nullptr, &model, {}, options.timeout_seconds};
  if (!c.data_sets.empty()) {
    request.data_set = &c.data_sets[0];
    try {
      request.inputs = LoadInputs(c, c.data_sets[0], model, options);
    } catch (const InputError& e) {
      return WithStatus(r, Status::kInvalidTestData, e.what());
    }
  }
  const RunOutcome outcome = TimedRun(backend, request, r);
  r.stderr_tail = outcome.stderr_tail;
  if (outcome.kind == Kind::kError || outcome.kind == Kind::kNotSupported) {
    return WithStatus(r, Status::kRejected, outcome.message);
  }
  if (outcome.kind == Kind::kOk) {
    return WithStatus(r, Status::kFail,
                      "ran a model it must refuse: " + check.reason);
  }
  return WithStatus(r, StatusOf(outcome.kind), outcome.message);
}

// A model of an opset ONNX has not released yet (ONNX's own test data holds
// such cases) has no verdict: a backend may rightly refuse it, and what the
// spec will say is not settled. What the backend did stays in the message.
std::vector<CaseResult> UnderReleasedOpset(const Model& model,
                                           std::vector<CaseResult> results) {
  int64_t opset = 0;
  for (const char* domain : {"", "ai.onnx"}) {
    const auto it = model.opsets.find(domain);
    if (it != model.opsets.end()) opset = std::max(opset, it->second);
  }
  if (opset <= kNewestReleasedOpset) return results;
  for (CaseResult& r : results) {
    if (!JudgesBackend(r.status)) continue;
    r.message = fmt::format(
        "opset {} is not released (the newest released is {}); the "
        "backend's result: {}{}{}",
        opset, kNewestReleasedOpset, StatusName(r.status),
        r.message.empty() ? "" : ": ", r.message);
    r.status = Status::kUnreleasedOpset;
  }
  return results;
}

// Every data set of a case whose model cannot be used gets `status`.
std::vector<CaseResult> Unreadable(const TestCase& c, Status status,
                                   const std::string& why,
                                   const RunOptions& options) {
  std::vector<CaseResult> results;
  const NodeCheck none;
  for (const DataSet& ds : c.data_sets) {
    results.push_back(
        WithStatus(Base(c, ds.index, none, options), status, why));
  }
  // A case without data sets still gets one result, numbered 0 as a
  // must-reject case's is: reports hold no negative data set.
  if (results.empty()) {
    results.push_back(WithStatus(Base(c, 0, none, options), status, why));
  }
  return results;
}

}  // namespace

std::vector<const TestCase*> SelectCases(const std::vector<TestCase>& cases,
                                         const RunOptions& options) {
  const std::regex filter = CompileIdFilter(options.filter);
  std::vector<const TestCase*> kept;
  for (const TestCase& c : cases) {
    if (!options.filter.empty() && !std::regex_search(c.id, filter)) continue;
    if (options.shard.Holds(c.id)) kept.push_back(&c);
  }
  return kept;
}

std::vector<CaseResult> RunCase(const TestCase& c, Backend& backend,
                                const RunOptions& options) {
  Model model;
  try {
    model = ReadModelFile(c.model, c.suite_root, options.limits);
  } catch (const UnsupportedInput& e) {
    return Unreadable(c, Status::kOnnxctsUnsupported, e.what(), options);
  } catch (const InputError& e) {
    return Unreadable(c, Status::kInvalidTestData, e.what(), options);
  }
  const NodeCheck check = CheckNode(model);
  if (c.must_reject) {
    return UnderReleasedOpset(
        model, {RunMustReject(c, model, check, backend, options)});
  }
  if (c.data_sets.empty()) {
    return Unreadable(c, Status::kInvalidTestData,
                      c.dir.string() + ": no test_data_set_N folder", options);
  }
  std::vector<CaseResult> results;
  for (const DataSet& ds : c.data_sets) {
    results.push_back(RunDataSet(c, ds, model, check, backend, options));
  }
  return UnderReleasedOpset(model, std::move(results));
}

BackendFor PerThreadBackends(std::shared_ptr<Backend> first,
                             std::string spec) {
  return [first = std::move(first), spec = std::move(spec)](int worker) {
    if (worker == 0 || first->SharedByThreads()) return first;
    std::shared_ptr<Backend> backend = MakeBackend(spec);
    backend->Start();
    return backend;
  };
}

ThreadBackends::ThreadBackends(int threads, BackendFor backend_for)
    : backend_for_(std::move(backend_for)),
      backends_(static_cast<size_t>(std::max(threads, 1))) {}

Backend& ThreadBackends::For(int worker) {
  std::shared_ptr<Backend>& backend = backends_[static_cast<size_t>(worker)];
  if (!backend) backend = backend_for_(worker);
  return *backend;
}

std::vector<CaseResult> NotRun(const TestCase& c, const std::string& why,
                               const RunOptions& options) {
  return Unreadable(c, Status::kNotRun, why, options);
}

std::string StopWhy() {
  switch (CurrentStopCause()) {
    case StopCause::kInterrupt:
      return "not run: interrupted (SIGINT)";
    case StopCause::kTerminate:
      return "not run: terminated (SIGTERM)";
    case StopCause::kDeadline:
      return "not run: the run's --max-seconds had passed";
    case StopCause::kNone:
      break;
  }
  return "not run";
}

namespace {

// One case of RunCases: not run when the run is stopping, and not kept
// when the stop came while it ran (its requests were killed).
// A backend that a stop kills while it starts is not an error of the run.
std::vector<CaseResult> RunOrSkip(const TestCase& c, ThreadBackends& backends,
                                  int worker, const RunOptions& options,
                                  const RunHooks& hooks) {
  if (hooks.restarts && hooks.restarts->Exhausted()) {
    return NotRun(c, hooks.restarts->Why(), options);
  }
  if (StopRequested()) return NotRun(c, StopWhy(), options);
  std::vector<CaseResult> results;
  try {
    results = RunCase(c, backends.For(worker), options);
  } catch (...) {
    if (!StopRequested()) throw;
  }
  if (StopRequested()) return NotRun(c, StopWhy(), options);
  for (const CaseResult& r : results) {
    if (hooks.restarts) hooks.restarts->Record(r.status);
  }
  if (hooks.finished) hooks.finished(c, results);
  return results;
}

}  // namespace

std::vector<CaseResult> RunCases(const std::vector<const TestCase*>& cases,
                                 int threads, const BackendFor& backend_for,
                                 const RunOptions& options,
                                 const RunHooks& hooks) {
  // Slots by case index: the flattened slots are in case order whichever
  // thread ran what.
  std::vector<std::vector<CaseResult>> per_case(cases.size());
  ThreadBackends backends(threads, backend_for);
  ParallelFor(cases.size(), threads, [&](size_t i, int worker) {
    per_case[i] = RunOrSkip(*cases[i], backends, worker, options, hooks);
    if (hooks.done) hooks.done();
  });
  std::vector<CaseResult> results;
  for (std::vector<CaseResult>& case_results : per_case) {
    for (CaseResult& r : case_results) results.push_back(std::move(r));
  }
  return results;
}

}  // namespace onnxcts
