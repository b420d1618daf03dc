// onnxcts fuzz: generated graphs through a backend (fuzz/fuzz_loop.h), a
// report of what departed, and a reproducer case per signature that
// `onnxcts run` replays.
#include <fmt/core.h>

#include <filesystem>
#include <memory>
#include <string>

#include "commands.h"
#include "core/backend.h"
#include "core/stop.h"
#include "fuzz/fuzz_loop.h"
#include "fuzz/fuzz_report.h"
#include "help_text.h"
#include "report/atomic_file.h"

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
  std::string report;
  std::string work;
  std::string known;
};

// Where the cases go: --work, else beside the report (X.json: X.cases).
std::filesystem::path WorkFolder(const FuzzArgs& args) {
  if (!args.work.empty()) return args.work;
  std::filesystem::path p = args.report.empty() ? "fuzz.json" : args.report;
  return p.replace_extension(".cases");
}

int Run(const FuzzArgs& args) {
  FuzzOptions o;
  o.graph.opset = args.opset;
  o.graph.max_nodes = args.max_nodes;
  o.seed = args.seed;
  o.seconds = args.seconds;
  o.max_graphs = args.max_graphs;
  o.work = WorkFolder(args);
  o.run.backend_spec = args.backend;
  o.run.timeout_seconds = args.timeout;
  if (!args.known.empty()) o.known = ReadKnownSignatures(args.known);
  WatchForStop(std::nullopt);
  const std::unique_ptr<Backend> backend = MakeBackend(args.backend);
  BackendInfo info = backend->Start();
  info.spec = args.backend;
  const FuzzSummary s = Fuzz(*backend, o, StopRequested);
  const nlohmann::json report = FuzzJson(s, info, o);
  if (!args.report.empty()) {
    const std::filesystem::path json = args.report;
    WriteFileAtomically(json, report.dump(2) + "\n");
    WriteFileAtomically(std::filesystem::path(json).replace_extension(".md"),
                        FuzzMarkdown(report));
  }
  fmt::print("{}", FuzzMarkdown(report));
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
                  "graph i is the graph of seed S + i (default 1)");
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
  cmd->add_option("--report", args->report,
                  "write the JSON report here, and Markdown beside it (.md)");
  cmd->add_option("--work", args->work,
                  "the folder for cases; reproducers go to WORK/findings "
                  "(default: the report's path with .cases)");
  cmd->add_option("--known", args->known,
                  "known signatures, one per line: SIGNATURE | REASON "
                  "(the signature a shell glob)");
  cmd->callback([args, &exit_code] { exit_code = Run(*args); });
}

}  // namespace onnxcts
