#include "backends/named_backends.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "backends/shell_quote.h"
#include "backends/worker_backend.h"
#include "core/data_dir.h"

namespace onnxcts {
namespace {

constexpr NamedBackend kNamed[] = {
    {"ort", "ONNX Runtime through onnxruntime-node (npm)", "node", false, true},
    {"ort-web", "ONNX Runtime Web, WebAssembly under Node.js (npm)", "web",
     false, true},
    {"ort-python", "ONNX Runtime through its Python API (PyPI onnxruntime)",
     "ort_python", true, true},
    {"openvino", "OpenVINO, CPU plugin (PyPI openvino); "
                 "?precision=f32&mode=accuracy asks for exact f32",
     "openvino", true, true},
    {"tract", "tract through its Python bindings (PyPI tract)", "tract", true,
     true},
    {"onnx-reference", "ONNX's reference evaluator (PyPI onnx)",
     "onnx_reference", true, true},
    {"tvm", "Apache TVM, Relax ONNX frontend, llvm target (PyPI apache-tvm)",
     "tvm", true, true},
    {"iree", "IREE, llvm-cpu (PyPI iree-base-compiler, iree-base-runtime)",
     "iree", true, true},
    {"tinygrad", "tinygrad's ONNX runner, CPU (PyPI tinygrad)", "tinygrad",
     true, true},
    {"onnx-backend", "any onnx.backend.base.Backend subclass: "
                     "onnx-backend?class=module:Class",
     "onnx_backend", true, false},
};

bool SpecChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || std::string_view("_.:/-").find(c) !=
                                       std::string_view::npos;
}

std::string Checked(std::string_view word, std::string_view spec) {
  if (word.empty() || !std::ranges::all_of(word, SpecChar)) {
    throw std::invalid_argument("backend '" + std::string(spec) +
                                "': '" + std::string(word) +
                                "' is empty or has a character outside "
                                "[A-Za-z0-9_.:/-]");
  }
  return std::string(word);
}

// $ONNXCTS_PYTHON; else the virtual environment of the runtimes
// (workers/setup-runtimes makes it: build/venv through a link in the build
// tree); else the Python beside onnxcts (pip installed it into a virtual
// environment); else the one on the PATH.
std::string PythonInterpreter() {
  const char* custom = std::getenv("ONNXCTS_PYTHON");
  if (custom != nullptr && *custom != '\0') return custom;
  const std::filesystem::path dir = ExecutableDir();
  for (const std::filesystem::path& python :
       {dir.parent_path() / "lib/onnxcts/venv/bin/python", dir / "python3"}) {
    if (access(python.c_str(), X_OK) == 0) return python.string();
  }
  return "python3";
}

std::string PythonCommand(const NamedBackend& b, const BackendSpec& spec) {
  const std::filesystem::path worker = DataDir() / "workers/python/worker.py";
  std::string cmd = ShellQuote(PythonInterpreter()) + " " +
                    ShellQuote(worker.string()) + " " +
                    std::string(b.adapter);
  for (const auto& [key, value] : spec.options) {
    cmd += " " + ShellQuote(key + "=" + value);
  }
  return cmd;
}

}  // namespace

std::span<const NamedBackend> NamedBackends() { return kNamed; }

BackendSpec ParseBackendSpec(std::string_view spec) {
  BackendSpec parsed;
  const size_t q = spec.find('?');
  parsed.name = Checked(spec.substr(0, q), spec);
  if (q == std::string_view::npos) return parsed;
  std::string_view rest = spec.substr(q + 1);
  while (true) {
    const size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    const size_t eq = pair.find('=');
    const std::string key = Checked(pair.substr(0, eq), spec);
    const std::string value =
        eq == std::string_view::npos ? "" : Checked(pair.substr(eq + 1), spec);
    if (!parsed.options.emplace(key, value).second) {
      throw std::invalid_argument("backend '" + std::string(spec) +
                                  "': option '" + key + "' given twice");
    }
    if (amp == std::string_view::npos) return parsed;
    rest = rest.substr(amp + 1);
  }
}

std::optional<std::string> NamedWorkerCommand(std::string_view spec) {
  const std::string_view name = spec.substr(0, spec.find('?'));
  const auto b = std::ranges::find(kNamed, name, &NamedBackend::name);
  if (b == std::end(kNamed)) return std::nullopt;
  const BackendSpec parsed = ParseBackendSpec(spec);
  if (b->python) return PythonCommand(*b, parsed);
  if (!parsed.options.empty()) {
    throw std::invalid_argument("backend '" + std::string(spec) +
                                "' takes no options");
  }
  return OrtWorkerCommand(b->adapter);
}

}  // namespace onnxcts
