#include "run/sweep_thread.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <optional>

#include <fmt/core.h>

#include "backends/temp_dir.h"
#include "core/progress.h"
#include "core/stop.h"
#include "generate/case_writer.h"
#include "io/model_io.h"
#include "onnxcts/verify.h"
#include "run/copying_pipe.h"
#include "run/kernel_sweep.h"
#include "run/pair_space.h"
#include "run/reference_backend.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr uint64_t kNoStop = std::numeric_limits<uint64_t>::max();
constexpr size_t kSlotAlignment = 4096;

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

size_t Aligned(size_t bytes) {
  return (bytes + kSlotAlignment - 1) / kSlotAlignment * kSlotAlignment;
}

// A chunk's model, and its file for a backend that reads files.
struct ChunkModel {
  Model model;
  fs::path file;
};

// One request in flight.
struct Flight {
  size_t task;
  int slot;
  Clock::time_point sent;
  SentChunk chunk;
};

class ThreadSweep {
 public:
  ThreadSweep(SweepWork& work, Backend& backend)
      : work_(work), backend_(backend), pipe_(OpenChunkPipe(backend)) {
    const uint64_t chunk = work.options().chunk;
    input_room_ = Aligned(chunk * work.input_width());
    const size_t inputs_room = input_room_ * work.max_inputs();
    slot_bytes_ = inputs_room + Aligned(chunk * work.output_width());
    pipe_->Reserve(slot_bytes_ * static_cast<size_t>(pipe_->depth()));
    for (int k = pipe_->depth() - 1; k >= 0; --k) free_slots_.push_back(k);
    sent_inputs_.resize(static_cast<size_t>(pipe_->depth()));
    for (auto& copy : sent_inputs_) copy.resize(inputs_room);
    if (backend.ReadsFiles()) dir_.emplace("onnxcts-sweep-");
  }

  ~ThreadSweep() { work_.AddProfile(profile_); }

  void Run();

 private:
  std::optional<size_t> NextTask();
  void Send(size_t task);
  void ReceiveOne();
  void DropQueued();
  const ChunkModel& ModelFor(const SweepSlice& slice, uint64_t length);
  void Fill(const SweepSlice& slice, const ChunkTask& task, uint8_t* out);

  SweepWork& work_;
  Backend& backend_;
  std::unique_ptr<ChunkPipe> pipe_;
  std::unique_ptr<Backend> reference_ = MakeReferenceBackend();
  std::optional<TempDir> dir_;
  std::map<std::pair<std::string, uint64_t>, ChunkModel> models_;
  std::map<DType, PatternSpace> spaces_;
  std::map<std::pair<DType, const Variant*>, PairSpace> pair_spaces_;
  size_t input_room_ = 0;  // per input
  size_t slot_bytes_ = 0;
  std::vector<int> free_slots_;
  // Per slot, the input as the harness made it: the backend may write into
  // the shared slot, never here.
  std::vector<std::vector<uint8_t>> sent_inputs_;
  std::deque<Flight> flights_;
  std::deque<size_t> retries_;  // dropped behind a crash: sent again
  Clock::time_point last_answer_ = Clock::now();
  SweepProfile profile_;
};

std::optional<size_t> ThreadSweep::NextTask() {
  while (!retries_.empty()) {
    const size_t task = retries_.front();
    retries_.pop_front();
    if (!work_.Skipped(work_.tasks()[task]) && !work_.Stopping()) return task;
    work_.Done(work_.tasks()[task]);
  }
  const long next = work_.Next();
  if (next < 0) return std::nullopt;
  return static_cast<size_t>(next);
}

const ChunkModel& ThreadSweep::ModelFor(const SweepSlice& slice,
                                        uint64_t length) {
  const auto key = std::make_pair(slice.id, length);
  auto it = models_.find(key);
  if (it != models_.end()) return it->second;
  std::vector<Tensor> shapes(slice.pairs ? 2 : 1);
  for (size_t k = 0; k < shapes.size(); ++k) {
    shapes[k].name = k == 0 ? "x" : "x" + std::to_string(k);
    shapes[k].dtype = slice.spec.dtype;
    shapes[k].dims = {static_cast<int64_t>(length)};
  }
  ChunkModel m{CaseModel(slice.spec, shapes), {}};
  if (dir_) {
    m.file = dir_->path() / fmt::format("{}-{}.onnx", models_.size(), length);
    WriteModelFile(m.file, m.model, slice.id);
  }
  return models_.emplace(key, std::move(m)).first->second;
}

void ThreadSweep::Fill(const SweepSlice& slice, const ChunkTask& task,
                       uint8_t* out) {
  const DTypeInfo& t = Info(slice.spec.dtype);
  if (slice.pairs) {
    const auto key = std::make_pair(t.code, slice.pairs);
    auto it = pair_spaces_.find(key);
    if (it == pair_spaces_.end()) {
      it = pair_spaces_.emplace(key, PairSpace(t, *slice.pairs)).first;
    }
    it->second.Fill(slice.first + task.offset, task.length, out,
                    out + input_room_);
    return;
  }
  auto it = spaces_.find(t.code);
  if (it == spaces_.end()) it = spaces_.emplace(t.code, PatternSpace(t)).first;
  const PatternSpace& space = it->second;
  const uint64_t first = slice.first + task.offset;
  if (space.exhaustive()) {
    FillPatterns(t, first, out, task.length);
    return;
  }
  for (uint64_t i = 0; i < task.length; ++i) {
    StoreBits(t, out, i, space.at(first + i));
  }
}

void ThreadSweep::Send(size_t task_index) {
  const auto start = Clock::now();
  const ChunkTask& task = work_.tasks()[task_index];
  const SweepSlice& slice = work_.plan()[task.slice];
  const int slot = free_slots_.back();
  free_slots_.pop_back();
  const size_t base = static_cast<size_t>(slot) * slot_bytes_;
  const ChunkModel& model = ModelFor(slice, task.length);
  const std::vector<int64_t> dims = {static_cast<int64_t>(task.length)};
  const DTypeInfo& in = Info(slice.spec.dtype);
  const DTypeInfo& out = Info(slice.spec.output_type);
  uint8_t* own = sent_inputs_[static_cast<size_t>(slot)].data();
  const size_t inputs = slice.pairs ? 2 : 1;
  SentChunk chunk{task.offset, task.length, nullptr, own, {},
                  {static_cast<int32_t>(out.code), dims,
                   base + input_room_ * work_.max_inputs(),
                   StorageBytes(out, task.length)},
                  &model.model};
  Fill(slice, task, own);
  for (size_t k = 0; k < inputs; ++k) {
    chunk.inputs.push_back({static_cast<int32_t>(in.code), dims,
                            base + k * input_room_,
                            StorageBytes(in, task.length)});
    std::memcpy(pipe_->memory() + chunk.inputs[k].offset,
                own + k * input_room_, chunk.inputs[k].bytes);
  }
  profile_.make += Since(start);
  // A pipe in process computes in Send(): that is the backend's time too.
  const auto sent = Clock::now();
  pipe_->Send({&model.model, model.file, chunk.inputs, {chunk.output},
               work_.options().timeout_seconds});
  profile_.send += Since(sent);
  flights_.push_back({task_index, slot, sent, chunk});
}

void ThreadSweep::ReceiveOne() {
  const auto start = Clock::now();
  ChunkAnswer answer = pipe_->Receive();
  const auto received = Clock::now();
  profile_.wait += Since(start);
  Flight flight = std::move(flights_.front());
  flights_.pop_front();
  if (answer.resend) {
    retries_.push_back(flight.task);
    free_slots_.push_back(flight.slot);
    DropQueued();
    return;
  }
  const ChunkTask& task = work_.tasks()[flight.task];
  if (answer.times) {
    profile_.backend_read += answer.times->read;
    profile_.backend_run += answer.times->run;
    profile_.backend_write += answer.times->write;
    ++profile_.timed_chunks;
  }
  // The backend works on one request at a time: this one since it was sent
  // or since the answer before it, whichever came later.
  const auto began = std::max(flight.sent, last_answer_);
  last_answer_ = received;
  flight.chunk.memory = pipe_->memory();
  ChunkVerdict verdict = CheckChunk(work_.plan()[task.slice], flight.chunk,
                                    std::move(answer), *reference_);
  verdict.seconds = std::chrono::duration<double>(received - began).count();
  if (verdict.stops) work_.StopAt(task);
  profile_.compared += verdict.by_elements;
  ++profile_.chunks;
  work_.verdicts()[flight.task] = std::move(verdict);
  work_.Done(task);
  free_slots_.push_back(flight.slot);
  profile_.check += Since(received);
  DropQueued();
}

void ThreadSweep::DropQueued() {
  // A crash drops what was queued behind it: those go again.
  while (static_cast<int>(flights_.size()) > pipe_->in_flight()) {
    retries_.push_back(flights_.back().task);
    free_slots_.push_back(flights_.back().slot);
    flights_.pop_back();
  }
}

void ThreadSweep::Run() {
  for (;;) {
    while (static_cast<int>(flights_.size()) < pipe_->depth()) {
      const std::optional<size_t> task = NextTask();
      if (!task) break;
      Send(*task);
    }
    if (flights_.empty()) return;
    ReceiveOne();
  }
}

}  // namespace

SweepWork::SweepWork(const std::vector<SweepSlice>& plan,
                     const BackendSweepOptions& options)
    : plan_(plan), options_(options) {
  stops_ = std::make_unique<std::atomic<uint64_t>[]>(plan.size());
  left_ = std::make_unique<std::atomic<uint64_t>[]>(plan.size());
  for (size_t s = 0; s < plan.size(); ++s) {
    first_task_.push_back(tasks_.size());
    stops_[s] = kNoStop;
    // Room per element: one byte covers a packed element too.
    input_width_ =
        std::max(input_width_, StorageBytes(Info(plan[s].spec.dtype), 1));
    output_width_ =
        std::max(output_width_, StorageBytes(Info(plan[s].spec.output_type), 1));
    if (plan[s].pairs) max_inputs_ = 2;
    uint64_t index = 0;
    for (uint64_t done = 0; done < plan[s].count; done += options.chunk) {
      tasks_.push_back({s, index++, done,
                        std::min(options.chunk, plan[s].count - done)});
    }
    left_[s] = index;
  }
  first_task_.push_back(tasks_.size());
  verdicts_.resize(tasks_.size());
}

bool SweepWork::Skipped(const ChunkTask& task) const {
  return task.index > stops_[task.slice].load();
}

std::pair<size_t, size_t> SweepWork::Chunks(size_t slice) const {
  return {first_task_[slice], first_task_[slice + 1] - first_task_[slice]};
}

bool SweepWork::Whole(size_t slice) const {
  const auto [first, count] = Chunks(slice);
  const uint64_t stop = stops_[slice].load();
  for (size_t i = 0; i < count && i <= stop; ++i) {
    if (!verdicts_[first + i].ran) return false;
  }
  return true;
}

bool SweepWork::Stopping() const {
  return StopRequested() ||
         (options_.restarts && options_.restarts->Exhausted());
}

long SweepWork::Next() {
  // Chunks that are never taken are never done: their slices stay unfinished
  // and so not run.
  if (Stopping()) return -1;
  for (size_t i = next_++; i < tasks_.size(); i = next_++) {
    if (!Skipped(tasks_[i])) return static_cast<long>(i);
    Done(tasks_[i]);
  }
  return -1;
}

void SweepWork::StopAt(const ChunkTask& task) {
  std::atomic<uint64_t>& stop = stops_[task.slice];
  uint64_t seen = stop.load();
  while (task.index < seen && !stop.compare_exchange_weak(seen, task.index)) {
  }
}

void SweepWork::Done(const ChunkTask& task) {
  if (options_.progress) options_.progress->Advance(task.length);
  if (--left_[task.slice] == 0 && on_slice_done) on_slice_done(task.slice);
}

void SweepWork::AddProfile(const SweepProfile& p) {
  if (!options_.profile) return;
  const std::lock_guard lock(profile_mutex_);
  SweepProfile& total = *options_.profile;
  total.make += p.make;
  total.send += p.send;
  total.wait += p.wait;
  total.check += p.check;
  total.backend_read += p.backend_read;
  total.backend_run += p.backend_run;
  total.backend_write += p.backend_write;
  total.chunks += p.chunks;
  total.timed_chunks += p.timed_chunks;
  total.compared += p.compared;
}

void SweepThread(SweepWork& work, Backend& backend) {
  ThreadSweep(work, backend).Run();
}

}  // namespace onnxcts
