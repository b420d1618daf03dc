#include "run/backend_factory.h"

#include <stdexcept>

#include "backends/named_backends.h"
#include "backends/outputs_backend.h"
#include "backends/plugin_backend.h"
#include "backends/worker_backend.h"
#include "run/reference_backend.h"

namespace onnxcts {
namespace {

// The text after `prefix` when `spec` starts with it.
std::optional<std::string> After(const std::string& spec,
                                 std::string_view prefix) {
  if (!spec.starts_with(prefix)) return std::nullopt;
  return spec.substr(prefix.size());
}

}  // namespace

std::unique_ptr<Backend> MakeBackend(const std::string& spec) {
  if (spec == "reference") return MakeReferenceBackend();
  if (auto cmd = NamedWorkerCommand(spec)) return MakeWorkerBackend(spec, *cmd);
  if (auto cmd = After(spec, "command:")) return MakeWorkerBackend(spec, *cmd);
  if (auto dir = After(spec, "outputs:")) return MakeOutputsBackend(spec, *dir);
  if (auto so = After(spec, "plugin:")) return MakePluginBackend(spec, *so);
  throw std::invalid_argument(
      "unknown backend '" + spec +
      "' (reference, a named backend of `onnxcts backends`, "
      "onnx-backend?class=MODULE:CLASS, command:CMD, outputs:DIR, "
      "plugin:PATH.so)");
}

}  // namespace onnxcts
