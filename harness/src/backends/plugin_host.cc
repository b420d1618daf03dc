#include "backends/plugin_host.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends/plugin_library.h"
#include "core/data_dir.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;

// The child blocks on its pipes: the harness holds the deadlines.
bool ReadFull(int fd, char* data, size_t n) {
  while (n > 0) {
    const ssize_t got = read(fd, data, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    data += got;
    n -= static_cast<size_t>(got);
  }
  return true;
}

bool WriteFull(int fd, const std::string& bytes) {
  const char* data = bytes.data();
  size_t n = bytes.size();
  while (n > 0) {
    const ssize_t put = write(fd, data, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    data += put;
    n -= static_cast<size_t>(put);
  }
  return true;
}

// Into `payload`, whose capacity is reused from frame to frame.
bool ReadFrame(int fd, std::string& payload) {
  char header[kFrameHeaderBytes];
  if (!ReadFull(fd, header, sizeof header)) return false;
  payload.resize(FrameLength({header, sizeof header}));
  return ReadFull(fd, payload.data(), payload.size());
}

PluginReply Answer(const PluginLibrary& library, std::string_view payload,
                   const Limits& limits) {
  try {
    return CallPlugin(library, DecodeCall(payload), limits);
  } catch (const std::exception& e) {
    return {
        RunOutcome::Kind::kError, std::string("plugin host: ") + e.what(), {}};
  }
}

// What the host reuses from one call of slots to the next.
struct SlotServer {
  SlotServer(const PluginLibrary& library, const Limits& limits)
      : runner(library, limits) {}
  SlotRunner runner;
  SlotCall call;
  SlotAnswer answer;
};

void AnswerSlots(SlotServer& s, std::string_view payload, uint8_t* memory,
                 size_t memory_bytes) {
  try {
    DecodeSlotCall(payload, s.call);
  } catch (const std::exception& e) {
    s.answer.kind = RunOutcome::Kind::kError;
    s.answer.message = std::string("plugin host: ") + e.what();
    s.answer.outputs.clear();
    s.answer.times = {};
    return;
  }
  s.runner.Run(s.call, memory, memory_bytes, s.answer);
}

}  // namespace

int ServePlugin(const std::string& path, const Limits& limits, uint8_t* memory,
                size_t memory_bytes) {
  std::unique_ptr<PluginLibrary> library;
  PluginHello hello;
  try {
    library = std::make_unique<PluginLibrary>(path);
    hello.name = library->name();
    hello.version = library->version();
  } catch (const std::exception& e) {
    hello.error = e.what();
  }
  if (!WriteFull(ChildProcess::kAnswerFd, Frame(EncodeHello(hello))) ||
      library == nullptr) {
    return 1;
  }
  SlotServer slots(*library, limits);
  std::string call, answer;
  while (ReadFrame(ChildProcess::kRequestFd, call)) {
    CallKind kind = CallKind::kTensors;
    try {
      kind = CallKindOf(call);
    } catch (const std::exception&) {
      return 1;  // not the harness talking
    }
    if (kind == CallKind::kSlots) {
      AnswerSlots(slots, call, memory, memory_bytes);
      FrameSlotAnswer(slots.answer, answer);
    } else {
      answer = Frame(EncodeReply(Answer(*library, call, limits)));
    }
    if (!WriteFull(ChildProcess::kAnswerFd, answer)) return 1;
  }
  return 0;
}

std::string PluginHostPath() {
  if (const char* set = std::getenv("ONNXCTS_PLUGIN_HOST")) return set;
  return HelperProgram("onnxcts_plugin_host").string();
}

std::vector<std::string> PluginHostArguments(const std::string& path,
                                             const Limits& limits,
                                             size_t memory_bytes) {
  return {PluginHostPath(),
          path,
          std::to_string(memory_bytes),
          std::to_string(limits.max_rank),
          std::to_string(limits.max_elements),
          std::to_string(limits.max_bytes),
          std::to_string(limits.max_file_bytes),
          std::to_string(limits.max_count)};
}

std::unique_ptr<ChildProcess> LaunchPluginHost(
    const std::string& path, const Limits& limits, int memory_fd,
    size_t memory_bytes, double start_timeout_seconds, PluginHello& hello) {
  std::unique_ptr<ChildProcess> child;
  try {
    child = ChildProcess::Exec(PluginHostArguments(path, limits, memory_bytes),
                               memory_bytes == 0 ? -1 : memory_fd);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(std::string(e.what()) +
                             " (the plugin host; ONNXCTS_PLUGIN_HOST names "
                             "another)");
  }
  std::string payload, problem;
  const ChildProcess::Io io = ReadPluginFrame(
      *child, payload, 1 << 20, DeadlineAfter(start_timeout_seconds));
  if (io == ChildProcess::Io::kOk) {
    try {
      hello = DecodeHello(payload);
      if (hello.error.empty()) return child;
      problem = hello.error;
    } catch (const std::runtime_error& e) {
      problem = std::string("garbled hello: ") + e.what();
    }
  } else if (io == ChildProcess::Io::kTimeout) {
    problem = "the plugin did not load within " +
              SecondsText(start_timeout_seconds);
  } else {
    problem = "the plugin host " + child->DescribeExit(kPluginExitGrace) +
              " while loading the plugin";
  }
  child->Kill();
  const std::string tail = child->TakeStderr();
  throw std::runtime_error(problem +
                           (tail.empty() ? "" : "; its stderr ends:\n" + tail));
}

ChildProcess::Io ReadPluginFrame(ChildProcess& child, std::string& payload,
                                 uint64_t max_bytes,
                                 ChildProcess::Clock::time_point deadline) {
  std::string header;
  const ChildProcess::Io io =
      child.ReadBytes(header, kFrameHeaderBytes, deadline);
  if (io != ChildProcess::Io::kOk) return io;
  const uint64_t length = FrameLength(header);
  if (length > max_bytes) return ChildProcess::Io::kTooLong;
  return child.ReadBytes(payload, length, deadline);
}

}  // namespace onnxcts
