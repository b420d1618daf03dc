// onnxcts backends: which backends there are, and whether each can start
// here (the built-in ones are started for real to find out).
#include <fmt/core.h>

#include "backends/worker_backend.h"
#include "commands.h"
#include "core/backend.h"

namespace onnxcts {
namespace {

struct BackendKind {
  const char* spec;
  const char* what;
  bool startable;  // a fixed spec that can be tried as it is
};

constexpr BackendKind kKinds[] = {
    {"reference", "onnxcts's own kernels, in process", true},
    {"ort", "ONNX Runtime through onnxruntime-node (harness/workers/ort)",
     true},
    {"command:CMDLINE", "any worker speaking docs/worker-protocol.md", false},
    {"outputs:DIR", "outputs a backend wrote offline, mirroring the suite",
     false},
    {"plugin:PATH.so", "a shared library with harness/include/onnxcts/"
                       "backend_plugin.h's C ABI (child process; add "
                       "?inprocess to run it in process)",
     false},
};

// "ready <name> <version>" or why it cannot start.
std::string Probe(const char* spec) {
  try {
    const BackendInfo info = MakeBackend(spec)->Start();
    return fmt::format("ready      {} {}", info.name, info.version);
  } catch (const std::exception& e) {
    return fmt::format("unavailable: {}", e.what());
  }
}

int ListBackends() {
  for (const BackendKind& k : kKinds) {
    fmt::print("{:<16} {}\n", k.spec, k.what);
    if (k.startable) fmt::print("{:<16} {}\n", "", Probe(k.spec));
  }
  fmt::print("ort worker: {}\n", OrtWorkerCommand());
  return kExitOk;
}

}  // namespace

void AddBackendsCommand(CLI::App& app, int& exit_code) {
  CLI::App* cmd =
      app.add_subcommand("backends", "List backends and whether each starts");
  cmd->callback([&exit_code] { exit_code = ListBackends(); });
}

}  // namespace onnxcts
