#include "run/backend_pool.h"

namespace onnxcts {

BackendInfo BackendPool::Start() {
  std::unique_ptr<Backend> first = MakeBackend(spec_);
  const BackendInfo info = first->Start();
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(first));
  return info;
}

std::shared_ptr<Backend> BackendPool::Borrow() {
  std::unique_ptr<Backend> backend;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      backend = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!backend) {
    // Started outside the lock: a worker's start can take seconds.
    backend = MakeBackend(spec_);
    backend->Start();
  }
  return {backend.release(), [this](Backend* b) { GiveBack(b); }};
}

void BackendPool::GiveBack(Backend* backend) {
  const std::lock_guard lock(mutex_);
  idle_.emplace_back(backend);
}

}  // namespace onnxcts
