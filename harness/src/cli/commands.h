// The subcommands of the onnxcts CLI. Each Add*Command registers its
// options on `app` and returns the exit code through `exit_code` when run.
#ifndef ONNXCTS_HARNESS_CLI_COMMANDS_H_
#define ONNXCTS_HARNESS_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>

namespace onnxcts {

// Exit codes of DESIGN.md's CLI contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;   // a failure was found
inline constexpr int kExitCannotRun = 2;  // the run itself could not happen
// Not everything ran (--max-seconds, the restart budget), whatever failed
// of what did: --resume goes on with it.
inline constexpr int kExitIncomplete = 3;

void AddSweepCommand(CLI::App& app, int& exit_code, int argc, char** argv);
void AddVerifyCommand(CLI::App& app, int& exit_code);
void AddGenerateCommand(CLI::App& app, int& exit_code);
void AddBackendsCommand(CLI::App& app, int& exit_code);
void AddSchemaCommand(CLI::App& app, int& exit_code);
void AddReportCommand(CLI::App& app, int& exit_code);
void AddFuzzCommand(CLI::App& app, int& exit_code);
// `argc`/`argv` go into the report as the command line.
void AddRunCommand(CLI::App& app, int& exit_code, int argc, char** argv);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CLI_COMMANDS_H_
