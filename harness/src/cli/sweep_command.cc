// onnxcts sweep: every bit pattern of the chosen dtypes through the chosen
// ops, a backend against the reference, with a report whose mismatches are
// counted by value class. (The kernels against the oracle: verify_command.cc.)
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "cli/long_run.h"
#include "generate/names.h"
#include "core/parallel.h"
#include "core/printable.h"
#include "core/progress.h"
#include "core/stop.h"
#include "io/free_space.h"
#include "report/environment.h"
#include "report/report.h"
#include "run/backend_factory.h"
#include "run/backend_sweep.h"

namespace onnxcts {
namespace {

struct SweepArgs {
  std::vector<std::string> ops;
  std::vector<std::string> dtypes;
  std::vector<int> opsets;
  int threads = DefaultThreads();
  std::string backend;
  std::string filter;
  std::string shard;
  int shards = 0;
  std::string report;
  uint64_t chunk = uint64_t{1} << 20;
  bool profile = false;
  double timeout = 600;
  LongRunArgs long_run;
  std::vector<std::string> argv;
};

// One line per case (its slices together), then its mismatches by class.
void PrintCase(const std::string& id, const std::vector<const CaseResult*>& rs,
               uint64_t patterns) {
  Status worst = Status::kPass;
  std::map<std::string, uint64_t> by_class;
  double seconds = 0;
  for (const CaseResult* r : rs) {
    if (r->status != Status::kPass) worst = r->status;
    seconds += r->seconds;
    for (const OutputComparison& c : r->comparisons) {
      for (const auto& [name, m] : c.by_class) by_class[name] += m.count;
    }
  }
  fmt::print("{:<52} {:>12} {:<14} {:>8.2f}\n", id, patterns,
             StatusName(worst), seconds);
  for (const CaseResult* r : rs) {
    if (r->status != Status::kPass && r->comparisons.empty()) {
      fmt::print("  slice {}: {}\n", r->data_set, Printable(r->message));
    }
  }
  for (const auto& [name, count] : by_class) {
    fmt::print("  {:<12} {} element(s) differ\n", name, count);
  }
}

void PrintSweep(const std::vector<SweepSlice>& plan,
                const std::vector<CaseResult>& results, double wall) {
  fmt::print("{:<52} {:>12} {:<14} {:>8}\n", "case", "patterns", "status",
             "seconds");
  uint64_t total = 0;
  double backend_seconds = 0;
  for (size_t i = 0; i < plan.size();) {
    size_t end = i;
    uint64_t patterns = 0;
    std::vector<const CaseResult*> rs;
    for (; end < plan.size() && plan[end].id == plan[i].id; ++end) {
      patterns += plan[end].count;
      rs.push_back(&results[end]);
      backend_seconds += results[end].seconds;
    }
    PrintCase(plan[i].id, rs, patterns);
    total += patterns;
    i = end;
  }
  fmt::print("{} patterns in {:.1f} s wall ({:.3g} patterns/s); the "
             "backend's own time {:.1f} s\n",
             total, wall, total / std::max(wall, 1e-9), backend_seconds);
}

// Where the time went: the harness's stages and, from a worker of protocol
// 2, the backend's, each summed over the threads.
void PrintProfile(const SweepProfile& p) {
  fmt::print("{:<34} {:>10}\n", "stage (summed over threads)", "seconds");
  const std::pair<const char*, double> rows[] = {
      {"harness: make the patterns", p.make},
      {"harness: send requests", p.send},
      {"harness: wait for answers", p.wait},
      {"harness: check the outputs", p.check},
      {"backend: read its inputs", p.backend_read},
      {"backend: run", p.backend_run},
      {"backend: write its outputs", p.backend_write}};
  for (const auto& [stage, seconds] : rows) {
    fmt::print("{:<34} {:>10.3f}\n", stage, seconds);
  }
  fmt::print("{} chunks; {} compared element by element; the backend timed "
             "{}\n",
             p.chunks, p.compared, p.timed_chunks);
}

Report SweepReport(const SweepArgs& args, const Shard& shard) {
  Report report;
  report.started = std::chrono::system_clock::now();
  report.host = HostName();
  report.filter = args.filter;
  report.shard = {shard.index, shard.count};
  report.command_line = args.argv;
  report.environment = CaptureEnvironment();
  return report;
}

// A sweep that would check nothing is refused: a CI job whose filter
// matches no case must not pass.
void CheckNotEmpty(const std::vector<SweepSlice>& plan, const SweepArgs& args) {
  if (!plan.empty() || args.long_run.allow_empty) return;
  throw std::invalid_argument(fmt::format(
      "no sweep case is selected by --ops, --dtypes, --opsets, --filter '{}' "
      "and --shard (--allow-empty to accept that)",
      args.filter));
}

// Room for a backend that reads files: each thread's requests in flight
// (two at most) with their outputs, at the largest chunk of the plan.
void CheckScratchRoom(const std::vector<SweepSlice>& plan,
                      const SweepArgs& args) {
  uint64_t bytes = 0;
  for (const SweepSlice& s : plan) {
    const uint64_t n = std::min(args.chunk, s.count);
    bytes = std::max(bytes, StorageBytes(Info(s.spec.dtype), n) +
                                StorageBytes(Info(s.spec.output_type), n));
  }
  CheckFreeSpace(std::filesystem::temp_directory_path(),
                 2 * static_cast<uint64_t>(args.threads) * bytes,
                 "the sweep's scratch files");
}

// Room for the report and its journal: a few KiB a slice.
void CheckReportRoom(const std::vector<SweepSlice>& plan,
                     const SweepArgs& args) {
  if (args.report.empty()) return;
  CheckFreeSpace(std::filesystem::absolute(args.report).parent_path(),
                 (uint64_t{1} << 20) + 2 * plan.size() * 16384,
                 "the report and its journal");
}

BackendSweepOptions Options(const SweepArgs& args, LongRun& long_run,
                            Progress* progress, SweepProfile* profile) {
  BackendSweepOptions options;
  options.backend_spec = args.backend;
  options.threads = args.threads;
  options.chunk = args.chunk;
  options.timeout_seconds = args.timeout;
  options.progress = progress;
  options.profile = profile;
  options.finished = [&long_run](const SweepSlice& s, const CaseResult& r) {
    long_run.Record(SliceKey(s), {r});
  };
  options.restarts = &long_run.restarts();
  return options;
}

void SweepLeft(const std::vector<SweepSlice>& left, Report& report,
               const SweepArgs& args, const BackendSweepOptions& options) {
  std::shared_ptr<Backend> first = MakeBackend(args.backend);
  report.backend = first->Start();
  if (first->ReadsFiles()) CheckScratchRoom(left, args);
  SweepBackend(left, PerThreadBackends(std::move(first), args.backend),
               options);
}

int SweepThroughBackend(const SweepArgs& args, const CLI::App& cmd) {
  if (args.backend.starts_with("outputs:")) {
    throw std::invalid_argument(
        "--backend outputs: reads a suite's outputs; a sweep has no suite");
  }
  const Shard shard = ChosenShard(args.shard, args.shards);
  const std::vector<SweepSlice> plan = PlanSweep(
      ParseSuiteFilter(args.ops, args.dtypes, args.opsets), args.filter, shard);
  CheckNotEmpty(plan, args);
  CheckReportRoom(plan, args);
  nlohmann::json arguments = JournalArguments(cmd);
  arguments["shard"] = {shard.index, shard.count};
  LongRun long_run(args.long_run, args.report, {"sweep", arguments, ""},
                   args.argv);
  Report report = SweepReport(args, shard);
  SweepProfile profile;
  std::optional<Progress> progress;
  BackendSweepOptions options = Options(args, long_run, nullptr, &profile);
  std::vector<CaseResult> results = long_run.RunLeft(
      plan, SliceKey,
      [&](const std::vector<SweepSlice>& left) {
        uint64_t patterns = 0;
        for (const SweepSlice& s : left) patterns += s.count;
        options.progress = &progress.emplace("sweep", patterns);
        SweepLeft(left, report, args, options);
      },
      [&options](const SweepSlice& s, const std::string& why) {
        CaseResult r = NotRunSlice(s, options);
        r.message = why;
        return std::vector<CaseResult>{r};
      });
  if (auto code = long_run.Interrupted(plan.size())) return *code;
  report.results = std::move(results);
  report.ended = std::chrono::system_clock::now();
  if (!args.report.empty()) WriteReport(args.report, report);
  PrintSweep(plan, report.results,
             std::chrono::duration<double>(report.ended - report.started)
                 .count());
  if (args.profile) PrintProfile(profile);
  return long_run.Finish(report.results, report.policy, false);
}

}  // namespace

void AddSweepCommand(CLI::App& app, int& exit_code, int argc, char** argv) {
  auto args = std::make_shared<SweepArgs>();
  args->argv.assign(argv, argv + argc);
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Check a backend against the reference on every bit pattern");
  cmd->add_option("--ops", args->ops, "ops to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--dtypes", args->dtypes, "dtypes to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--threads", args->threads, "backends at once")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--backend", args->backend, kSweepBackendKinds)->required();
  cmd->add_option("--opsets", args->opsets,
                  "op versions (since_version) to sweep")
      ->delimiter(',');
  cmd->add_option("--filter", args->filter,
                  "regex on the case id (sweep.<op>.v<N>...)");
  AddShardOptions(*cmd, args->shard, args->shards, "the patterns");
  cmd->add_option("--report", args->report,
                  "write the JSON report here");
  cmd->add_option("--chunk", args->chunk,
                  "patterns per backend request")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 26));
  cmd->add_flag("--profile", args->profile,
               "show where the time went, by stage");
  cmd->add_option("--timeout", args->timeout,
                  "seconds per request")
      ->check(CLI::PositiveNumber);
  AddLongRunOptions(*cmd, args->long_run);
  cmd->footer("The kernels against the oracle on every pattern: onnxcts "
              "verify.");
  cmd->callback([args, cmd, &exit_code] {
    exit_code = SweepThroughBackend(*args, *cmd);
  });
}

}  // namespace onnxcts
