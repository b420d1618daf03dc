// One thread of a sweep through a backend: it takes chunks from the shared
// list in turn, fills their input slots in its pipe's memory, keeps as many
// requests in flight as the pipe allows, and checks each answer while the
// backend runs the next.
#ifndef ONNXCTS_HARNESS_RUN_SWEEP_THREAD_H_
#define ONNXCTS_HARNESS_RUN_SWEEP_THREAD_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "core/backend.h"
#include "run/backend_sweep.h"
#include "run/chunk_check.h"

namespace onnxcts {

struct ChunkTask {
  size_t slice = 0;     // into the plan
  uint64_t index = 0;   // of the chunk within its slice
  uint64_t offset = 0;  // of its first pattern within the slice
  uint64_t length = 0;
};

// What the threads share: the chunks, their verdicts by chunk, and per
// slice the first chunk at which it stops (chunks after it are skipped).
class SweepWork {
 public:
  SweepWork(const std::vector<SweepSlice>& plan,
            const BackendSweepOptions& options);

  const std::vector<SweepSlice>& plan() const { return plan_; }
  const BackendSweepOptions& options() const { return options_; }
  const std::vector<ChunkTask>& tasks() const { return tasks_; }
  std::vector<ChunkVerdict>& verdicts() { return verdicts_; }

  // The next chunk to run, or -1 when none is left or the run is stopping;
  // chunks past their slice's stop are skipped on the way.
  long Next();
  bool Skipped(const ChunkTask& task) const;
  void StopAt(const ChunkTask& task);
  // A chunk is answered or skipped: the progress line advances, and the
  // last of a slice's chunks calls `on_slice_done` with the slice.
  void Done(const ChunkTask& task);
  void AddProfile(const SweepProfile& p);
  // Whether chunks may no longer be sent: a stop, or no restarts left.
  bool Stopping() const;
  // Whether every chunk of `slice` up to where it stops has its verdict
  // (not so for one the run stopped in).
  bool Whole(size_t slice) const;
  // The slice's chunks: [first, first + count) of tasks().
  std::pair<size_t, size_t> Chunks(size_t slice) const;

  std::function<void(size_t slice)> on_slice_done;

  // The largest element widths of the plan's inputs and outputs.
  size_t input_width() const { return input_width_; }
  size_t output_width() const { return output_width_; }
  // The most element inputs a chunk of the plan has: 2 with pairs, else 1.
  size_t max_inputs() const { return max_inputs_; }

 private:
  const std::vector<SweepSlice>& plan_;
  const BackendSweepOptions& options_;
  std::vector<ChunkTask> tasks_;
  std::vector<ChunkVerdict> verdicts_;
  std::unique_ptr<std::atomic<uint64_t>[]> stops_;
  std::unique_ptr<std::atomic<uint64_t>[]> left_;  // chunks, per slice
  std::vector<size_t> first_task_;                 // per slice, and the end
  std::atomic<size_t> next_{0};
  std::mutex profile_mutex_;
  size_t input_width_ = 1;
  size_t output_width_ = 1;
  size_t max_inputs_ = 1;
};

// SweepThread()
//
// Runs chunks of `work` through `backend` until none is left.
void SweepThread(SweepWork& work, Backend& backend);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_SWEEP_THREAD_H_
