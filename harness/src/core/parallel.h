// Runs independent tasks over a fixed number of threads. Results are
// written by task index, so the outcome never depends on the thread count.
#ifndef ONNXCTS_HARNESS_CORE_PARALLEL_H_
#define ONNXCTS_HARNESS_CORE_PARALLEL_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace onnxcts {

// The default for --threads: every core.
inline int DefaultThreads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

// ParallelFor()
//
// Calls `task(i, worker)` once for each i in [0, n), on up to `threads`
// threads; `worker` (from 0, the calling thread's) names the thread, so a
// task can use state that belongs to its thread alone. Rethrows the first
// exception a task threw once all threads have stopped.
inline void ParallelFor(size_t n, int threads,
                        const std::function<void(size_t, int)>& task) {
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&](int w) {
    for (size_t i = next++; i < n; i = next++) {
      try {
        task(i, w);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = n;
      }
    }
  };
  const size_t count = std::min<size_t>(threads < 1 ? 1 : threads, n);
  std::vector<std::jthread> pool;
  for (size_t k = 1; k < count; ++k) {
    pool.emplace_back(worker, static_cast<int>(k));
  }
  worker(0);
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

// ParallelFor()
//
// Calls `task(i)` once for each i in [0, n), on up to `threads` threads, and
// rethrows the first exception a task threw once all threads have stopped.
inline void ParallelFor(size_t n, int threads,
                        const std::function<void(size_t)>& task) {
  ParallelFor(n, threads, [&task](size_t i, int) { task(i); });
}

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_PARALLEL_H_
