// onnxcts run: check a backend against test suites and write the report.
#include <fmt/core.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "cli/long_run.h"
#include "core/data_dir.h"
#include "core/input_error.h"
#include "core/parallel.h"
#include "core/printable.h"
#include "core/progress.h"
#include "core/stop.h"
#include "io/suite.h"
#include "report/environment.h"
#include "report/findings.h"
#include "report/report.h"
#include "report/summary.h"
#include "run/backend_factory.h"
#include "run/known_failures.h"
#include "run/runner.h"
#include "run/strict_ops.h"
#include "run/suite_fingerprint.h"

namespace onnxcts {
namespace {

struct RunArgs {
  std::vector<std::string> suites;
  std::string backend;
  std::string report;
  std::string filter;
  std::string policy = "spec";
  std::string strict_ops;
  std::string shard;
  int shards = 0;
  double timeout = 60;
  std::string known_failures;
  std::string tolerances;  // empty: the source tree's, when there is one
  bool require_support = false;
  int threads = DefaultThreads();
  LongRunArgs long_run;
  std::vector<std::string> argv;
};

// A case's buffers are fresh memory, and touching fresh memory costs a page
// fault per 4 KiB: on a virtual machine (5 ms per MiB on the one this was
// measured on) that is dearer than all else the harness does for a case.
// So every thread allocates from one heap that keeps what a case frees for
// the next, and whose first 256 MiB is reserved up front with transparent
// huge pages advised on it. glibc's knobs; another allocator ignores them.
void PrepareHeap() {
  constexpr int kMiB = 1 << 20;
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_THRESHOLD, 32 * kMiB);
  mallopt(M_TRIM_THRESHOLD, 1024 * kMiB);
  mallopt(M_TOP_PAD, 256 * kMiB);
  const auto before = reinterpret_cast<uintptr_t>(sbrk(0));
  // Grows the heap by this and the pad. volatile: the compiler would drop
  // a malloc whose memory is never used.
  void* volatile grow = std::malloc(16 * kMiB);
  std::free(grow);
  const auto after = reinterpret_cast<uintptr_t>(sbrk(0));
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t start = (before + page - 1) & ~(page - 1);
  if (after > start) {
    madvise(reinterpret_cast<void*>(start), after - start, MADV_HUGEPAGE);
  }
}

std::string Today() {
  return FormatUtcTime(std::chrono::system_clock::now()).substr(0, 10);
}

RunOptions Options(const RunArgs& args) {
  RunOptions o;
  o.backend_spec = args.backend;
  o.filter = args.filter;
  o.policy = ParsePolicy(args.policy).value_or(Policy::kSpec);
  o.shard = ChosenShard(args.shard, args.shards);
  o.timeout_seconds = args.timeout;
  // The bundled file ships beside the binary (core/data_dir.h); a missing
  // one, named or bundled, is an error (ReadTolerances), never an empty
  // table that would fail every tolerated case.
  o.tolerances = ReadTolerances(args.tolerances.empty()
                                    ? (DataDir() / "tolerances.json").string()
                                    : args.tolerances);
  return o;
}

std::vector<TestCase> Discover(const std::vector<SuiteArg>& suites) {
  std::vector<TestCase> cases;
  for (const SuiteArg& suite : suites) {
    for (TestCase& c : DiscoverCases(suite.dir)) {
      c.suite_label = suite.label;
      cases.push_back(std::move(c));
    }
  }
  std::ranges::sort(cases, {}, &TestCase::id);
  return cases;
}

void RunLeft(const std::vector<const TestCase*>& left,
             std::shared_ptr<Backend> first, const RunArgs& args,
             const RunOptions& options, LongRun& long_run) {
  Progress progress("run", left.size());
  RunHooks hooks;
  hooks.finished = [&long_run](const TestCase& c,
                               const std::vector<CaseResult>& results) {
    long_run.Record(c.id, results);
  };
  hooks.done = [&progress] { progress.Advance(1); };
  hooks.restarts = &long_run.restarts();
  RunCases(left, args.threads,
           PerThreadBackends(std::move(first), args.backend), options, hooks);
}

// A run that would check nothing is refused before it starts: a CI job
// pointed at the wrong folder must not pass.
void CheckNotEmpty(const std::vector<TestCase>& cases,
                   const std::vector<const TestCase*>& selected,
                   const RunArgs& args) {
  if (args.long_run.allow_empty || !selected.empty()) return;
  std::string suites;
  for (const std::string& s : args.suites) suites += " " + s;
  if (cases.empty()) {
    throw InputError(suites.substr(1), "",
                     "no case found (a case is a folder with a model.onnx; "
                     "--allow-empty to accept that)");
  }
  throw std::invalid_argument(fmt::format(
      "none of the {} case(s) of{} is selected by --filter '{}' and --shard "
      "(--allow-empty to accept that)",
      cases.size(), suites, args.filter));
}

// The cells that are not conformant, each with the value classes that
// differ, one example each, and the command that reruns them: what the
// report's findings say, on the terminal.
void PrintFindings(const Report& report) {
  for (const Finding& f : Findings({report}, {report.backend.name})) {
    fmt::print("  {:<12} {:<16} {}: {}\n    {}\n    {}\n",
               Printable(fmt::format("{}-{}", f.op, f.opset)),
               Printable(f.dtype), VerdictName(f.verdict),
               CountsText(f.statuses), Printable(FindingClasses(f)),
               Printable(f.reproduce));
  }
}

void PrintDeviationNote(const Summary& s, Policy policy) {
  const uint64_t deviations = s.counts.at(Status::kDeviation);
  if (deviations == 0 || policy == Policy::kStrict) return;
  fmt::print(
      "  {} deviation(s): answers that differ only where the spec is silent; "
      "not failures under --policy spec. --policy strict fails them all, "
      "--strict-ops OP,... those of the ops named.\n",
      deviations);
}

// "3 conformant, 1 not supported": the cells by verdict.
std::string Tally(const std::vector<MatrixCell>& cells) {
  std::map<Verdict, size_t> tally;
  for (const MatrixCell& cell : cells) ++tally[cell.verdict];
  std::string text;
  for (const auto& [verdict, n] : tally) {
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", n,
                        VerdictName(verdict));
  }
  return text.empty() ? "none" : text;
}

void PrintSummary(const Report& report) {
  const Summary s = Summarize(report.results, report.policy);
  fmt::print("{} {}: {} result(s)\n", Printable(report.backend.name),
             Printable(report.backend.version), s.total);
  for (const auto& [status, n] : s.counts) {
    if (n > 0) fmt::print("  {:<20} {}\n", StatusName(status), n);
  }
  // Cells are counted by verdict, not listed: a run over ONNX's whole
  // suite would otherwise print hundreds of them. The findings follow.
  fmt::print("  cells (op x opset x dtype): {} valid ({}); {} must-reject ({})\n",
             s.matrix.size(), Tally(s.matrix), s.must_reject.size(),
             Tally(s.must_reject));
  PrintFindings(report);
  PrintDeviationNote(s, report.policy);
}

std::vector<KnownFailureEntry> Entries(const std::vector<KnownFailure>& list) {
  std::vector<KnownFailureEntry> entries;
  for (const KnownFailure& k : list) {
    entries.push_back({k.glob, k.reason, k.link, k.expires, k.expired});
  }
  return entries;
}

int Run(const RunArgs& args, const CLI::App& cmd) {
  PrepareHeap();
  const RunOptions options = Options(args);
  ParseStrictOps(args.strict_ops);  // a misspelt op stops the run at once
  std::vector<SuiteArg> suites;
  for (const std::string& s : args.suites) suites.push_back(ParseSuiteArg(s));
  const std::vector<TestCase> cases = Discover(suites);
  const std::vector<const TestCase*> selected = SelectCases(cases, options);
  CheckNotEmpty(cases, selected, args);
  std::vector<KnownFailure> known;
  if (!args.known_failures.empty()) {
    known = ReadKnownFailures(args.known_failures, Today());
  }
  nlohmann::json arguments = JournalArguments(cmd);
  arguments["shard"] = {options.shard.index, options.shard.count};
  LongRun long_run(args.long_run, args.report,
                   {"run", arguments, SuiteFingerprint(cases)}, args.argv);
  Report report;
  report.started = std::chrono::system_clock::now();
  std::vector<CaseResult> results = long_run.RunLeft(
      selected, [](const TestCase* c) { return c->id; },
      [&](const std::vector<const TestCase*>& left) {
        const std::shared_ptr<Backend> backend = MakeBackend(args.backend);
        report.backend = backend->Start();
        RunLeft(left, backend, args, options, long_run);
      },
      [&options](const TestCase* c, const std::string& why) {
        return NotRun(*c, why, options);
      });
  if (auto code = long_run.Interrupted(selected.size())) return *code;
  report.results = std::move(results);
  report.strict_ops = ParseStrictOps(args.strict_ops);
  ApplyStrictOps(report.strict_ops, report.results);
  ApplyKnownFailures(known, report.results, options.policy);
  report.ended = std::chrono::system_clock::now();
  report.host = HostName();
  for (const SuiteArg& s : suites) report.suites.push_back(s.label);
  report.policy = options.policy;
  report.filter = options.filter;
  report.shard = {options.shard.index, options.shard.count};
  report.command_line = args.argv;
  report.environment = CaptureEnvironment();
  report.known_failures = Entries(known);
  if (!args.report.empty()) WriteReport(args.report, report);
  PrintSummary(report);
  return long_run.Finish(report.results, options.policy, args.require_support);
}

}  // namespace

void AddRunCommand(CLI::App& app, int& exit_code, int argc, char** argv) {
  auto args = std::make_shared<RunArgs>();
  args->argv.assign(argv, argv + argc);
  CLI::App* cmd =
      app.add_subcommand("run", "Check a backend against test suites");
  cmd->add_option("--suite", args->suites,
                  "[LABEL=]DIR: suite root(s) or case folder(s), each named "
                  "in the report by LABEL (e.g. onnx-1.22/node)")
      ->required();
  cmd->add_option("--backend", args->backend, kBackendKinds)->required();
  cmd->add_option("--report", args->report, "write the JSON report here");
  cmd->add_option("--filter", args->filter, "regex on the dotted case id");
  cmd->add_option("--policy", args->policy,
                  "spec (default): deviations are reported, not failed | "
                  "strict: every deviation is a failure")
      ->check(CLI::IsMember({"spec", "strict"}));
  cmd->add_option("--strict-ops", args->strict_ops,
                  "OP,...: the deviations of these ops are failures "
                  "(--policy spec for the rest)");
  AddShardOptions(*cmd, args->shard, args->shards, "the cases");
  cmd->add_option("--timeout", args->timeout, "seconds per test data set")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--known-failures", args->known_failures,
                  "the backend's known-failures file");
  cmd->add_option("--tolerances", args->tolerances,
                  "per-case tolerance overrides (JSON; default: "
                  "share/onnxcts/tolerances.json beside the binary)");
  cmd->add_flag("--require-support", args->require_support,
                "count not_supported as a failure");
  cmd->add_option("--threads", args->threads,
                  "worker threads, each with its own backend instance "
                  "(default: all cores)")
      ->check(CLI::PositiveNumber);
  AddLongRunOptions(*cmd, args->long_run);
  cmd->footer(kStatusHelp);
  cmd->callback([args, cmd, &exit_code] { exit_code = Run(*args, *cmd); });
}

}  // namespace onnxcts
