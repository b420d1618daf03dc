// onnxcts backends: which backends there are, and whether each can start
// here. Each is started for real to find out, a few at a time: a worker
// that imports a compiler can take seconds alone and far longer on a busy
// machine, and ten such imports at once would only slow each other past
// any limit. A worker that exits before answering hello has failed (its
// stderr says why); one still silent at the limit is told apart, since on
// a loaded machine that is most often a slow start.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "backends/child_process.h"
#include "backends/named_backends.h"
#include "backends/shared_memory.h"
#include "backends/worker_protocol.h"
#include "cli/commands.h"
#include "core/backend.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "run/backend_factory.h"

namespace onnxcts {
namespace {

using nlohmann::ordered_json;

struct BackendsArgs {
  std::vector<std::string> specs;  // none: every kind
  bool json = false;
  // Generous: the real workers' imports take 20 s and more under load.
  double hello_timeout = 120;
  int jobs = std::min(DefaultThreads(), 4);
};

struct BackendKind {
  std::string spec;
  std::string what;
  bool probed;  // a fixed spec that can be tried as it is
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

struct Probe {
  enum class State { kReady, kFailed, kNoAnswer } state = State::kFailed;
  BackendInfo info;       // when ready
  int protocol = 0;       // the worker's choice; 0 for no worker
  double seconds = 0;     // until the answer, the failure or the limit
  std::string message;    // why not ready
  std::string exit;       // how a worker that failed ended, if it did
  std::string stderr_tail;
};

std::string_view StateName(Probe::State s) {
  switch (s) {
    case Probe::State::kReady: return "ready";
    case Probe::State::kFailed: return "failed";
    case Probe::State::kNoAnswer: return "no_answer";
  }
  return "";
}

// The last line of a worker's stderr that is not blank.
std::string LastLine(const std::string& text) {
  const size_t end = text.find_last_not_of(" \t\r\n");
  if (end == std::string::npos) return "";
  const size_t start = text.find_last_of('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end - (start == std::string::npos ? 0 : start + 1) + 1);
}

// Starts `cmdline` as a run would (with the shared memory of protocol 2)
// and waits for its hello answer.
Probe ProbeWorker(const std::string& spec, const std::string& cmdline,
                  double hello_timeout) {
  Probe p;
  const auto start = ChildProcess::Clock::now();
  auto elapsed = [&start] {
    return std::chrono::duration<double>(ChildProcess::Clock::now() - start)
        .count();
  };
  SharedMemory memory;
  std::unique_ptr<ChildProcess> child =
      ChildProcess::Spawn(cmdline, memory.fd());
  const auto deadline = DeadlineAfter(hello_timeout);
  std::string line;
  using Io = ChildProcess::Io;
  Io io = child->Write(HelloLine(), deadline);
  if (io == Io::kOk) io = child->ReadLine(line, size_t{1} << 20, deadline);
  p.seconds = elapsed();
  if (io == Io::kOk) {
    ParsedHello parsed = ParseWorkerHello(line);
    if (parsed.hello) {
      p.state = Probe::State::kReady;
      p.info = {spec, parsed.hello->name, parsed.hello->version,
                parsed.hello->options};
      p.protocol = parsed.hello->protocol;
      child->Write("{\"method\":\"shutdown\"}\n", DeadlineAfter(0.1));
      return p;
    }
    p.message = parsed.protocol_error;
  } else if (io == Io::kTimeout) {
    p.state = Probe::State::kNoAnswer;
    p.message = fmt::format("no answer to hello within {} (slow start?)",
                            SecondsText(hello_timeout));
  } else if (io == Io::kTooLong) {
    p.message = "its hello answer is longer than 1 MiB";
  } else {
    p.exit = child->DescribeExit(std::chrono::milliseconds(1000));
    p.message = p.exit + " before answering hello";
  }
  child->Kill();
  p.stderr_tail = child->TakeStderr();
  if (p.state == Probe::State::kFailed && !p.exit.empty()) {
    const std::string last = LastLine(p.stderr_tail);
    if (!last.empty()) p.message = last;
  }
  return p;
}

// Any spec that --backend takes: a worker's is started here, the others
// through the backend itself.
Probe ProbeSpec(const std::string& spec, double hello_timeout) {
  try {
    std::optional<std::string> cmdline = NamedWorkerCommand(spec);
    if (!cmdline && spec.starts_with("command:")) cmdline = spec.substr(8);
    if (cmdline) return ProbeWorker(spec, *cmdline, hello_timeout);
    Probe p;
    const auto start = std::chrono::steady_clock::now();
    p.info = MakeBackend(spec)->Start();
    p.seconds = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    p.state = Probe::State::kReady;
    return p;
  } catch (const std::exception& e) {
    Probe p;
    p.message = e.what();
    return p;
  }
}

std::string ProbeText(const Probe& p) {
  switch (p.state) {
    case Probe::State::kReady:
      return fmt::format("ready      {} {} ({:.1f} s)", p.info.name,
                         p.info.version, p.seconds);
    case Probe::State::kFailed:
      return "failed: " + p.message;
    case Probe::State::kNoAnswer:
      return p.message;
  }
  return "";
}

ordered_json ProbeJson(const Probe& p) {
  ordered_json j = {{"state", StateName(p.state)},
                    {"seconds", p.seconds}};
  if (p.state == Probe::State::kReady) {
    j["name"] = p.info.name;
    j["version"] = p.info.version;
    j["options"] = p.info.options;
    if (p.protocol != 0) j["protocol"] = p.protocol;
    return j;
  }
  j["message"] = p.message;
  if (!p.exit.empty()) j["exit"] = p.exit;
  j["stderr_tail"] = p.stderr_tail;
  return j;
}

// Probes every kind that can be started, `jobs` at a time; the others'
// entries stay empty.
std::vector<Probe> ProbeAll(const std::vector<BackendKind>& kinds,
                            const BackendsArgs& args) {
  std::vector<size_t> probed;
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i].probed) probed.push_back(i);
  }
  std::vector<Probe> probes(kinds.size());
  Progress progress(fmt::format("onnxcts backends: starting {} backend(s), "
                                "{} at a time",
                                probed.size(), args.jobs),
                    probed.size());
  progress.Advance(0);  // shown at once, not after the first start
  ParallelFor(probed.size(), args.jobs, [&](size_t k) {
    const size_t i = probed[k];
    probes[i] = ProbeSpec(kinds[i].spec, args.hello_timeout);
    progress.Advance(1);
  });
  return probes;
}

void PrintText(const std::vector<BackendKind>& kinds,
               const std::vector<Probe>& probes) {
  for (size_t i = 0; i < kinds.size(); ++i) {
    const BackendKind& k = kinds[i];
    if (k.what.empty()) {
      fmt::print("{}\n", k.spec);
    } else {
      fmt::print("{:<16} {}\n", k.spec, k.what);
    }
    if (k.probed) fmt::print("{:<16} {}\n", "", ProbeText(probes[i]));
  }
}

void PrintJson(const std::vector<BackendKind>& kinds,
               const std::vector<Probe>& probes, double hello_timeout) {
  ordered_json list = ordered_json::array();
  for (size_t i = 0; i < kinds.size(); ++i) {
    const BackendKind& k = kinds[i];
    ordered_json j = {
        {"spec", k.spec}, {"what", k.what}, {"probed", k.probed}};
    if (k.probed) j["probe"] = ProbeJson(probes[i]);
    list.push_back(std::move(j));
  }
  const ordered_json doc = {{"hello_timeout_seconds", hello_timeout},
                            {"backends", std::move(list)}};
  fmt::print("{}\n", doc.dump(2));
}

int ListBackends(const BackendsArgs& args) {
  std::vector<BackendKind> kinds;
  if (args.specs.empty()) kinds = Kinds();
  for (const std::string& spec : args.specs) kinds.push_back({spec, "", true});
  const std::vector<Probe> probes = ProbeAll(kinds, args);
  if (args.json) {
    PrintJson(kinds, probes, args.hello_timeout);
  } else {
    PrintText(kinds, probes);
  }
  // The whole list informs; backends named on the command line (then the
  // only kinds, each probed) must start.
  const bool all_ready =
      std::ranges::all_of(probes, [&](const Probe& p) {
        return p.state == Probe::State::kReady;
      });
  return args.specs.empty() || all_ready ? kExitOk : kExitCannotRun;
}

}  // namespace

void AddBackendsCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<BackendsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "backends", "List backends and whether each starts here");
  cmd->add_option("specs", args->specs,
                  "backend specs to start instead of the list (exit 2 unless "
                  "each starts), e.g. 'command:python3 my_worker.py'");
  cmd->add_flag("--json", args->json, "print JSON");
  cmd->add_option("--hello-timeout", args->hello_timeout,
                  "seconds a worker may take to answer hello (default 120)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--jobs", args->jobs,
                  "backends started at a time (default: cores, at most 4)")
      ->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = ListBackends(*args); });
}

}  // namespace onnxcts
