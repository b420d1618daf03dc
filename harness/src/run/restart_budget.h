// How many times in a row a backend may crash (or hang, or garble its
// answer) and be restarted before the run gives up on it: a backend that
// crashes on every case would otherwise be restarted for each one, for
// hours. Counted over every thread, in the order results come in.
#ifndef ONNXCTS_HARNESS_RUN_RESTART_BUDGET_H_
#define ONNXCTS_HARNESS_RUN_RESTART_BUDGET_H_

#include <atomic>
#include <string>

#include "core/status.h"

namespace onnxcts {

class RestartBudget {
 public:
  // 0 never gives up.
  explicit RestartBudget(int max_in_a_row) : max_(max_in_a_row) {}

  // Counts a result: a status after which the backend is restarted adds one
  // to the run of them, anything else ends it.
  void Record(Status status);

  // Whether the backend has used up its restarts: nothing more is run.
  bool Exhausted() const { return exhausted_.load(); }

  // Why what is left is not run, for its results.
  std::string Why() const;

 private:
  int max_;
  std::atomic<int> in_a_row_{0};
  std::atomic<bool> exhausted_{false};
};

// Whether the backend is restarted after a result of this status.
bool RestartsBackend(Status status);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_RESTART_BUDGET_H_
