// onnxcts backends: which backends there are, and whether each can start
// here (the built-in and named ones are started for real to find out, side
// by side, since a compiler's worker can take seconds to import).
#include <fmt/core.h>

#include <future>
#include <string>
#include <vector>

#include "backends/named_backends.h"
#include "commands.h"
#include "core/backend.h"

namespace onnxcts {
namespace {

struct BackendKind {
  std::string spec;
  std::string what;
  bool startable;  // a fixed spec that can be tried as it is
};

std::vector<BackendKind> Kinds() {
  std::vector<BackendKind> kinds = {
      {"reference", "onnxcts's own kernels, in process", true}};
  for (const NamedBackend& b : NamedBackends()) {
    kinds.push_back({std::string(b.name), std::string(b.what), b.probed});
  }
  kinds.push_back({"command:CMDLINE",
                   "any worker speaking docs/worker-protocol.md", false});
  kinds.push_back({"outputs:DIR",
                   "outputs a backend wrote offline, mirroring the suite",
                   false});
  kinds.push_back({"plugin:PATH.so",
                   "a shared library with harness/include/onnxcts/"
                   "backend_plugin.h's C ABI (child process; add ?inprocess "
                   "to run it in process)",
                   false});
  return kinds;
}

// "ready <name> <version>" or why it cannot start.
std::string Probe(const std::string& spec) {
  try {
    const BackendInfo info = MakeBackend(spec)->Start();
    return fmt::format("ready      {} {}", info.name, info.version);
  } catch (const std::exception& e) {
    return fmt::format("unavailable: {}", e.what());
  }
}

int ListBackends() {
  const std::vector<BackendKind> kinds = Kinds();
  std::vector<std::future<std::string>> probes;
  for (const BackendKind& k : kinds) {
    probes.push_back(k.startable
                         ? std::async(std::launch::async, Probe, k.spec)
                         : std::async(std::launch::deferred,
                                      [] { return std::string(); }));
  }
  for (size_t i = 0; i < kinds.size(); ++i) {
    fmt::print("{:<16} {}\n", kinds[i].spec, kinds[i].what);
    if (kinds[i].startable) fmt::print("{:<16} {}\n", "", probes[i].get());
  }
  return kExitOk;
}

}  // namespace

void AddBackendsCommand(CLI::App& app, int& exit_code) {
  CLI::App* cmd =
      app.add_subcommand("backends", "List backends and whether each starts");
  cmd->callback([&exit_code] { exit_code = ListBackends(); });
}

}  // namespace onnxcts
