#include "backends/plugin_backend.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "backends/child_process.h"
#include "backends/node_by_node.h"
#include "backends/node_call.h"
#include "backends/plugin_host.h"
#include "backends/plugin_library.h"
#include "backends/plugin_pipe.h"
#include "backends/plugin_wire.h"
#include "core/chunk_pipe.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using Io = ChildProcess::Io;

PluginReply Failure(OutcomeKind kind, std::string message) {
  return {kind, std::move(message), {}};
}

// The longest reply a child may announce: every output at the size limit.
uint64_t MaxReplyBytes(const Limits& limits, size_t outputs) {
  const uint64_t per = limits.max_bytes + (1 << 20);
  const uint64_t n = std::max<size_t>(outputs, 1);
  return per > std::numeric_limits<uint64_t>::max() / n ? per : per * n;
}

// What the model declares for each node output that is a graph output, for
// the output buffers of a version 2 plugin.
void Declare(NodeCall& node_call, const Model& model) {
  std::vector<DeclaredOutput>& declared = node_call.call.declared;
  declared.assign(node_call.call.output_count, DeclaredOutput{});
  for (size_t g = 0; g < node_call.output_of_graph.size(); ++g) {
    const ValueInfo& info = model.outputs[g];
    DeclaredOutput& d = declared[node_call.output_of_graph[g]];
    d.dtype = info.elem_type;
    d.has_shape = info.shape.has_value();
    d.dims.clear();
    if (info.shape) {
      for (const Dim& dim : *info.shape) {
        d.dims.push_back(dim.value.value_or(-1));
      }
    }
  }
}

class PluginBackend : public Backend {
 public:
  PluginBackend(std::string spec, std::string path, bool in_process,
                PluginOptions options)
      : spec_(std::move(spec)),
        path_(std::move(path)),
        in_process_(in_process),
        options_(std::move(options)) {}

  BackendInfo Start() override {
    if (in_process_) {
      library_ = std::make_unique<PluginLibrary>(path_);
      return {spec_, library_->name(), library_->version(), {}};
    }
    const PluginHello hello = Launch();
    return {spec_, hello.name, hello.version, {}};
  }

  RunOutcome Run(const RunRequest& request) override {
    if (IsGraph(*request.model)) {
      return RunByNodes(request, [this](const RunRequest& one) {
        return RunNode(one);
      });
    }
    return RunNode(request);
  }

  std::unique_ptr<ChunkPipe> OpenPipe() override {
    if (!in_process_) {
      return MakeIsolatedPluginPipe(path_, options_.limits,
                                    options_.start_timeout_seconds);
    }
    if (library_ == nullptr) return nullptr;  // not started
    return MakeInProcessPluginPipe(*library_, mutex_, options_.limits);
  }

  bool SharedByThreads() const override { return in_process_; }

 private:
  RunOutcome RunNode(const RunRequest& request) {
    RunOutcome outcome;
    std::optional<NodeCall> node_call = MakeNodeCall(request, outcome);
    if (!node_call) return outcome;
    Declare(*node_call, *request.model);
    PluginReply reply =
        in_process_
            ? CallInProcess(node_call->call)
            : CallChild(node_call->call, request.timeout_seconds, outcome);
    const std::string tail = std::move(outcome.stderr_tail);
    outcome = OutcomeOf(std::move(reply), *node_call, *request.model);
    outcome.stderr_tail = tail;
    return outcome;
  }

  PluginReply CallInProcess(const PluginCall& call) {
    if (library_->thread_safe()) {
      return CallPlugin(*library_, call, options_.limits);
    }
    std::lock_guard lock(mutex_);
    return CallPlugin(*library_, call, options_.limits);
  }

  // Starts the host child and reads its hello; throws std::runtime_error.
  PluginHello Launch();
  PluginReply CallChild(const PluginCall& call, double timeout_seconds,
                        RunOutcome& outcome);
  PluginReply IoFailure(Io io, double timeout_seconds, RunOutcome& outcome);
  PluginReply Discard(OutcomeKind kind, std::string message,
                      RunOutcome& outcome);

  std::string spec_;
  std::string path_;
  bool in_process_;
  PluginOptions options_;
  std::unique_ptr<PluginLibrary> library_;  // in process
  std::mutex mutex_;                        // serializes unsafe plugins
  std::unique_ptr<ChildProcess> process_;   // isolated
};

PluginHello PluginBackend::Launch() {
  PluginHello hello;
  process_ = LaunchPluginHost(path_, options_.limits, -1, 0,
                              options_.start_timeout_seconds, hello);
  return hello;
}

PluginReply PluginBackend::CallChild(const PluginCall& call,
                                     double timeout_seconds,
                                     RunOutcome& outcome) {
  if (!process_) {
    try {
      Launch();
    } catch (const std::runtime_error& e) {
      return Failure(OutcomeKind::kCrash,
                     std::string("plugin host could not be "
                                 "restarted: ") +
                         e.what());
    }
  }
  const auto deadline = DeadlineAfter(timeout_seconds);
  Io io = process_->Write(Frame(EncodeCall(call)), deadline);
  std::string payload;
  if (io == Io::kOk) {
    io = ReadPluginFrame(*process_, payload,
                         MaxReplyBytes(options_.limits, call.output_count),
                         deadline);
  }
  if (io != Io::kOk) return IoFailure(io, timeout_seconds, outcome);
  outcome.stderr_tail = process_->TakeStderr();
  try {
    return DecodeReply(payload, options_.limits);
  } catch (const std::runtime_error& e) {
    return Discard(
        OutcomeKind::kProtocolError,
        std::string("garbled reply from the plugin host: ") + e.what(),
        outcome);
  }
}

PluginReply PluginBackend::IoFailure(Io io, double timeout_seconds,
                                     RunOutcome& outcome) {
  switch (io) {
    case Io::kTimeout:
      return Discard(
          OutcomeKind::kTimeout,
          "the plugin did not answer within " + SecondsText(timeout_seconds),
          outcome);
    case Io::kTooLong:
      return Discard(OutcomeKind::kProtocolError,
                     "the plugin host announced an oversized reply", outcome);
    default:
      return Discard(OutcomeKind::kCrash,
                     "the plugin host " +
                         process_->DescribeExit(kPluginExitGrace),
                     outcome);
  }
}

PluginReply PluginBackend::Discard(OutcomeKind kind, std::string message,
                                   RunOutcome& outcome) {
  process_->Kill();
  outcome.stderr_tail = process_->TakeStderr();
  process_.reset();
  return Failure(kind, std::move(message));
}

}  // namespace

std::unique_ptr<Backend> MakePluginBackend(std::string spec, std::string target,
                                           PluginOptions options) {
  const std::string_view suffix = kInProcessSuffix;
  const bool in_process = target.ends_with(suffix);
  if (in_process) target.resize(target.size() - suffix.size());
  // dlopen() searches the library path for a name without a slash.
  const std::string path = std::filesystem::absolute(target).string();
  return std::make_unique<PluginBackend>(std::move(spec), path, in_process,
                                         std::move(options));
}

}  // namespace onnxcts
