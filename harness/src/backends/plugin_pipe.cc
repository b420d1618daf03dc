#include "backends/plugin_pipe.h"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <utility>

#include "backends/child_process.h"
#include "backends/plugin_host.h"
#include "backends/plugin_wire.h"
#include "backends/shared_memory.h"
#include "core/sync_pipe.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using Io = ChildProcess::Io;
using Clock = ChildProcess::Clock;

ChunkAnswer Refusal(OutcomeKind kind, std::string message) {
  ChunkAnswer answer;
  answer.outcome = RunOutcome::Of(kind, std::move(message));
  return answer;
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text += (i == 0 ? "" : ", ") + std::to_string(dims[i]);
  }
  return text + "]";
}

// The index among the fed inputs (FedInputs() order) of graph input `name`,
// counted without allocating; none when it is no fed input.
std::optional<size_t> FedIndex(const Model& model, const std::string& name) {
  size_t fed = 0;
  for (const ValueInfo& in : model.inputs) {
    const bool initialized = std::ranges::any_of(
        model.initializers, [&](const Tensor& t) { return t.name == in.name; });
    if (initialized) continue;
    if (in.name == name) return fed;
    ++fed;
  }
  return std::nullopt;
}

const Tensor* Initializer(const Model& model, const std::string& name) {
  for (const Tensor& t : model.initializers) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

void CheckDepth(int in_flight, int depth) {
  if (in_flight >= depth) {
    throw std::logic_error("plugin pipe: Send() with " +
                           std::to_string(in_flight) +
                           " requests in flight, the pipe's depth");
  }
}

void CheckSlotsOrThrow(const SlotCall& call, size_t memory_bytes,
                       const Limits& limits) {
  const std::string problem = CheckSlots(call, memory_bytes, limits);
  if (!problem.empty()) {
    throw std::invalid_argument("plugin pipe: the request's " + problem);
  }
}

// ---- In process ----------------------------------------------------------

class InProcessPipe final : public SyncPipe {
 public:
  InProcessPipe(const PluginLibrary& library, std::mutex& serialize,
                const Limits& limits)
      : library_(library),
        serialize_(serialize),
        limits_(limits),
        runner_(library, limits) {}

 private:
  // The plugin runs as the request is sent; Receive() hands its answer over.
  ChunkAnswer Answer(const ChunkRequest& request) override {
    const std::string refusal =
        BindChunkRequest(request, call_, slot_of_output_);
    if (!refusal.empty()) {
      return Refusal(OutcomeKind::kNotSupported, refusal);
    }
    CheckSlotsOrThrow(call_, memory_size(), limits_);
    {
      std::unique_lock lock(serialize_, std::defer_lock);
      if (!library_.thread_safe()) lock.lock();
      runner_.Run(call_, memory(), memory_size(), slot_answer_);
    }
    return AnswerOfSlots(slot_answer_, call_.outputs, slot_of_output_);
  }

  const PluginLibrary& library_;
  std::mutex& serialize_;
  Limits limits_;
  SlotRunner runner_;
  SlotCall call_;
  std::vector<size_t> slot_of_output_;
  SlotAnswer slot_answer_;
};

// ---- In a child process --------------------------------------------------

class IsolatedPipe final : public ChunkPipe {
 public:
  IsolatedPipe(std::string path, const Limits& limits,
               double start_timeout_seconds)
      : path_(std::move(path)),
        limits_(limits),
        start_timeout_seconds_(start_timeout_seconds) {}

  int depth() const override { return kDepth; }
  uint8_t* memory() override { return memory_.data(); }
  int in_flight() const override { return in_flight_; }

  void Reserve(size_t bytes) override {
    if (in_flight_ > 0) {
      throw std::logic_error("plugin pipe: Reserve() with a request in flight");
    }
    const size_t before = memory_.size();
    memory_.Reserve(bytes);
    // The child maps the memory as it was when it started.
    if (memory_.size() != before) process_.reset();
  }

  void Send(const ChunkRequest& request) override;
  ChunkAnswer Receive() override;

 private:
  static constexpr int kDepth = 2;

  // A request in flight: what its answer is checked against, or the answer
  // itself when the child never got it.
  struct Entry {
    std::optional<ChunkAnswer> answer;
    std::vector<Slot> sent;  // its output slots, in node output order
    std::vector<size_t> slot_of_output;
    Clock::time_point sent_at;
    double timeout_seconds = 0;
  };

  // Ends the child after a failure; the requests behind are dropped.
  ChunkAnswer Discard(OutcomeKind kind, std::string message);
  uint64_t MaxAnswerBytes(size_t outputs) const {
    return (uint64_t{1} << 20) +
           outputs * (28 + 8 * uint64_t{limits_.max_rank} + 16);
  }

  std::string path_;
  Limits limits_;
  double start_timeout_seconds_;
  SharedMemory memory_;
  std::unique_ptr<ChildProcess> process_;  // maps memory_ as it is at start
  SlotCall call_;
  SlotAnswer slot_answer_;
  std::string frame_;
  std::string payload_;
  std::array<Entry, kDepth> entries_;
  int head_ = 0;  // the oldest in flight
  int in_flight_ = 0;
  Clock::time_point last_answer_at_;
};

void IsolatedPipe::Send(const ChunkRequest& request) {
  CheckDepth(in_flight_, depth());
  Entry& e = entries_[(head_ + in_flight_) % kDepth];
  e.answer.reset();
  e.timeout_seconds = request.timeout_seconds;
  const std::string refusal =
      BindChunkRequest(request, call_, e.slot_of_output);
  if (!refusal.empty()) {
    e.answer = Refusal(OutcomeKind::kNotSupported, refusal);
    ++in_flight_;
    return;
  }
  CheckSlotsOrThrow(call_, memory_.size(), limits_);
  e.sent = call_.outputs;  // reuses the entry's storage
  ++in_flight_;
  if (!process_) {
    try {
      PluginHello hello;
      process_ = LaunchPluginHost(path_, limits_, memory_.fd(),
                                  memory_.size(), start_timeout_seconds_,
                                  hello);
    } catch (const std::runtime_error& x) {
      e.answer = Refusal(OutcomeKind::kCrash,
                         std::string("plugin host could not be restarted: ") +
                             x.what());
      return;
    }
  }
  FrameSlotCall(call_, frame_);
  e.sent_at = Clock::now();
  // A write that fails leaves a child that died or stopped reading, which
  // the answer's read then reports.
  process_->Write(frame_, DeadlineAfter(request.timeout_seconds));
}

ChunkAnswer IsolatedPipe::Receive() {
  if (in_flight_ == 0) {
    throw std::logic_error("plugin pipe: Receive() with nothing in flight");
  }
  Entry& e = entries_[head_];
  head_ = (head_ + 1) % kDepth;
  --in_flight_;
  if (e.answer) {
    ChunkAnswer answer = std::move(*e.answer);
    e.answer.reset();
    return answer;
  }
  if (!process_) {
    return Discard(OutcomeKind::kCrash, "the plugin host is gone");
  }
  // A request's time starts when the child could start on it.
  const Clock::time_point start = std::max(e.sent_at, last_answer_at_);
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(e.timeout_seconds));
  const Io io = ReadPluginFrame(*process_, payload_,
                                MaxAnswerBytes(e.sent.size()), deadline);
  switch (io) {
    case Io::kOk:
      break;
    case Io::kTimeout:
      return Discard(OutcomeKind::kTimeout,
                     "the plugin did not answer within " +
                         SecondsText(e.timeout_seconds));
    case Io::kTooLong:
      return Discard(OutcomeKind::kProtocolError,
                     "the plugin host announced an oversized reply");
    default:
      return Discard(OutcomeKind::kCrash,
                     "the plugin host " +
                         process_->DescribeExit(kPluginExitGrace));
  }
  try {
    DecodeSlotAnswer(payload_, e.sent, memory_.size(), limits_,
                     slot_answer_);
  } catch (const std::runtime_error& x) {
    return Discard(OutcomeKind::kProtocolError,
                   std::string("garbled reply from the plugin host: ") +
                       x.what());
  }
  last_answer_at_ = Clock::now();
  ChunkAnswer answer = AnswerOfSlots(slot_answer_, e.sent, e.slot_of_output);
  answer.outcome.stderr_tail = process_->TakeStderr();
  return answer;
}

ChunkAnswer IsolatedPipe::Discard(OutcomeKind kind, std::string message) {
  ChunkAnswer answer = Refusal(kind, std::move(message));
  if (process_) {
    process_->Kill();
    answer.outcome.stderr_tail = process_->TakeStderr();
    process_.reset();
  }
  for (Entry& e : entries_) e.answer.reset();
  in_flight_ = 0;
  head_ = 0;
  return answer;
}

}  // namespace

std::string BindChunkRequest(const ChunkRequest& request, SlotCall& call,
                             std::vector<size_t>& slot_of_output) {
  const Model& model = *request.model;
  if (model.nodes.size() != 1) {
    return "plugins are handed single-node models; this one has " +
           std::to_string(model.nodes.size()) + " nodes";
  }
  const Node& node = model.nodes[0];
  if (!node.other_attributes.empty()) {
    const auto& [name, type] = *node.other_attributes.begin();
    return "attribute '" + name + "' of type " + type +
           " cannot be handed to a plugin";
  }
  if (request.outputs.size() != model.outputs.size()) {
    throw std::invalid_argument(
        "plugin pipe: " + std::to_string(request.outputs.size()) +
        " output slots for a model of " +
        std::to_string(model.outputs.size()) + " outputs");
  }
  call.op_type = node.op_type;
  call.domain = node.domain;
  call.opset_version = model.OpsetOf(node.domain);
  call.attributes = node.attributes;
  call.held.clear();
  call.inputs.resize(node.inputs.size());
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    const std::string& name = node.inputs[i];
    SlotInput& in = call.inputs[i];
    in.tensor = nullptr;
    if (name.empty()) {
      in.kind = SlotInput::Kind::kOmitted;
    } else if (const Tensor* t = Initializer(model, name)) {
      in.kind = SlotInput::Kind::kTensor;
      in.tensor = t;
    } else if (const std::optional<size_t> fed = FedIndex(model, name)) {
      if (*fed >= request.inputs.size()) {
        throw std::invalid_argument(
            "plugin pipe: " + std::to_string(request.inputs.size()) +
            " input slots; the model feeds more");
      }
      in.kind = SlotInput::Kind::kSlot;
      in.slot = request.inputs[*fed];
    } else {
      return "node input '" + name +
             "' is neither a graph input nor an initializer";
    }
  }
  for (const ValueInfo& out : model.outputs) {
    if (std::ranges::find(node.outputs, out.name) == node.outputs.end()) {
      return "graph output '" + out.name + "' is not an output of the node";
    }
  }
  call.outputs.resize(node.outputs.size());
  slot_of_output.resize(node.outputs.size());
  for (size_t j = 0; j < node.outputs.size(); ++j) {
    const auto it = std::ranges::find_if(
        model.outputs,
        [&](const ValueInfo& v) { return v.name == node.outputs[j]; });
    if (it == model.outputs.end()) {
      return "node output '" + node.outputs[j] +
             "' is no graph output, and a pipe writes graph outputs only";
    }
    slot_of_output[j] = static_cast<size_t>(it - model.outputs.begin());
    call.outputs[j] = request.outputs[slot_of_output[j]];
  }
  return "";
}

ChunkAnswer AnswerOfSlots(const SlotAnswer& answer, std::span<const Slot> sent,
                          const std::vector<size_t>& slot_of_output) {
  ChunkAnswer out;
  out.outcome.kind = answer.kind;
  out.outcome.message = answer.message;
  out.times = answer.times;
  if (answer.kind != OutcomeKind::kOk) return out;
  out.outputs.resize(slot_of_output.size());
  for (size_t j = 0; j < slot_of_output.size(); ++j) {
    const Slot& got = answer.outputs[j];
    out.outputs[slot_of_output[j]] = got;
    if (got.bytes > sent[j].bytes &&
        out.outcome.kind == OutcomeKind::kOk) {
      out.outcome.kind = OutcomeKind::kInvalidOutput;
      out.outcome.message =
          "output " + std::to_string(slot_of_output[j]) + " of the plugin (" +
          std::string(Info(static_cast<DType>(got.dtype)).name) + ", dims " +
          DimsText(got.dims) + ") needs " + std::to_string(got.bytes) +
          " bytes, and its slot has room for " +
          std::to_string(sent[j].bytes) + ": nothing was written";
    }
  }
  return out;
}

std::unique_ptr<ChunkPipe> MakeInProcessPluginPipe(const PluginLibrary& library,
                                                   std::mutex& serialize,
                                                   const Limits& limits) {
  return std::make_unique<InProcessPipe>(library, serialize, limits);
}

std::unique_ptr<ChunkPipe> MakeIsolatedPluginPipe(
    const std::string& path, const Limits& limits,
    double start_timeout_seconds) {
  return std::make_unique<IsolatedPipe>(path, limits, start_timeout_seconds);
}

}  // namespace onnxcts
