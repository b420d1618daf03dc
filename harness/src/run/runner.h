// The runner: for each selected case and test data set, load and validate
// the model and data, run the backend, compare, and record one result.
#ifndef ONNXCTS_HARNESS_RUN_RUNNER_H_
#define ONNXCTS_HARNESS_RUN_RUNNER_H_

#include <string>
#include <vector>

#include "core/backend.h"
#include "core/result.h"
#include "core/test_case.h"
#include "io/limits.h"
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

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_RUNNER_H_
