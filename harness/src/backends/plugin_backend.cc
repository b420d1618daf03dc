#include "backends/plugin_backend.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "backends/child_process.h"
#include "backends/node_call.h"
#include "backends/plugin_host.h"
#include "backends/plugin_library.h"
#include "backends/plugin_wire.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using Io = ChildProcess::Io;

constexpr std::chrono::milliseconds kExitGrace{1000};

PluginReply Failure(OutcomeKind kind, std::string message) {
  return {kind, std::move(message), {}};
}

// The longest reply a child may announce: every output at the size limit.
uint64_t MaxReplyBytes(const Limits& limits, size_t outputs) {
  const uint64_t per = limits.max_bytes + (1 << 20);
  const uint64_t n = std::max<size_t>(outputs, 1);
  return per > std::numeric_limits<uint64_t>::max() / n ? per : per * n;
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
    RunOutcome outcome;
    const std::optional<NodeCall> node_call = MakeNodeCall(request, outcome);
    if (!node_call) return outcome;
    PluginReply reply =
        in_process_
            ? CallInProcess(node_call->call)
            : CallChild(node_call->call, request.timeout_seconds, outcome);
    const std::string tail = std::move(outcome.stderr_tail);
    outcome = OutcomeOf(std::move(reply), *node_call, *request.model);
    outcome.stderr_tail = tail;
    return outcome;
  }

 private:
  PluginReply CallInProcess(const PluginCall& call) {
    if (library_->table().flags & ONNXCTS_PLUGIN_THREAD_SAFE) {
      return CallPlugin(library_->table(), call, options_.limits);
    }
    std::lock_guard lock(mutex_);
    return CallPlugin(library_->table(), call, options_.limits);
  }

  // Forks the host child and reads its hello; throws std::runtime_error.
  PluginHello Launch();
  PluginReply CallChild(const PluginCall& call, double timeout_seconds,
                        RunOutcome& outcome);
  // Reads one frame, or says why none came (kOk when one did).
  Io ReadFrame(std::string& payload, uint64_t max_bytes,
               ChildProcess::Clock::time_point deadline);
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
  const std::string path = path_;
  const Limits limits = options_.limits;
  process_ = ChildProcess::Fork([&] { return ServePlugin(path, limits); });
  std::string payload, problem;
  const Io io = ReadFrame(payload, 1 << 20,
                          DeadlineAfter(options_.start_timeout_seconds));
  if (io == Io::kOk) {
    try {
      PluginHello hello = DecodeHello(payload);
      if (hello.error.empty()) return hello;
      problem = hello.error;
    } catch (const std::runtime_error& e) {
      problem = std::string("garbled hello: ") + e.what();
    }
  } else if (io == Io::kTimeout) {
    problem = "the plugin did not load within " +
              SecondsText(options_.start_timeout_seconds);
  } else {
    problem = "the plugin host " + process_->DescribeExit(kExitGrace) +
              " while loading the plugin";
  }
  process_->Kill();
  const std::string tail = process_->TakeStderr();
  process_.reset();
  throw std::runtime_error(problem +
                           (tail.empty() ? "" : "; its stderr ends:\n" + tail));
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
    io = ReadFrame(payload, MaxReplyBytes(options_.limits, call.output_count),
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

Io PluginBackend::ReadFrame(std::string& payload, uint64_t max_bytes,
                            ChildProcess::Clock::time_point deadline) {
  std::string header;
  const Io io = process_->ReadBytes(header, kFrameHeaderBytes, deadline);
  if (io != Io::kOk) return io;
  const uint64_t length = FrameLength(header);
  if (length > max_bytes) return Io::kTooLong;
  return process_->ReadBytes(payload, length, deadline);
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
                     "the plugin host " + process_->DescribeExit(kExitGrace),
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
