// The child side of an isolated plugin: the process that loads it, says
// hello, and then answers one call per frame until the harness hangs up;
// and the harness's side of starting one.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/child_process.h"
#include "backends/plugin_wire.h"
#include "io/limits.h"

namespace onnxcts {

// ServePlugin()
//
// Loads the plugin at `path` and serves calls read from
// ChildProcess::kRequestFd, answering on ChildProcess::kAnswerFd: the body
// of the onnxcts_plugin_host program. Calls of slots run on [memory, memory
// + memory_bytes), the shared memory it mapped (none when memory_bytes is
// 0). Returns the exit code: 0 when the harness closed the pipe, 1 on
// failure.
int ServePlugin(const std::string& path, const Limits& limits,
                uint8_t* memory = nullptr, size_t memory_bytes = 0);

// PluginHostPath()
//
// The onnxcts_plugin_host program: $ONNXCTS_PLUGIN_HOST when set, else the
// one beside this executable, else the one this build made.
std::string PluginHostPath();

// PluginHostArguments()
//
// The command line of onnxcts_plugin_host serving the plugin at `path` under
// `limits`, on `memory_bytes` of shared memory found at
// ChildProcess::kHostMemoryFd.
std::vector<std::string> PluginHostArguments(const std::string& path,
                                             const Limits& limits,
                                             size_t memory_bytes);

// LaunchPluginHost()
//
// Runs onnxcts_plugin_host on the plugin at `path` (and on the first
// `memory_bytes` of the memfd `memory_fd`, which it maps as the harness
// does) and reads its hello into `hello`. Throws std::runtime_error, with
// the child's stderr, when it does not load within `start_timeout_seconds`.
std::unique_ptr<ChildProcess> LaunchPluginHost(
    const std::string& path, const Limits& limits, int memory_fd,
    size_t memory_bytes, double start_timeout_seconds, PluginHello& hello);

// ReadPluginFrame()
//
// Reads one frame's payload from `child`, or says why none came (kOk when
// one did; kTooLong when its header announces more than `max_bytes`).
ChildProcess::Io ReadPluginFrame(ChildProcess& child, std::string& payload,
                                 uint64_t max_bytes,
                                 ChildProcess::Clock::time_point deadline);

// How long a child that ended is given to say how, for messages.
inline constexpr std::chrono::milliseconds kPluginExitGrace{1000};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_
