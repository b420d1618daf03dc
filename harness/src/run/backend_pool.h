// Started backends of one --backend spec, lent to one thread at a time: a
// worker process or a plugin's child serves one request at a time, so each
// thread of a parallel run or sweep needs its own.
#ifndef ONNXCTS_HARNESS_RUN_BACKEND_POOL_H_
#define ONNXCTS_HARNESS_RUN_BACKEND_POOL_H_

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/backend.h"

namespace onnxcts {

class BackendPool {
 public:
  explicit BackendPool(std::string spec) : spec_(std::move(spec)) {}

  // Starts the first backend and returns what it says of itself; throws as
  // MakeBackend() and Backend::Start() do (the run cannot happen).
  BackendInfo Start();

  // A backend no other thread holds until the pointer is dropped; another
  // one is started when all are lent out.
  std::shared_ptr<Backend> Borrow();

 private:
  void GiveBack(Backend* backend);

  std::string spec_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Backend>> idle_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_BACKEND_POOL_H_
