// The named real backends (`ort`, `ort-python`, `openvino`, ...): each a
// pinned package that scripts/setup installs, driven by an in-tree worker.
// Their one list is workers/backends.json (beside the workers, so in
// share/onnxcts of an install), which the scripts and CTest read too. A
// spec may carry options, `openvino?precision=f32&mode=accuracy`, which go
// to the worker and so into its hello and the report; an alias such as
// `openvino-f32` is a row with options of its own.
#ifndef ONNXCTS_HARNESS_BACKENDS_NAMED_BACKENDS_H_
#define ONNXCTS_HARNESS_BACKENDS_NAMED_BACKENDS_H_

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace onnxcts {

struct NamedBackend {
  std::string name;  // the spec before any '?'
  std::string what;
  // The Python adapter (workers/python/adapters/<adapter>.py), or for a
  // Node.js worker the value of its --runtime flag.
  std::string adapter;
  bool python = false;
  // Given to the worker before the spec's own, which win.
  std::map<std::string, std::string> options;
  // Listed and started by `onnxcts backends`.
  bool probed = false;
};

// NamedBackends()
//
// Every named backend, in the order of workers/backends.json (DataDir()),
// read once; throws InputError naming the file and the field of a row that
// is not one.
std::span<const NamedBackend> NamedBackends();

// ReadNamedBackends()
//
// The rows of a backends.json at `path` (NamedBackends() reads DataDir()'s).
std::vector<NamedBackend> ReadNamedBackends(const std::string& path);

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
