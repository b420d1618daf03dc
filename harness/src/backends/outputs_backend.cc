#include "backends/outputs_backend.h"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "core/input_error.h"
#include "io/files.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using OutcomeKind = RunOutcome::Kind;

constexpr uint64_t kMaxJsonBytes = 64 * 1024;

bool Exists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(path, ec));
}

// A small JSON object file inside `root`; InputError when it is not one.
json ReadJsonObject(const fs::path& file, const fs::path& root) {
  const std::string name = file.string();
  const fs::path real = ConfinedPath(file, root, name, "");
  json doc = json::parse(ReadFileBounded(real, kMaxJsonBytes), nullptr,
                         /*allow_exceptions=*/false);
  if (!doc.is_object()) throw InputError(name, "", "not a JSON object");
  return doc;
}

std::string StringField(const json& doc, const char* field,
                        const fs::path& file) {
  const auto it = doc.find(field);
  if (it == doc.end()) return "";
  if (!it->is_string()) throw InputError(file.string(), field, "not a string");
  return it->get<std::string>();
}

class OutputsBackend : public Backend {
 public:
  OutputsBackend(std::string spec, fs::path dir, Limits limits)
      : spec_(std::move(spec)), dir_(std::move(dir)), limits_(limits) {}

  BackendInfo Start() override {
    std::error_code ec;
    if (!fs::is_directory(dir_, ec)) {
      throw std::runtime_error("outputs folder " + dir_.string() +
                               " is not a folder");
    }
    root_ = fs::canonical(dir_);
    BackendInfo info{spec_, "outputs", "", {}};
    const fs::path description = root_ / "backend.json";
    if (!Exists(description)) return info;
    try {
      const json doc = ReadJsonObject(description, root_);
      if (doc.contains("name")) {
        info.name = StringField(doc, "name", description);
      }
      info.version = StringField(doc, "version", description);
    } catch (const InputError& e) {
      throw std::runtime_error(e.what());
    }
    return info;
  }

  RunOutcome Run(const RunRequest& request) override {
    if (request.test_case == nullptr || request.model == nullptr) {
      return RunOutcome::Of(OutcomeKind::kError,
                     "outputs: need the test case's folder");
    }
    const fs::path rel =
        request.test_case->dir.lexically_normal().lexically_relative(
            request.test_case->suite_root.lexically_normal());
    if (rel.empty() || rel.is_absolute() || *rel.begin() == "..") {
      return RunOutcome::Of(OutcomeKind::kError, "outputs: case folder " +
                                              request.test_case->dir.string() +
                                              " is not inside its suite");
    }
    const fs::path case_dir = root_ / rel;
    try {
      if (Exists(case_dir / "status.json")) {
        return Refusal(case_dir / "status.json");
      }
      if (request.data_set == nullptr) return MustRejectCheck(case_dir);
      return ReadOutputs(case_dir / ("test_data_set_" +
                                     std::to_string(request.data_set->index)),
                         request.model->outputs.size());
    } catch (const InputError& e) {
      return RunOutcome::Of(OutcomeKind::kInvalidOutput, e.what());
    }
  }

 private:
  RunOutcome Refusal(const fs::path& file) const {
    const json doc = ReadJsonObject(file, root_);
    const std::string status = StringField(doc, "status", file);
    if (status != "not_supported" && status != "error") {
      throw InputError(file.string(), "status",
                       "must be \"not_supported\" or \"error\"");
    }
    return RunOutcome::Of(
        status == "error" ? OutcomeKind::kError : OutcomeKind::kNotSupported,
        StringField(doc, "message", file));
  }

  // The backend left no refusal for a model it should have refused: it ran
  // it, if it saw the case at all.
  RunOutcome MustRejectCheck(const fs::path& case_dir) const {
    std::error_code ec;
    if (!fs::is_directory(case_dir, ec)) {
      return RunOutcome::Of(OutcomeKind::kInvalidOutput,
                     "no folder " + case_dir.string() + " for this case");
    }
    return RunOutcome::Of(OutcomeKind::kOk, "");
  }

  RunOutcome ReadOutputs(const fs::path& set_dir, size_t count) const {
    RunOutcome outcome;
    for (size_t k = 0; k < count; ++k) {
      const fs::path file = set_dir / ("output_" + std::to_string(k) + ".pb");
      if (!Exists(file)) {
        return RunOutcome::Of(OutcomeKind::kInvalidOutput,
                       file.string() + ": missing (the model has " +
                           std::to_string(count) + " outputs)");
      }
      outcome.outputs.push_back(ReadTensorFile(file, root_, limits_));
    }
    return outcome;
  }

  std::string spec_;
  fs::path dir_;
  fs::path root_;  // dir_, canonical
  Limits limits_;
};

}  // namespace

std::unique_ptr<Backend> MakeOutputsBackend(std::string spec,
                                            std::filesystem::path dir,
                                            Limits limits) {
  return std::make_unique<OutputsBackend>(std::move(spec), std::move(dir),
                                          limits);
}

}  // namespace onnxcts
