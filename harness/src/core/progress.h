// Progress for long work: a line on stderr, rewritten in place, only when
// stderr is a terminal (a CI log stays clean).
#ifndef ONNXCTS_HARNESS_CORE_PROGRESS_H_
#define ONNXCTS_HARNESS_CORE_PROGRESS_H_

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace onnxcts {

class Progress {
 public:
  Progress(std::string label, uint64_t total)
      : label_(std::move(label)), total_(total), on_(isatty(2) == 1) {}
  ~Progress() {
    if (on_ && shown_) std::fprintf(stderr, "\r\033[K");
  }

  // Adds `n` finished units; safe from any thread.
  void Advance(uint64_t n) {
    const uint64_t done = done_ += n;
    if (!on_ || total_ == 0) return;
    const int percent = static_cast<int>(100 * done / total_);
    if (percent == last_percent_.exchange(percent)) return;
    const std::lock_guard lock(mutex_);
    std::fprintf(stderr, "\r%s %3d%%", label_.c_str(), percent);
    std::fflush(stderr);
    shown_ = true;
  }

 private:
  std::string label_;
  uint64_t total_;
  bool on_;
  bool shown_ = false;
  std::atomic<uint64_t> done_{0};
  std::atomic<int> last_percent_{-1};
  std::mutex mutex_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_PROGRESS_H_
