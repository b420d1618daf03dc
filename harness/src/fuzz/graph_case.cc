#include "fuzz/graph_case.h"

#include <nlohmann/json.hpp>

#include "io/files.h"
#include "io/model_io.h"
#include "io/suite.h"
#include "io/tensor_io.h"
#include "run/graph_eval.h"

namespace onnxcts {

namespace {

// Writes the case's files: durably (each file atomic and synced) for a
// reproducer that is kept, as scratch files for a case run once.
std::optional<std::string> Write(const std::filesystem::path& dir,
                                 const FuzzGraph& graph,
                                 const std::string& description,
                                 bool durable) {
  const GraphCheck check = CheckGraph(graph.model);
  if (check.verdict != NodeCheck::Verdict::kValid) return check.reason;
  const GraphAnswer answer = EvaluateGraph(graph.model, check, graph.inputs);
  if (answer.outcome.kind != RunOutcome::Kind::kOk) {
    return answer.outcome.message;
  }
  const std::filesystem::path data = dir / "test_data_set_0";
  std::filesystem::create_directories(data);
  const auto tensor = [&](const std::string& file, const Tensor& t) {
    durable ? WriteTensorFile(data / file, t)
            : WriteScratchTensorFile(data / file, t);
  };
  const std::string model = EncodeModel(graph.model, "fuzz");
  durable ? WriteFileAtomic(dir / "model.onnx", model)
          : WriteFileParts(dir / "model.onnx", {model});
  for (size_t k = 0; k < graph.inputs.size(); ++k) {
    tensor("input_" + std::to_string(k) + ".pb", graph.inputs[k]);
  }
  const std::vector<Tensor>& outputs = answer.outcome.outputs;
  for (size_t k = 0; k < outputs.size(); ++k) {
    tensor("output_" + std::to_string(k) + ".pb", outputs[k]);
  }
  if (!description.empty()) {
    const nlohmann::json j = {{"description", description}};
    WriteFileAtomic(dir / "case.json", j.dump(2) + "\n");
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> WriteGraphCase(const std::filesystem::path& dir,
                                          const FuzzGraph& graph,
                                          const std::string& description) {
  return Write(dir, graph, description, true);
}

std::optional<CaseResult> RunGraphCase(const std::filesystem::path& dir,
                                       const FuzzGraph& graph,
                                       Backend& backend,
                                       const RunOptions& options) {
  std::filesystem::remove_all(dir);
  if (Write(dir, graph, "", false)) return std::nullopt;
  const std::vector<TestCase> cases = DiscoverCases(dir);
  if (cases.size() != 1) return std::nullopt;
  std::vector<CaseResult> results = RunCase(cases[0], backend, options);
  if (results.size() != 1) return std::nullopt;
  return std::move(results[0]);
}

}  // namespace onnxcts
