// onnxcts: conformance and fuzz testing of ONNX operators.
#include <exception>

#include <fmt/core.h>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"onnxcts: bit-exact conformance testing of ONNX operators"};
  app.require_subcommand(1);
  int exit_code = onnxcts::kExitOk;
  onnxcts::AddSweepCommand(app, exit_code, argc, argv);
  onnxcts::AddRunCommand(app, exit_code, argc, argv);
  onnxcts::AddGenerateCommand(app, exit_code);
  onnxcts::AddReportCommand(app, exit_code);
  onnxcts::AddBackendsCommand(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return onnxcts::kExitCannotRun;
  } catch (const std::exception& e) {
    fmt::print(stderr, "onnxcts: {}\n", e.what());
    return onnxcts::kExitCannotRun;
  }
  return exit_code;
}
