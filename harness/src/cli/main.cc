// onnxcts: conformance and fuzz testing of ONNX operators.
#include <signal.h>

#include <exception>

#include <fmt/core.h>

#include "cli/commands.h"
#include "core/printable.h"
#include "report/version.h"

int main(int argc, char** argv) {
  // Past a file-size limit a write then fails with EFBIG, which the writers
  // report naming the file (exit 2), instead of SIGXFSZ killing the harness
  // with a half-written file. Children get the default back.
  signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"onnxcts: bit-exact conformance testing of ONNX operators"};
  app.set_version_flag(
      "--version", [] { return onnxcts::VersionText(); },
      "print the version, the commit, the compiler and the SIMD targets");
  app.require_subcommand(1);
  int exit_code = onnxcts::kExitOk;
  onnxcts::AddSweepCommand(app, exit_code, argc, argv);
  onnxcts::AddVerifyCommand(app, exit_code);
  onnxcts::AddRunCommand(app, exit_code, argc, argv);
  onnxcts::AddGenerateCommand(app, exit_code);
  onnxcts::AddReportCommand(app, exit_code);
  onnxcts::AddBackendsCommand(app, exit_code);
  onnxcts::AddSchemaCommand(app, exit_code);
  onnxcts::AddFuzzCommand(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return onnxcts::kExitCannotRun;
  } catch (const std::exception& e) {
    // The message may quote a worker's stderr, lines and all.
    fmt::print(stderr, "onnxcts: {}\n",
               onnxcts::Printable(e.what(), /*keep_lines=*/true));
    return onnxcts::kExitCannotRun;
  }
  return exit_code;
}
