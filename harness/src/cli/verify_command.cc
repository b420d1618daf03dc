// onnxcts verify: the reference's kernels against its oracle on every bit
// pattern of the chosen dtypes (stratified samples of 64-bit ones), with a
// table of what was checked. Ops of one input; the reference's tests check
// the pairs of two-input ops.
#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "generate/names.h"
#include "run/kernel_sweep.h"

namespace onnxcts {
namespace {

struct VerifyArgs {
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
               m.variant->name, r.dtype->name, m.input, m.expected,
               m.actual);
  }
}

int Verify(const VerifyArgs& args) {
  SweepOptions options;
  options.variants = ParseOps(args.ops);
  options.threads = args.threads;
  for (const Variant* v : options.variants) {
    if (v->arity() == 1 || args.ops.empty()) continue;
    fmt::print(stderr,
               "verify: {} takes two inputs; `onnxcts verify` covers ops of "
               "one input, and the reference's tests verify {}'s pairs "
               "(reference_pairs_test; every 16-bit pair in the nightly "
               "reference_pairs16_test); `onnxcts sweep --backend` sends "
               "its pairs through a backend\n",
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

}  // namespace

void AddVerifyCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Check the reference's kernels against its oracle on every bit pattern");
  cmd->add_option("--ops", args->ops, "ops to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--dtypes", args->dtypes, "dtypes to check (default: all)")
      ->delimiter(',');
  cmd->add_option("--threads", args->threads, "worker threads")
      ->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = Verify(*args); });
}

}  // namespace onnxcts
