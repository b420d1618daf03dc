// The runner: for each selected case and test data set, load and validate
// the model and data, run the backend, compare, and record one result.
#ifndef ONNXCTS_HARNESS_RUN_RUNNER_H_
#define ONNXCTS_HARNESS_RUN_RUNNER_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/backend.h"
#include "core/result.h"
#include "core/test_case.h"
#include "io/limits.h"
#include "run/restart_budget.h"
#include "run/shard.h"
#include "run/tolerances.h"

namespace onnxcts {

struct RunOptions {
  std::string backend_spec;  // for the reproduce command
  std::string filter;        // ECMAScript regex searched in the case id
  Policy policy = Policy::kSpec;
  Shard shard;
  double timeout_seconds = 60;
  Limits limits;
  std::vector<ToleranceOverride> tolerances;
};

// SelectCases()
//
// The cases that the filter and the shard keep, in id order. Throws
// std::invalid_argument for a filter that is not a valid regex.
std::vector<const TestCase*> SelectCases(const std::vector<TestCase>& cases,
                                         const RunOptions& options);

// RunCase()
//
// One result per test data set; a case whose model cannot be read gets
// invalid_test_data on each. Never throws for bad input.
std::vector<CaseResult> RunCase(const TestCase& test_case, Backend& backend,
                                const RunOptions& options);

// The backend a run's thread `worker` (0 is the calling thread) drives,
// already started; called once per thread that runs cases, on that thread.
// It may hand every thread one instance when that instance is safe to share.
using BackendFor = std::function<std::shared_ptr<Backend>(int worker)>;

// PerThreadBackends()
//
// The BackendFor of a --backend `spec` whose first instance, already
// started, is `first`: thread 0 drives `first`, each other thread starts its
// own, unless `first` is SharedByThreads().
BackendFor PerThreadBackends(std::shared_ptr<Backend> first, std::string spec);

// The backend of each of a run's threads, started by `backend_for` on the
// thread's first use; each thread touches only its own.
class ThreadBackends {
 public:
  ThreadBackends(int threads, BackendFor backend_for);
  Backend& For(int worker);

 private:
  BackendFor backend_for_;
  std::vector<std::shared_ptr<Backend>> backends_;
};

// What a run does as it goes besides running cases. Each is called from any
// thread; none is required.
struct RunHooks {
  // A case has finished (not when the run was stopped during it): for the
  // journal.
  std::function<void(const TestCase&, const std::vector<CaseResult>&)>
      finished;
  std::function<void()> done;  // a case is done, run or not: for progress
  RestartBudget* restarts = nullptr;
};

// RunCases()
//
// RunCase() for each case on up to `threads` threads, each with its own
// backend from `backend_for`; the results come in the order of `cases`,
// exactly as one thread would give them. Once a stop is requested
// (core/stop.h) or the restart budget is used up, the cases left, and those
// the stop cut short, get not_run. Rethrows what a backend threw.
std::vector<CaseResult> RunCases(const std::vector<const TestCase*>& cases,
                                 int threads, const BackendFor& backend_for,
                                 const RunOptions& options,
                                 const RunHooks& hooks = {});

// NotRun()
//
// The results of a case that did not run: one not_run per data set, `why`
// their message.
std::vector<CaseResult> NotRun(const TestCase& test_case,
                               const std::string& why,
                               const RunOptions& options);

// The message of what a stop left undone: "not run: interrupted (SIGINT)".
std::string StopWhy();

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_RUNNER_H_
