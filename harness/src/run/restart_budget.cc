#include "run/restart_budget.h"

#include <fmt/core.h>

namespace onnxcts {

bool RestartsBackend(Status status) {
  return status == Status::kCrash || status == Status::kTimeout ||
         status == Status::kProtocolError;
}

void RestartBudget::Record(Status status) {
  if (!RestartsBackend(status)) {
    in_a_row_ = 0;
    return;
  }
  if (++in_a_row_ >= max_ && max_ > 0) exhausted_ = true;
}

std::string RestartBudget::Why() const {
  return fmt::format(
      "not run: the backend crashed, hung or garbled its answer {} times in "
      "a row, and is not restarted again (--max-restarts {})",
      max_, max_);
}

}  // namespace onnxcts
