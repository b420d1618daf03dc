#include "backends/named_backends.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "backends/shell_quote.h"
#include "backends/worker_backend.h"
#include "core/data_dir.h"
#include "core/input_error.h"
#include "core/json_bounded.h"
#include "io/files.h"

namespace onnxcts {
namespace {

using nlohmann::json;

std::string Text(const json& row, const std::string& key,
                 const std::string& file, const std::string& where) {
  if (!row.contains(key) || !row[key].is_string()) {
    throw InputError(file, where + "/" + key, "must be a string");
  }
  return row[key].get<std::string>();
}

bool Flag(const json& row, const std::string& key, const std::string& file,
          const std::string& where) {
  if (!row.contains(key) || !row[key].is_boolean()) {
    throw InputError(file, where + "/" + key, "must be true or false");
  }
  return row[key].get<bool>();
}

NamedBackend RowOf(const json& row, const std::string& file,
                   const std::string& where) {
  if (!row.is_object()) throw InputError(file, where, "must be an object");
  NamedBackend b;
  b.name = Text(row, "name", file, where);
  b.what = Text(row, "about", file, where);
  b.adapter = Text(row, "adapter", file, where);
  const std::string worker = Text(row, "worker", file, where);
  if (worker != "python" && worker != "node") {
    throw InputError(file, where + "/worker", "must be python or node");
  }
  b.python = worker == "python";
  b.probed = Flag(row, "probed", file, where);
  if (!row.contains("options")) return b;
  const json& options = row["options"];
  if (!options.is_object()) {
    throw InputError(file, where + "/options", "must be an object");
  }
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (!it.value().is_string()) {
      throw InputError(file, where + "/options/" + it.key(),
                       "must be a string");
    }
    b.options[it.key()] = it.value().get<std::string>();
  }
  return b;
}

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

std::vector<NamedBackend> ReadNamedBackends(const std::string& path) {
  // The file ships with onnxcts; its size is bounded all the same.
  const json doc = ParseJsonBounded(ReadFileBounded(path, 1 << 20), path, 8);
  if (!doc.is_object() || !doc.contains("backends") ||
      !doc["backends"].is_array()) {
    throw InputError(path, "/backends", "must be an array");
  }
  std::vector<NamedBackend> rows;
  for (size_t i = 0; i < doc["backends"].size(); ++i) {
    const std::string where = "/backends/" + std::to_string(i);
    rows.push_back(RowOf(doc["backends"][i], path, where));
    for (size_t j = 0; j + 1 < rows.size(); ++j) {
      if (rows[j].name == rows.back().name) {
        throw InputError(path, where + "/name", "repeats " + rows[j].name);
      }
    }
  }
  return rows;
}

std::span<const NamedBackend> NamedBackends() {
  static const std::vector<NamedBackend> rows =
      ReadNamedBackends((DataDir() / "workers/backends.json").string());
  return rows;
}

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
  const std::span<const NamedBackend> named = NamedBackends();
  const auto b = std::ranges::find(named, name, &NamedBackend::name);
  if (b == named.end()) return std::nullopt;
  BackendSpec parsed = ParseBackendSpec(spec);
  parsed.options.insert(b->options.begin(), b->options.end());
  if (b->python) return PythonCommand(*b, parsed);
  if (!parsed.options.empty()) {
    throw std::invalid_argument("backend '" + std::string(spec) +
                                "' takes no options");
  }
  return OrtWorkerCommand(b->adapter);
}

}  // namespace onnxcts
