// onnxcts generate: write the conformance suite.
#include <fmt/core.h>

#include "cli/commands.h"
#include "generate/names.h"
#include "core/parallel.h"
#include "generate/suite_generator.h"

namespace onnxcts {
namespace {

struct GenerateArgs {
  std::string out;
  std::vector<std::string> ops;
  std::vector<std::string> dtypes;
  std::vector<int> opsets;
  bool no_large = false;
  int threads = DefaultThreads();
};

SuiteFilter Filter(const GenerateArgs& args) {
  SuiteFilter f = ParseSuiteFilter(args.ops, args.dtypes, args.opsets);
  f.large = !args.no_large;
  return f;
}

int Generate(const GenerateArgs& args) {
  const GeneratedCounts n = GenerateSuites(args.out, Filter(args), args.threads);
  fmt::print("{}: {} conformance case(s) in conformance/, {} must-reject "
             "case(s) in must_reject/\n",
             args.out, n.conformance, n.must_reject);
  return kExitOk;
}

}  // namespace

void AddGenerateCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "generate", "Write the conformance suite in ONNX's test-data layout");
  cmd->add_option("--out", args->out, "output folder")->required();
  cmd->add_option("--ops", args->ops, "ops (default: all)")->delimiter(',');
  cmd->add_option("--dtypes", args->dtypes, "dtypes (default: all)")
      ->delimiter(',');
  cmd->add_option("--opsets", args->opsets,
                  "op versions (since_version) to keep (default: all)")
      ->delimiter(',');
  cmd->add_flag("--no-large", args->no_large,
                "leave out the case of over 2^24 elements");
  cmd->add_option("--threads", args->threads, "worker threads")
      ->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = Generate(*args); });
}

}  // namespace onnxcts
