// onnxcts fuzz: generated graphs through a backend (fuzz/fuzz_loop.h), a
// report of what departed, and a reproducer case per signature that
// `onnxcts run` replays. The report is rewritten as the fuzz goes (each new
// finding, and every half minute), so a fuzz that is killed leaves one, and
// --resume goes on from it.
#include <fmt/core.h>

#include <filesystem>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "cli/long_run.h"
#include "core/backend.h"
#include "core/stop.h"
#include "fuzz/fuzz_loop.h"
#include "fuzz/fuzz_report.h"
#include "report/atomic_file.h"
#include "run/backend_factory.h"

namespace onnxcts {
namespace {

struct FuzzArgs {
  std::string backend;
  double seconds = 60;
  uint64_t seed = 1;
  int max_nodes = 12;
  int opset = 21;
  uint64_t max_graphs = 0;
  double timeout = 60;
  int threads = 1;
  std::string report;
  std::string work;
  std::string known;
  bool resume = false;  // from the report's next_graph
  std::string worker_memory;
  int max_restarts = 10;
  double shrink_seconds = 60;
};

// Where the cases go: --work, else beside the report (X.json: X.cases).
std::filesystem::path WorkFolder(const FuzzArgs& args) {
  if (!args.work.empty()) return args.work;
  std::filesystem::path p = args.report.empty() ? "fuzz.json" : args.report;
  return p.replace_extension(".cases");
}

FuzzOptions OptionsOf(const FuzzArgs& args) {
  FuzzOptions o;
  o.graph.opset = args.opset;
  o.graph.max_nodes = args.max_nodes;
  o.seed = args.seed;
  o.seconds = args.seconds;
  o.max_graphs = args.max_graphs;
  o.work = WorkFolder(args);
  o.run.backend_spec = args.backend;
  o.run.timeout_seconds = args.timeout;
  o.threads = args.threads;
  o.max_restarts = args.max_restarts;
  o.shrink_seconds = args.shrink_seconds;
  if (!args.known.empty()) o.known = ReadKnownSignatures(args.known);
  return o;
}

void WriteReports(const std::string& path, const nlohmann::json& report) {
  if (path.empty()) return;
  const std::filesystem::path json = path;
  WriteFileAtomically(json, report.dump(2) + "\n");
  WriteFileAtomically(std::filesystem::path(json).replace_extension(".md"),
                      FuzzMarkdown(report));
}

int Run(const FuzzArgs& args) {
  if (args.resume && args.report.empty()) {
    throw std::invalid_argument("--resume needs --report: it goes on from it");
  }
  FuzzOptions o = OptionsOf(args);
  WatchForStop(std::nullopt);
  SetWorkerMemory(args.worker_memory);
  std::shared_ptr<Backend> backend = MakeBackend(args.backend);
  BackendInfo info = backend->Start();
  info.spec = args.backend;
  FuzzSummary earlier;
  if (args.resume && std::filesystem::exists(args.report)) {
    earlier = ReadFuzzSummary(args.report, FuzzJson({}, info, o));
    fmt::print(stderr, "onnxcts: going on from {}: {} graphs and {} findings "
               "before, graph {} next\n", args.report, earlier.graphs,
               earlier.findings.size(), earlier.next_graph);
  }
  o.progress = [&](const FuzzSummary& now) {
    WriteReports(args.report, FuzzJson(now, info, o, false));
  };
  const FuzzSummary s =
      Fuzz(PerThreadBackends(std::move(backend), args.backend), o,
           StopRequested, std::move(earlier));
  const StopCause cause = CurrentStopCause();
  const bool signalled =
      cause == StopCause::kInterrupt || cause == StopCause::kTerminate;
  const nlohmann::json report = FuzzJson(s, info, o, !signalled);
  WriteReports(args.report, report);
  fmt::print("{}", FuzzMarkdown(report));
  if (!s.stopped.empty()) fmt::print(stderr, "onnxcts: stopped: {}\n", s.stopped);
  if (signalled) {
    if (!args.report.empty()) {
      fmt::print(stderr, "onnxcts: stopped by a signal; the report holds "
                 "what ran; add --resume to go on from it\n");
    }
    return SignalExitCode(cause);
  }
  bool found = false;
  for (const FuzzFinding& f : s.findings) found = found || f.known.empty();
  return found ? kExitFailure : kExitOk;
}

}  // namespace

void AddFuzzCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<FuzzArgs>();
  CLI::App* cmd = app.add_subcommand(
      "fuzz", "Run generated graphs of the reference's ops through a backend");
  cmd->add_option("--backend", args->backend, kBackendKinds)->required();
  cmd->add_option("--seconds", args->seconds,
                  "start no graph after this long (default 60)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--seed", args->seed,
                  "the fuzz's seed (default 1): graph i is generated from "
                  "one derived from it and i, which each finding records");
  cmd->add_option("--max-nodes", args->max_nodes,
                  "op nodes per graph, at most (default 12)")
      ->check(CLI::Range(1, 200));
  cmd->add_option("--opset", args->opset,
                  "the graphs' ai.onnx opset (default 21)")
      ->check(CLI::Range(7, 25));
  cmd->add_option("--max-graphs", args->max_graphs,
                  "stop after this many graphs (default: none)");
  cmd->add_option("--timeout", args->timeout, "seconds per graph")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--threads", args->threads,
                  "threads, each with its own backend instance (default 1: "
                  "with more, which graph a seed makes may depend on timing, "
                  "as kinds of node a backend refused are left out)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--shrink-seconds", args->shrink_seconds,
                  "seconds that cutting one departure down may take, and "
                  "as many for making a finding plainer (default 60)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--report", args->report,
                  "write the JSON report here, and Markdown beside it (.md); "
                  "rewritten as the fuzz goes");
  cmd->add_option("--work", args->work,
                  "the folder for cases; reproducers go to WORK/findings "
                  "(default: the report's path with .cases)");
  cmd->add_option("--known", args->known,
                  "known signatures, one per line: SIGNATURE | REASON "
                  "(the signature a shell glob)");
  cmd->add_flag("--resume", args->resume,
                "go on from the report of an earlier fuzz with the same "
                "backend, --seed, --opset and --max-nodes: its counts and "
                "findings kept, from the seed it had not taken");
  AddWorkerMemoryOption(*cmd, args->worker_memory);
  cmd->add_option("--max-restarts", args->max_restarts,
                  "graphs in a row that crash, hang or garble the answer, "
                  "after which the fuzz stops (default 10; 0: never)")
      ->check(CLI::NonNegativeNumber);
  cmd->callback([args, &exit_code] { exit_code = Run(*args); });
}

}  // namespace onnxcts
