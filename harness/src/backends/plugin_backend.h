// The `plugin:PATH.so` backend: a shared library exporting the C ABI of
// onnxcts/backend_plugin.h, version 2 or 1. Only single nodes reach the
// plugin: a graph is run node by node (node_by_node.h).
//
// By default the plugin runs in a child process (onnxcts_plugin_host)
// that is killed and restarted after a crash, a hang past the run's timeout
// or a garbled reply, so that each costs one case. `plugin:PATH.so?inprocess`
// loads it into the harness instead: faster, but a crash ends the run and a
// hang cannot be timed out.
//
// Run() hands a version 2 plugin output buffers sized from the model's
// declared output shapes when they are static, else from the inputs, and
// calls once more with the room asked for when that is too little
// (OutputRoom() in plugin_library.h). OpenPipe() gives the sweep's fast
// path, in process or isolated, for either version (plugin_pipe.h).
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_BACKEND_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_BACKEND_H_

#include <memory>
#include <string>

#include "core/backend.h"
#include "io/limits.h"

namespace onnxcts {

inline constexpr char kInProcessSuffix[] = "?inprocess";

struct PluginOptions {
  // How long a (re)started child may take to load the plugin.
  double start_timeout_seconds = 30;
  Limits limits;  // for the plugin's output tensors
};

// MakePluginBackend()
//
// The backend for `target`, which is "PATH.so" or "PATH.so?inprocess";
// `spec` is what --backend said.
std::unique_ptr<Backend> MakePluginBackend(std::string spec, std::string target,
                                           PluginOptions options = {});

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_BACKEND_H_
