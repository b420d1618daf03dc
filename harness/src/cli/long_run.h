// What `run` and `sweep` share as long runs: the journal beside the report
// and --resume, running what is left of a list of keyed items and merging
// it with what the journal holds, the stop on a signal or --max-seconds,
// the worker memory cap, the restart budget, and the exit code that says
// whether everything was checked.
#ifndef ONNXCTS_HARNESS_CLI_LONG_RUN_H_
#define ONNXCTS_HARNESS_CLI_LONG_RUN_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "core/result.h"
#include "core/stop.h"
#include "run/journal.h"
#include "run/restart_budget.h"

namespace onnxcts {

struct LongRunArgs {
  bool resume = false;
  double max_seconds = 0;  // 0: no limit
  std::string worker_memory;
  int max_restarts = 10;
  bool allow_empty = false;
};

// AddLongRunOptions()
//
// --resume, --max-seconds, --worker-memory, --max-restarts, --allow-empty.
void AddLongRunOptions(CLI::App& cmd, LongRunArgs& args);

// AddShardOptions()
//
// --shard I/N and --shards N (the index from JOB_COMPLETION_INDEX or
// GTEST_SHARD_INDEX), each shard an equal share of `what`.
void AddShardOptions(CLI::App& cmd, std::string& shard, int& shards,
                     const std::string& what);

// The arguments of a run that the journal must agree on: every option the
// results depend on, by name. Those that do not (--threads, the budgets)
// are left out, so that a run may resume on another machine's cores.
nlohmann::json JournalArguments(const CLI::App& cmd);

class LongRun {
 public:
  // Starts watching for a stop (so: before any other thread starts) and
  // sets the worker memory cap. With a
  // report path, opens its journal (`<report>.journal`): resumed with
  // --resume, else started afresh. Throws for a journal that disagrees.
  LongRun(const LongRunArgs& args, const std::string& report,
          const JournalHeader& header, std::vector<std::string> argv);

  // A fresh journal that holds nothing goes with a run that ended by an
  // exception (no room, a backend that would not start): no litter.
  ~LongRun();

  // RunLeft()
  //
  // Runs `run` on the items an earlier run did not finish (in order; it
  // calls Record(key(item), results) for each one it finishes), then gives
  // every item's results in item order: the journal's or this run's, else
  // `not_run(item, NotRunWhy())`. A stop while `run` runs ends it quietly;
  // Interrupted() then says so.
  template <class Item, class KeyOf, class RunFn, class NotRunFn>
  std::vector<CaseResult> RunLeft(const std::vector<Item>& items, KeyOf key,
                                  RunFn run, NotRunFn not_run) {
    std::vector<Item> left;
    for (const Item& item : items) {
      if (!done_.contains(key(item))) left.push_back(item);
    }
    try {
      run(left);
    } catch (...) {
      if (!StopRequested()) throw;
    }
    std::vector<CaseResult> results;
    for (const Item& item : items) {
      std::vector<CaseResult> r = Take(key(item));
      if (r.empty()) r = not_run(item, NotRunWhy());
      for (CaseResult& one : r) results.push_back(std::move(one));
    }
    return results;
  }

  // A finished case or slice, for the journal and RunLeft(); from any
  // thread.
  void Record(const std::string& key, const std::vector<CaseResult>& results);
  RestartBudget& restarts() { return restarts_; }

  // Why what did not finish did not run: the restart budget spent, or the
  // stop.
  std::string NotRunWhy() const;

  // After a run a signal stopped: flushes the journal, says how to resume,
  // and gives 130 (SIGINT) or 143 (SIGTERM); nothing when no signal came.
  // `total`: the cases or slices of the whole run.
  std::optional<int> Interrupted(size_t total);

  // After the report is written: a complete run's journal is removed, an
  // incomplete one's is kept for --resume. Prints the summary line and
  // gives the exit code: 3 when some did not run, else 1 when a result
  // failed, 2 when nothing was checked (unless --allow-empty), else 0.
  // A case is checked when a result of it says something of the backend
  // (neither not_run nor invalid_test_data); a failure is as IsFailure().
  int Finish(const std::vector<CaseResult>& results, Policy policy,
             bool require_support);

 private:
  std::string ResumeCommand() const;
  // The results recorded under `key`, by this run or an earlier one,
  // moved out; none when there are none.
  std::vector<CaseResult> Take(const std::string& key);

  LongRunArgs args_;
  std::vector<std::string> argv_;
  std::optional<Journal> journal_;
  std::string journal_path_;
  std::map<std::string, std::vector<CaseResult>> done_;  // by earlier runs
  size_t resumed_ = 0;  // done_'s size before RunLeft() took from it
  std::mutex ran_mutex_;
  std::map<std::string, std::vector<CaseResult>> ran_;  // by this one
  RestartBudget restarts_;
  std::atomic<size_t> recorded_{0};
  bool ended_ = false;  // Interrupted() or Finish() had the last word
};

// AddWorkerMemoryOption()
//
// --worker-memory SIZE, into `size` (for SetWorkerMemory()).
void AddWorkerMemoryOption(CLI::App& cmd, std::string& size);

// SetWorkerMemory()
//
// Caps each worker started from now on at `size` (--worker-memory: "512M",
// "4G"; empty: no cap). Throws std::invalid_argument for a size that is
// not one, or below 16M.
void SetWorkerMemory(const std::string& size);

// The journal of a report: "<report>.journal".
std::string JournalPath(const std::string& report);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CLI_LONG_RUN_H_
