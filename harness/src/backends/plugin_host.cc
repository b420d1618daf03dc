#include "backends/plugin_host.h"

#include <unistd.h>

#include <cerrno>
#include <exception>
#include <memory>
#include <optional>

#include "backends/child_process.h"
#include "backends/plugin_library.h"
#include "backends/plugin_wire.h"

namespace onnxcts {
namespace {

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

std::optional<std::string> ReadFrame(int fd) {
  std::string header(kFrameHeaderBytes, '\0');
  if (!ReadFull(fd, header.data(), header.size())) return std::nullopt;
  std::string payload(FrameLength(header), '\0');
  if (!ReadFull(fd, payload.data(), payload.size())) return std::nullopt;
  return payload;
}

PluginReply Answer(const PluginLibrary& library, std::string_view payload,
                   const Limits& limits) {
  try {
    return CallPlugin(library.table(), DecodeCall(payload), limits);
  } catch (const std::exception& e) {
    return {
        RunOutcome::Kind::kError, std::string("plugin host: ") + e.what(), {}};
  }
}

}  // namespace

int ServePlugin(const std::string& path, const Limits& limits) {
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
  while (std::optional<std::string> call =
             ReadFrame(ChildProcess::kRequestFd)) {
    const PluginReply reply = Answer(*library, *call, limits);
    if (!WriteFull(ChildProcess::kAnswerFd, Frame(EncodeReply(reply)))) {
      return 1;
    }
  }
  return 0;
}

}  // namespace onnxcts
