// The named real backends (`ort`, `ort-python`, `openvino`, ...): each a
// pinned package that scripts/setup installs, driven by an in-tree worker.
// A spec may carry options, `openvino?precision=f32&mode=accuracy`, which
// go to the worker and so into its hello and the report.
#ifndef ONNXCTS_HARNESS_BACKENDS_NAMED_BACKENDS_H_
#define ONNXCTS_HARNESS_BACKENDS_NAMED_BACKENDS_H_

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace onnxcts {

struct NamedBackend {
  std::string_view name;  // the spec before any '?'
  std::string_view what;
  // The Python adapter (harness/workers/python/adapters/<adapter>.py), or
  // for a Node.js worker the value of its --runtime flag.
  std::string_view adapter;
  bool python;
  // Listed and probed by `onnxcts backends`, and in the scoreboard's
  // default set.
  bool probed;
};

// NamedBackends()
//
// Every named backend, in the order `onnxcts backends` lists them.
std::span<const NamedBackend> NamedBackends();

struct BackendSpec {
  std::string name;
  std::map<std::string, std::string> options;
};

// ParseBackendSpec()
//
// `name` or `name?key=value&key=value`; throws std::invalid_argument for an
// empty key, a repeated key or a character outside [A-Za-z0-9_.:/-].
BackendSpec ParseBackendSpec(std::string_view spec);

// NamedWorkerCommand()
//
// The worker command line for a named backend's spec, or nullopt when the
// spec names none. The Python interpreter is $ONNXCTS_PYTHON when set, else
// the build tree's virtual environment; the ONNX Runtime worker is
// OrtWorkerCommand().
std::optional<std::string> NamedWorkerCommand(std::string_view spec);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_NAMED_BACKENDS_H_
