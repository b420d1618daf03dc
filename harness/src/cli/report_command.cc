// onnxcts report: the views of JSON reports (render, junit), and diff and
// merge of several.
#include <fmt/core.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/printable.h"
#include "report/atomic_file.h"
#include "report/diff.h"
#include "report/junit.h"
#include "report/merge.h"
#include "report/render.h"
#include "report/report.h"

namespace onnxcts {
namespace {

struct ReportArgs {
  std::vector<std::string> inputs;
  std::string output;
  std::string format = std::string(kDefaultRenderFormat);
};

// Runs `body`; any error (unreadable report, refused merge, unwritable
// output) is printed and makes the command exit 2, as a run that could not
// happen.
template <typename Body>
int Guard(const char* command, Body body) {
  try {
    return body();
  } catch (const std::exception& e) {
    fmt::print(stderr, "onnxcts report {}: {}\n", command, e.what());
    return kExitCannotRun;
  }
}

std::vector<Report> ReadAll(const std::vector<std::string>& files) {
  std::vector<Report> reports;
  for (const std::string& f : files) reports.push_back(ReadReport(f));
  return reports;
}

int Render(const ReportArgs& args) {
  const RenderWriter writer = FindRenderWriter(args.format);
  WriteFileAtomically(args.output, writer(ReadAll(args.inputs)));
  return kExitOk;
}

int JUnit(const ReportArgs& args) {
  WriteFileAtomically(args.output, ToJUnitXml(ReadReport(args.inputs[0])));
  return kExitOk;
}

std::string Describe(const std::string& file, const Report& r) {
  return fmt::format("{} ({} {}, {} on {})", file, Printable(r.backend.name),
                     Printable(r.backend.version), FormatUtcTime(r.started),
                     Printable(r.host));
}

int Diff(const ReportArgs& args) {
  const Report before = ReadReport(args.inputs[0]);
  const Report after = ReadReport(args.inputs[1]);
  const ReportDiff diff = DiffReports(before, after);
  fmt::print("old: {}\nnew: {}\n{}", Describe(args.inputs[0], before),
             Describe(args.inputs[1], after), FormatDiff(diff));
  return diff.HasRegressions() ? kExitFailure : kExitOk;
}

int Merge(const ReportArgs& args) {
  const Report merged = MergeReports(ReadAll(args.inputs), args.inputs);
  WriteReport(args.output, merged);
  return kExitOk;
}

// The callback holds `args`, so the options bound to it outlive this call.
CLI::App* AddView(CLI::App& report, const char* name, const char* help,
                  const std::shared_ptr<ReportArgs>& args, int& exit_code,
                  int (*run)(const ReportArgs&)) {
  CLI::App* cmd = report.add_subcommand(name, help);
  cmd->callback([name, run, args, &exit_code] {
    exit_code = Guard(name, [&] { return run(*args); });
  });
  return cmd;
}

}  // namespace

void AddReportCommand(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* report = app.add_subcommand(
      "report", "Render, convert, diff and merge JSON reports");
  report->require_subcommand(1);

  CLI::App* render =
      AddView(*report, "render", "Render reports side by side as one page",
              args, exit_code, Render);
  render->add_option("reports", args->inputs, "JSON reports")->required();
  render->add_option("-o,--output", args->output, "page to write")->required();
  render->add_option("--format", args->format, "html (default) or md");

  CLI::App* junit = AddView(*report, "junit", "Convert a report to JUnit XML",
                            args, exit_code, JUnit);
  junit->add_option("report", args->inputs, "JSON report")
      ->required()
      ->expected(1);
  junit->add_option("-o,--output", args->output, "XML to write")->required();

  CLI::App* diff =
      AddView(*report, "diff", "Compare two reports; exit 1 on regressions",
              args, exit_code, Diff);
  diff->add_option("reports", args->inputs, "OLD.json NEW.json")
      ->required()
      ->expected(2);

  CLI::App* merge = AddView(*report, "merge", "Join shard reports into one",
                            args, exit_code, Merge);
  merge->add_option("reports", args->inputs, "shard reports")->required();
  merge->add_option("-o,--output", args->output, "report to write")->required();
}

}  // namespace onnxcts
