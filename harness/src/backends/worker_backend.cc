#include "backends/worker_backend.h"

#include <chrono>
#include <deque>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <utility>

#include "backends/child_process.h"
#include "backends/output_dir.h"
#include "backends/shared_memory.h"
#include "backends/shell_quote.h"
#include "backends/temp_dir.h"
#include "backends/worker_protocol.h"
#include "core/chunk_pipe.h"
#include "core/data_dir.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using OutcomeKind = RunOutcome::Kind;
using Io = ChildProcess::Io;

constexpr std::chrono::milliseconds kExitGrace{1000};

class WorkerBackend : public Backend {
 public:
  WorkerBackend(std::string spec, std::string cmdline, WorkerOptions options)
      : spec_(std::move(spec)),
        cmdline_(std::move(cmdline)),
        options_(std::move(options)) {}

  ~WorkerBackend() override {
    // The protocol's goodbye; a worker that ignores it sees end of input.
    if (process_) {
      process_->Write("{\"method\":\"shutdown\"}\n", DeadlineAfter(0.1));
    }
  }

  BackendInfo Start() override {
    temp_.emplace("onnxcts-worker-");
    memory_.emplace();
    const WorkerHello hello = Launch();
    return {spec_, hello.name, hello.version, hello.options};
  }

  RunOutcome Run(const RunRequest& request) override {
    if (!temp_) throw std::logic_error("Run() before Start()");
    RunOutcome outcome;
    DropIfWroteLate();
    if (!process_) {
      if (std::optional<RunOutcome> failed = Relaunch()) return *failed;
    }
    const int64_t id = next_id_++;
    std::optional<OutputDir> dir;
    try {
      dir.emplace(temp_->fd(), temp_->path(), std::to_string(id));
    } catch (const std::runtime_error& e) {
      return RunOutcome::Of(OutcomeKind::kError, e.what());
    }
    outcome = RunIn(request, id, *dir);
    if (process_) outcome.stderr_tail = process_->TakeStderr();
    outcome.stderr_tail.insert(0, std::exchange(late_note_, ""));
    return outcome;
  }

  bool ReadsFiles() const override { return true; }

  std::unique_ptr<ChunkPipe> OpenPipe() override;

  // The pipe's side (protocol 2): requests over the shared memory, answered
  // in order.
  SharedMemory& memory() { return *memory_; }
  void ReserveMemory(size_t bytes) {
    // A worker holding a memfd that was replaced starts again with the new
    // one at the next request.
    if (memory_->Reserve(bytes) && process_) {
      process_->Kill();
      process_.reset();
    }
  }
  void SendMemory(const ChunkRequest& request);
  std::optional<RunOutcome> Unsendable();
  ChunkAnswer ReceiveMemory();
  int in_flight() const { return static_cast<int>(flights_.size()); }

 private:
  // A memory request sent, or one that failed before it could be (its
  // answer then waits here).
  struct Flight {
    int64_t id = 0;
    double timeout_seconds = 0;
    std::optional<ChunkAnswer> failed;
  };

  // Starts the worker and checks its hello; throws std::runtime_error.
  WorkerHello Launch();
  // Starts a new worker: nothing, or the crash to record when it will not.
  std::optional<RunOutcome> Relaunch();
  RunOutcome RunIn(const RunRequest& request, int64_t id,
                   const OutputDir& dir);
  RunOutcome Exchange(const WorkerRun& run, double timeout_seconds);
  std::vector<Tensor> ReadOutputs(const OutputDir& dir, size_t count,
                                  RunOutcome& outcome) const;
  // Ends a worker that can no longer be trusted: it is killed now and
  // restarted before the next run.
  RunOutcome Discard(OutcomeKind kind, std::string message);
  // Ends a worker that wrote after its last answer was taken (a late second
  // answer, say): the next request is not charged with that, and goes to a
  // new worker with a note in its stderr tail.
  void DropIfWroteLate();
  // A second answer to request `id` already there: the protocol error of
  // `id`, which the worker answered twice.
  std::optional<RunOutcome> AnsweredTwice(int64_t id, bool memory);
  // Whether `line`, awaited as the answer to another request, repeats the
  // answer to one this worker answered before; if so, the worker is ended
  // (the request awaited is not its to answer any more: it goes to the
  // next worker, with a note).
  bool DroppedForARepeat(std::string_view line, int64_t awaited);
  void Answered(int64_t id);
  RunOutcome Died(const std::string& when);

  std::string spec_;
  std::string cmdline_;
  WorkerOptions options_;
  std::optional<TempDir> temp_;
  std::unique_ptr<ChildProcess> process_;
  int64_t next_id_ = 1;
  std::optional<SharedMemory> memory_;
  int protocol_ = kWorkerProtocol;
  std::deque<Flight> flights_;
  // The requests the running worker answered: first_answered_ (0 when
  // none yet) to last_answered_.
  int64_t first_answered_ = 0;
  int64_t last_answered_ = 0;
  std::string late_note_;  // for the next outcome's stderr tail
};

// Protocol 2's requests in flight at once: one running, one waiting.
constexpr int kPipeDepth = 2;

class WorkerPipe : public ChunkPipe {
 public:
  explicit WorkerPipe(WorkerBackend& worker) : worker_(worker) {}
  int depth() const override { return kPipeDepth; }
  uint8_t* memory() override { return worker_.memory().data(); }
  void Reserve(size_t bytes) override { worker_.ReserveMemory(bytes); }
  void Send(const ChunkRequest& request) override {
    worker_.SendMemory(request);
  }
  ChunkAnswer Receive() override { return worker_.ReceiveMemory(); }
  int in_flight() const override { return worker_.in_flight(); }

 private:
  WorkerBackend& worker_;
};

ChunkAnswer Failed(RunOutcome outcome) {
  ChunkAnswer answer;
  answer.outcome = std::move(outcome);
  return answer;
}

std::unique_ptr<ChunkPipe> WorkerBackend::OpenPipe() {
  if (protocol_ != kWorkerProtocolMemory) return nullptr;
  return std::make_unique<WorkerPipe>(*this);
}

// Why a request cannot be sent, or nothing when it can.
std::optional<RunOutcome> WorkerBackend::Unsendable() {
  if (flights_.empty()) DropIfWroteLate();
  if (!process_) {
    if (std::optional<RunOutcome> failed = Relaunch()) return failed;
  }
  if (protocol_ != kWorkerProtocolMemory) {
    return Discard(OutcomeKind::kProtocolError,
                   "the restarted worker chose protocol 1");
  }
  return std::nullopt;
}

void WorkerBackend::SendMemory(const ChunkRequest& request) {
  const int64_t id = next_id_++;
  std::optional<RunOutcome> failure = Unsendable();
  if (!failure) {
    WorkerMemoryRun run{id, fs::absolute(request.model_file).string(),
                        memory_->size(), request.inputs, request.outputs};
    const Io io = process_->Write(MemoryRunLine(run),
                                  DeadlineAfter(request.timeout_seconds));
    if (io == Io::kClosed) {
      failure = Died("before request " + std::to_string(id) + " was sent");
    } else if (io != Io::kOk) {
      failure = Discard(OutcomeKind::kTimeout,
                        "request " + std::to_string(id) +
                            " could not be sent within " +
                            SecondsText(request.timeout_seconds));
    }
  }
  if (!failure) {
    flights_.push_back({id, request.timeout_seconds, std::nullopt});
    return;
  }
  // The worker is gone: the oldest request in flight answers for it, and
  // the rest (this one too) are dropped.
  if (flights_.empty()) flights_.push_back({id, 0, std::nullopt});
  flights_.resize(1);
  flights_.front().failed = Failed(std::move(*failure));
}

ChunkAnswer WorkerBackend::ReceiveMemory() {
  if (flights_.empty()) throw std::logic_error("Receive() with nothing sent");
  Flight flight = std::move(flights_.front());
  flights_.pop_front();
  if (flight.failed) return std::move(*flight.failed);
  std::string line;
  const Io io = process_->ReadLine(line, options_.max_line_bytes,
                                   DeadlineAfter(flight.timeout_seconds));
  std::optional<RunOutcome> failure;
  if (io == Io::kClosed) {
    failure = Died("during request " + std::to_string(flight.id));
  } else if (io == Io::kTimeout) {
    failure = Discard(OutcomeKind::kTimeout,
                      "no answer to request " + std::to_string(flight.id) +
                          " within " + SecondsText(flight.timeout_seconds));
  } else if (io == Io::kTooLong) {
    failure = Discard(OutcomeKind::kProtocolError,
                      "answer line longer than " +
                          std::to_string(options_.max_line_bytes) + " bytes");
  }
  ParsedAnswer parsed;
  if (!failure) {
    parsed = ParseWorkerAnswer(line, flight.id, /*memory=*/true);
    if (!parsed.answer && DroppedForARepeat(line, flight.id)) {
      flights_.clear();
      ChunkAnswer resend;
      resend.resend = true;
      return resend;
    }
    if (!parsed.answer) {
      failure = Discard(OutcomeKind::kProtocolError,
                        std::move(parsed.protocol_error));
    }
  }
  if (!failure) failure = AnsweredTwice(flight.id, /*memory=*/true);
  if (failure) {
    flights_.clear();  // dropped with the worker
    return Failed(std::move(*failure));
  }
  Answered(flight.id);
  ChunkAnswer answer;
  answer.outcome = RunOutcome::Of(parsed.answer->kind, parsed.answer->message);
  answer.outcome.adapter_steps = std::move(parsed.answer->adapter_steps);
  answer.outcome.stderr_tail =
      std::exchange(late_note_, "") + process_->TakeStderr();
  answer.outputs = std::move(parsed.answer->outputs);
  answer.times = parsed.answer->times;
  return answer;
}

std::optional<RunOutcome> WorkerBackend::Relaunch() {
  try {
    Launch();
  } catch (const std::runtime_error& e) {
    return RunOutcome::Of(
        OutcomeKind::kCrash,
        std::string("worker could not be restarted: ") + e.what());
  }
  return std::nullopt;
}

WorkerHello WorkerBackend::Launch() {
  process_ = ChildProcess::Spawn(cmdline_, memory_->fd());
  first_answered_ = last_answered_ = 0;
  const auto deadline = DeadlineAfter(options_.hello_timeout_seconds);
  std::string line, problem;
  Io io = process_->Write(HelloLine(), deadline);
  if (io == Io::kOk)
    io = process_->ReadLine(line, options_.max_line_bytes, deadline);
  if (io == Io::kClosed) {
    problem =
        "it " + process_->DescribeExit(kExitGrace) + " before answering hello";
  } else if (io == Io::kTimeout) {
    problem = "no answer to hello within " +
              SecondsText(options_.hello_timeout_seconds);
  } else if (io == Io::kTooLong) {
    problem = "its hello answer is longer than " +
              std::to_string(options_.max_line_bytes) + " bytes";
  } else {
    ParsedHello parsed = ParseWorkerHello(line);
    if (parsed.hello) {
      protocol_ = parsed.hello->protocol;
      return *parsed.hello;
    }
    problem = parsed.protocol_error;
  }
  process_->Kill();
  const std::string tail = process_->TakeStderr();
  process_.reset();
  throw std::runtime_error("worker `" + cmdline_ +
                           "` did not start: " + problem +
                           (tail.empty() ? "" : "; its stderr ends:\n" + tail));
}

RunOutcome WorkerBackend::RunIn(const RunRequest& request, int64_t id,
                                const OutputDir& dir) {
  if (request.test_case == nullptr || request.model == nullptr) {
    return RunOutcome::Of(OutcomeKind::kError, "a worker needs the test case's files");
  }
  WorkerRun run;
  run.id = id;
  run.model = fs::absolute(request.test_case->model).string();
  run.output_dir = dir.path().string();
  run.load_only = request.data_set == nullptr;
  if (!run.load_only) {
    for (const fs::path& input : request.data_set->inputs) {
      run.inputs.push_back(fs::absolute(input).string());
    }
  }
  RunOutcome outcome = Exchange(run, request.timeout_seconds);
  if (outcome.kind != OutcomeKind::kOk || run.load_only) return outcome;
  const std::string replaced = dir.Replaced();
  if (!replaced.empty()) {
    outcome.kind = OutcomeKind::kInvalidOutput;
    outcome.message = "the worker answered ok but " + replaced +
                      ", which the harness made and reads by descriptor";
    return outcome;
  }
  outcome.outputs = ReadOutputs(dir, request.model->outputs.size(), outcome);
  return outcome;
}

RunOutcome WorkerBackend::Exchange(const WorkerRun& run,
                                   double timeout_seconds) {
  std::string request;
  try {
    request = RunLine(run);
  } catch (const std::invalid_argument& e) {
    return RunOutcome::Of(OutcomeKind::kError, e.what());
  }
  const auto deadline = DeadlineAfter(timeout_seconds);
  std::string line;
  Io io = process_->Write(request, deadline);
  if (io == Io::kOk)
    io = process_->ReadLine(line, options_.max_line_bytes, deadline);
  switch (io) {
    case Io::kClosed:
      return Died("during request " + std::to_string(run.id));
    case Io::kTimeout:
      return Discard(OutcomeKind::kTimeout,
                     "no answer to request " + std::to_string(run.id) +
                         " within " + SecondsText(timeout_seconds));
    case Io::kTooLong:
      return Discard(OutcomeKind::kProtocolError,
                     "answer line longer than " +
                         std::to_string(options_.max_line_bytes) + " bytes");
    case Io::kOk:
      break;
  }
  ParsedAnswer parsed = ParseWorkerAnswer(line, run.id);
  if (!parsed.answer && DroppedForARepeat(line, run.id)) {
    // A new worker has answered nothing, so this happens once per request.
    if (std::optional<RunOutcome> failed = Relaunch()) return *failed;
    return Exchange(run, timeout_seconds);
  }
  if (!parsed.answer) {
    return Discard(OutcomeKind::kProtocolError,
                   std::move(parsed.protocol_error));
  }
  if (std::optional<RunOutcome> twice = AnsweredTwice(run.id, false)) {
    return std::move(*twice);
  }
  Answered(run.id);
  RunOutcome outcome = RunOutcome::Of(parsed.answer->kind, parsed.answer->message);
  outcome.adapter_steps = std::move(parsed.answer->adapter_steps);
  return outcome;
}

std::vector<Tensor> WorkerBackend::ReadOutputs(const OutputDir& dir,
                                               size_t count,
                                               RunOutcome& outcome) const {
  std::vector<Tensor> outputs;
  for (size_t k = 0; k < count; ++k) {
    const std::string name = "output_" + std::to_string(k) + ".pb";
    try {
      std::optional<Tensor> tensor =
          ReadOutputTensor(dir, name, options_.limits);
      if (!tensor) {
        outcome.kind = OutcomeKind::kInvalidOutput;
        outcome.message = "the worker answered ok but wrote no " + name +
                          " (the model has " + std::to_string(count) +
                          " outputs)";
        return {};
      }
      outputs.push_back(std::move(*tensor));
    } catch (const std::exception& e) {
      outcome.kind = OutcomeKind::kInvalidOutput;
      outcome.message = name + " from the worker: " + e.what();
      return {};
    }
  }
  return outputs;
}

RunOutcome WorkerBackend::Discard(OutcomeKind kind, std::string message) {
  RunOutcome outcome = RunOutcome::Of(kind, std::move(message));
  process_->Kill();
  outcome.stderr_tail = process_->TakeStderr();
  process_.reset();
  return outcome;
}

void WorkerBackend::DropIfWroteLate() {
  if (!process_ || !process_->HasPendingOutput()) return;
  std::string line;
  process_->PeekLine(line);
  const ParsedAnswer late = ParseWorkerAnswer(line, last_answered_);
  late_note_ += "onnxcts: after its answer to request " +
               std::to_string(last_answered_) + " the worker wrote " +
               (late.answer ? "a second one"
                            : "more (" + late.protocol_error + ")") +
               ", and was restarted\n";
  process_->Kill();
  late_note_ += process_->TakeStderr();
  process_.reset();
}

std::optional<RunOutcome> WorkerBackend::AnsweredTwice(int64_t id,
                                                       bool memory) {
  std::string next;
  const bool whole = process_->PeekLine(next);
  const bool again = whole && AnswerId(next) == id;
  // Protocol 2's next line may be the next request's answer; protocol 1's
  // worker has nothing more to say until the next request.
  if (!again && (memory || !process_->HasPendingOutput())) {
    return std::nullopt;
  }
  return Discard(OutcomeKind::kProtocolError,
                 again ? "worker answered request " + std::to_string(id) +
                             " more than once"
                       : "worker wrote more after its answer to request " +
                             std::to_string(id));
}

bool WorkerBackend::DroppedForARepeat(std::string_view line,
                                      int64_t awaited) {
  const std::optional<int64_t> named = AnswerId(line);
  if (first_answered_ == 0 || !named || *named < first_answered_ ||
      *named > last_answered_) {
    return false;
  }
  late_note_ += "onnxcts: awaiting the answer to request " +
                std::to_string(awaited) +
                ", the worker repeated its answer to request " +
                std::to_string(*named) + "; it was restarted and request " +
                std::to_string(awaited) + " sent again\n";
  process_->Kill();
  late_note_ += process_->TakeStderr();
  process_.reset();
  return true;
}

void WorkerBackend::Answered(int64_t id) {
  if (first_answered_ == 0) first_answered_ = id;
  last_answered_ = id;
}

RunOutcome WorkerBackend::Died(const std::string& when) {
  const std::string how = process_->DescribeExit(kExitGrace);
  return Discard(OutcomeKind::kCrash, "worker " + how + " " + when);
}

}  // namespace

std::unique_ptr<Backend> MakeWorkerBackend(std::string spec,
                                           std::string cmdline,
                                           WorkerOptions options) {
  return std::make_unique<WorkerBackend>(std::move(spec), std::move(cmdline),
                                         std::move(options));
}

std::string OrtWorkerCommand(std::string_view runtime) {
  const char* custom = std::getenv("ONNXCTS_ORT_WORKER");
  if (runtime == "node" && custom != nullptr && *custom != '\0') return custom;
  std::string cmd =
      "node " + ShellQuote((DataDir() / "workers/ort/worker.js").string());
  if (runtime != "node") cmd += " --runtime " + ShellQuote(std::string(runtime));
  return cmd;
}

}  // namespace onnxcts
