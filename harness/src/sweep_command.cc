// onnxcts sweep: every bit pattern of the chosen dtypes through the chosen
// ops, kernels against the oracle, with a table of what was checked.
#include <fmt/core.h>

#include "commands.h"
#include "names.h"
#include "parallel.h"
#include "progress.h"
#include "sweep.h"

namespace onnxcts {
namespace {

struct SweepArgs {
  std::vector<std::string> ops;
  std::vector<std::string> dtypes;
  int threads = DefaultThreads();
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
               VariantName(m.variant), r.dtype->name, m.input, m.expected,
               m.actual);
  }
}

int RunSweep(const SweepArgs& args) {
  SweepOptions options;
  options.variants = ParseOps(args.ops);
  options.threads = args.threads;
  const std::vector<const DTypeInfo*> dtypes = ParseDTypes(args.dtypes);
  fmt::print("{:<16} {:>12} {:<10} {:>12} {:>5} {:>5} {:>10} {:>8}\n", "dtype",
             "patterns", "coverage", "nan", "inf", "zero", "mismatches",
             "seconds");
  bool agree = true;
  for (const DTypeInfo* t : dtypes) {
    bool applies = false;
    for (Variant v : options.variants) applies |= Defines(v, *t);
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

}  // namespace

void AddSweepCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SweepArgs>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Check the kernels against the oracle on every bit pattern");
  cmd->add_option("--ops", args->ops, "ops to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--dtypes", args->dtypes, "dtypes to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--threads", args->threads, "worker threads")
      ->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = RunSweep(*args); });
}

}  // namespace onnxcts
