#include "cli/long_run.h"

#include <fmt/core.h>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "backends/child_process.h"
#include "backends/shell_quote.h"
#include "cli/commands.h"
#include "core/byte_size.h"
#include "core/stop.h"
#include "run/runner.h"

namespace onnxcts {
namespace {

// Options that change how a run goes, not what its results are.
const std::set<std::string> kNotJournaled = {
    "--help",       "--threads",      "--resume",     "--max-seconds",
    "--max-restarts", "--allow-empty", "--profile",   "--worker-memory"};

size_t CheckedCases(const std::vector<CaseResult>& results) {
  std::set<std::string> ids;
  for (const CaseResult& r : results) {
    if (JudgesBackend(r.status)) ids.insert(r.case_id);
  }
  return ids.size();
}

// Whether valid cases were judged and the backend computed none of them:
// a backend without kernels answers not_supported to each and must not
// pass a CI job for it.
bool NothingComputed(const std::vector<CaseResult>& results) {
  bool judged = false;
  for (const CaseResult& r : results) {
    if (r.must_reject || !JudgesBackend(r.status)) continue;
    if (Computed(r.status)) return false;
    judged = true;
  }
  return judged;
}

size_t NotRun(const std::vector<CaseResult>& results) {
  size_t n = 0;
  for (const CaseResult& r : results) n += r.status == Status::kNotRun;
  return n;
}

// A word as a person would type it: quoted only when the shell needs it.
std::string Shown(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
      "_-./=:,+@%") == std::string::npos;
  return plain ? word : ShellQuote(word);
}

}  // namespace

void AddWorkerMemoryOption(CLI::App& cmd, std::string& size) {
  cmd.add_option("--worker-memory", size,
                 "SIZE (512M, 4G): each worker's address space; one that "
                 "needs more is a crash for out of memory");
}

void AddLongRunOptions(CLI::App& cmd, LongRunArgs& args) {
  cmd.add_flag("--resume", args.resume,
               "run only what the journal beside --report lacks");
  cmd.add_option("--max-seconds", args.max_seconds,
                 "stop after this many seconds; what did not run is "
                 "not_run and the exit code is 3")
      ->check(CLI::PositiveNumber);
  AddWorkerMemoryOption(cmd, args.worker_memory);
  cmd.add_option("--max-restarts", args.max_restarts,
                 "crashes in a row after which the backend is not restarted "
                 "and what is left is not_run (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_flag("--allow-empty", args.allow_empty,
               "exit 0 even when no case was checked, or the backend "
               "computed none (every valid case not_supported)");
}

void AddShardOptions(CLI::App& cmd, std::string& shard, int& shards,
                     const std::string& what) {
  cmd.add_option("--shard", shard,
                 "I/N: shard I of N, an equal share of " + what);
  cmd.add_option("--shards", shards,
                 "N: the shard count, the index from JOB_COMPLETION_INDEX "
                 "or GTEST_SHARD_INDEX")
      ->check(CLI::PositiveNumber);
}

nlohmann::json JournalArguments(const CLI::App& cmd) {
  nlohmann::json j = nlohmann::json::object();
  for (const CLI::Option* o : cmd.get_options()) {
    const std::string name = o->get_name();
    if (kNotJournaled.contains(name) || o->count() == 0) continue;
    j[name] = o->results();
  }
  return j;
}

void SetWorkerMemory(const std::string& size) {
  if (size.empty()) return;
  const uint64_t cap = ParseByteSize(size);
  // Below this not even a shell starts: a typo, not a cap.
  constexpr uint64_t kLeast = uint64_t{16} << 20;
  if (cap < kLeast) {
    throw std::invalid_argument("--worker-memory '" + size +
                                "' is too small: a worker needs 16M or more");
  }
  SetWorkerMemoryLimit(cap);
}

std::string JournalPath(const std::string& report) {
  return report + ".journal";
}

LongRun::LongRun(const LongRunArgs& args, const std::string& report,
                 const JournalHeader& header, std::vector<std::string> argv)
    : args_(args), argv_(std::move(argv)), restarts_(args.max_restarts) {
  // First: the journal's own thread must inherit the blocked signals.
  WatchForStop(args.max_seconds > 0 ? std::optional(args.max_seconds)
                                    : std::nullopt);
  SetWorkerMemory(args.worker_memory);
  if (report.empty()) {
    if (args.resume) {
      throw std::invalid_argument(
          "--resume needs --report: the journal lies beside the report");
    }
  } else {
    journal_path_ = JournalPath(report);
    const bool exists = std::filesystem::exists(journal_path_);
    if (args.resume && exists) {
      journal_.emplace(Journal::Resume(journal_path_, header, done_));
      resumed_ = done_.size();
      fmt::print(stderr, "onnxcts: resuming from {}: {} finished before\n",
                 journal_path_, done_.size());
    } else {
      if (args.resume) {
        fmt::print(stderr, "onnxcts: no journal at {}: running everything\n",
                   journal_path_);
      } else if (exists) {
        fmt::print(stderr,
                   "onnxcts: starting over the unfinished run of {} (add "
                   "--resume to go on with it)\n",
                   journal_path_);
      }
      journal_.emplace(Journal::Create(journal_path_, header));
    }
  }
}

LongRun::~LongRun() {
  if (!journal_ || ended_ || recorded_ > 0 || resumed_ > 0) return;
  try {
    journal_->Remove();
  } catch (...) {
    // A journal that holds no result harms nobody.
  }
}

void LongRun::Record(const std::string& key,
                     const std::vector<CaseResult>& results) {
  if (journal_) journal_->Append(key, results);
  {
    const std::lock_guard lock(ran_mutex_);
    ran_[key] = results;
  }
  ++recorded_;
}

std::vector<CaseResult> LongRun::Take(const std::string& key) {
  for (auto* from : {&done_, &ran_}) {
    const auto it = from->find(key);
    if (it == from->end()) continue;
    std::vector<CaseResult> results = std::move(it->second);
    from->erase(it);
    return results;
  }
  return {};
}

std::string LongRun::NotRunWhy() const {
  return restarts_.Exhausted() ? restarts_.Why() : StopWhy();
}

std::string LongRun::ResumeCommand() const {
  std::string command;
  for (const std::string& a : argv_) {
    if (a == "--resume") continue;
    command += (command.empty() ? "" : " ") + Shown(a);
  }
  return command + " --resume";
}

std::optional<int> LongRun::Interrupted(size_t total) {
  const size_t finished = resumed_ + recorded_.load();
  const StopCause cause = CurrentStopCause();
  if (cause != StopCause::kInterrupt && cause != StopCause::kTerminate) {
    return std::nullopt;
  }
  ended_ = true;
  if (journal_) {
    journal_->Flush();
    fmt::print(stderr,
               "onnxcts: stopped with {} of {} finished and kept in {}; no "
               "report was written. To go on:\n  {}\n",
               finished, total, journal_path_, ResumeCommand());
  } else {
    fmt::print(stderr,
               "onnxcts: stopped with {} of {} finished; without --report "
               "there is no journal to resume from\n",
               finished, total);
  }
  return SignalExitCode(cause);
}

int LongRun::Finish(const std::vector<CaseResult>& results, Policy policy,
                    bool require_support) {
  ended_ = true;
  const size_t checked_cases = CheckedCases(results);
  bool failed = false;
  for (const CaseResult& r : results) {
    failed |= IsFailure(r.status, policy, require_support);
  }
  const size_t not_run = NotRun(results);
  fmt::print("{} case(s) checked", checked_cases);
  if (not_run > 0) fmt::print("; {} result(s) not run", not_run);
  fmt::print("\n");
  if (journal_) {
    if (not_run == 0) {
      journal_->Remove();
    } else {
      journal_->Flush();
      fmt::print(stderr, "onnxcts: incomplete; to go on:\n  {}\n",
                 ResumeCommand());
    }
  }
  // Incomplete comes first: a run that checked only part of what it was
  // given has no verdict on the rest, failures found or not, and a script
  // that sees 3 knows that --resume has something to do.
  if (not_run > 0) return kExitIncomplete;
  if (failed) return kExitFailure;
  if (NothingComputed(results) && !args_.allow_empty) {
    fmt::print(stderr,
               "onnxcts: the backend computed none of the valid cases (none "
               "passed or deviated): it is not conformant to anything here "
               "(--allow-empty to accept that)\n");
    return kExitFailure;
  }
  if (checked_cases == 0 && !args_.allow_empty) {
    fmt::print(stderr,
               "onnxcts: no case was checked (--allow-empty to accept "
               "that)\n");
    return kExitCannotRun;
  }
  return kExitOk;
}

}  // namespace onnxcts
