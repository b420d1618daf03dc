// The child side of an isolated plugin: the process that loads it, says
// hello, and then answers one call per frame until the harness hangs up.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_

#include <string>

#include "io/limits.h"

namespace onnxcts {

// ServePlugin()
//
// Loads the plugin at `path` and serves calls read from
// ChildProcess::kRequestFd, answering on ChildProcess::kAnswerFd. Returns
// the exit code: 0 when the harness closed the pipe, 1 on failure.
int ServePlugin(const std::string& path, const Limits& limits);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_HOST_H_
