// onnxcts sweep: every bit pattern of the chosen dtypes through the chosen
// ops. Without --backend, the kernels against the oracle, with a table of
// what was checked; with one, that backend against the reference, with a
// report whose mismatches are counted by value class.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

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
#include "run/kernel_sweep.h"

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

void PrintRow(const SweepResult& r) {
  const Tally& t = r.tally;
  fmt::print("{:<16} {:>12} {:<10} {:>12} {:>5} {:>5} {:>10} {:>8.2f}\n",
             r.dtype->name, t.patterns, r.exhaustive ? "all" : "stratified",
             t.nans, t.infinities, t.zeros, t.mismatches, r.seconds);
}

void PrintMismatches(const SweepResult& r) {
  for (const Mismatch& m : r.tally.first) {
    fmt::print("  mismatch: {} on {} 0x{:x}: oracle 0x{:x}, kernel 0x{:x}\n",
               m.variant->name, r.dtype->name, m.input, m.expected,
               m.actual);
  }
}

int SweepKernels(const SweepArgs& args) {
  SweepOptions options;
  options.variants = ParseOps(args.ops);
  options.threads = args.threads;
  for (const Variant* v : options.variants) {
    if (v->arity() == 1 || args.ops.empty()) continue;
    fmt::print(stderr,
               "sweep: {} takes two inputs; without --backend, `onnxcts "
               "sweep` covers ops of one input, and the reference's tests "
               "verify {}'s pairs (reference_pairs_test; every 16-bit pair "
               "in the nightly reference_pairs16_test); with --backend, "
               "its pairs go through the backend\n",
               v->op, v->op);
    return kExitCannotRun;
  }
  const std::vector<const DTypeInfo*> dtypes = ParseDTypes(args.dtypes);
  fmt::print("{:<16} {:>12} {:<10} {:>12} {:>5} {:>5} {:>10} {:>8}\n", "dtype",
             "patterns", "coverage", "nan", "inf", "zero", "mismatches",
             "seconds");
  bool agree = true;
  for (const DTypeInfo* t : dtypes) {
    bool applies = false;
    for (const Variant* v : options.variants) {
      applies |= v->arity() == 1 && v->Defines(*t);
    }
    if (!applies) continue;
    Progress progress(std::string(t->name), SweepSize(*t));
    options.progress = &progress;
    const SweepResult result = SweepDType(*t, options);
    PrintRow(result);
    PrintMismatches(result);
    agree &= result.tally.mismatches == 0;
  }
  return agree ? kExitOk : kExitFailure;
}

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

// The slice's result from the journal, if an earlier run finished it.
const CaseResult* Finished(const SweepSlice& slice, const LongRun& long_run) {
  const auto it = long_run.done().find(SliceKey(slice));
  if (it == long_run.done().end() || it->second.size() != 1) return nullptr;
  return &it->second[0];
}

std::vector<SweepSlice> Left(const std::vector<SweepSlice>& plan,
                             const LongRun& long_run) {
  std::vector<SweepSlice> left;
  for (const SweepSlice& s : plan) {
    if (!Finished(s, long_run)) left.push_back(s);
  }
  return left;
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

std::vector<CaseResult> SweepLeft(const std::vector<SweepSlice>& left,
                                  Report& report, const SweepArgs& args,
                                  const BackendSweepOptions& options) {
  std::shared_ptr<Backend> first = MakeBackend(args.backend);
  report.backend = first->Start();
  if (first->ReadsFiles()) CheckScratchRoom(left, args);
  return SweepBackend(left, PerThreadBackends(std::move(first), args.backend),
                      options);
}

// Every slice's result in plan order: the journal's, else this run's, else
// (a stop while the backend started) not run.
std::vector<CaseResult> Merged(const std::vector<SweepSlice>& plan,
                               const LongRun& long_run,
                               std::vector<CaseResult> ran,
                               const BackendSweepOptions& options) {
  std::vector<CaseResult> results;
  size_t next = 0;
  for (const SweepSlice& s : plan) {
    if (const CaseResult* r = Finished(s, long_run)) {
      results.push_back(*r);
    } else if (next < ran.size()) {
      results.push_back(std::move(ran[next++]));
    } else {
      results.push_back(NotRunSlice(s, options));
    }
  }
  return results;
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
  const std::vector<SweepSlice> left = Left(plan, long_run);
  Report report = SweepReport(args, shard);
  uint64_t patterns = 0;
  for (const SweepSlice& s : left) patterns += s.count;
  Progress progress("sweep", patterns);
  SweepProfile profile;
  const BackendSweepOptions options =
      Options(args, long_run, &progress, &profile);
  std::vector<CaseResult> ran;
  try {
    ran = SweepLeft(left, report, args, options);
  } catch (...) {
    if (!StopRequested()) throw;
  }
  if (auto code = long_run.Interrupted(plan.size())) return *code;
  report.results = Merged(plan, long_run, std::move(ran), options);
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
      "sweep",
      "Check every bit pattern: the kernels against the oracle, or with "
      "--backend a backend against the reference");
  cmd->add_option("--ops", args->ops, "ops to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--dtypes", args->dtypes, "dtypes to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--threads", args->threads,
                  "worker threads (with --backend: backends at once)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--backend", args->backend, kSweepBackendKinds);
  cmd->add_option("--opsets", args->opsets,
                  "with --backend: op versions (since_version) to sweep")
      ->delimiter(',');
  cmd->add_option("--filter", args->filter,
                  "with --backend: regex on the case id (sweep.<op>.v<N>...)");
  cmd->add_option("--shard", args->shard,
                  "with --backend: I/N, sweep shard I of N (an equal "
                  "share of the patterns)");
  cmd->add_option("--shards", args->shards,
                  "with --backend: N, the shard count, the index from "
                  "JOB_COMPLETION_INDEX or GTEST_SHARD_INDEX")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--report", args->report,
                  "with --backend: write the JSON report here");
  cmd->add_option("--chunk", args->chunk,
                  "with --backend: patterns per backend request")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 26));
  cmd->add_flag("--profile", args->profile,
               "with --backend: show where the time went, by stage");
  cmd->add_option("--timeout", args->timeout,
                  "with --backend: seconds per request")
      ->check(CLI::PositiveNumber);
  AddLongRunOptions(*cmd, args->long_run);
  cmd->callback([args, cmd, &exit_code] {
    exit_code = args->backend.empty() ? SweepKernels(*args)
                                      : SweepThroughBackend(*args, *cmd);
  });
}

}  // namespace onnxcts
