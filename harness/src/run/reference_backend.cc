#include "run/reference_backend.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "onnxcts/broadcast.h"
#include "onnxcts/infer.h"

#include "core/sync_pipe.h"
#include "run/graph_eval.h"
#include "run/model_check.h"

namespace onnxcts {
namespace {

using Kind = RunOutcome::Kind;

class ReferenceBackend : public Backend {
 public:
  BackendInfo Start() override {
    return {"reference", "onnxcts-reference", ONNXCTS_VERSION, {}};
  }

  RunOutcome Run(const RunRequest& request) override {
    const Model& model = *request.model;
    if (IsGraph(model)) {
      return RunGraph(model, request.inputs);
    }
    const NodeCheck check = CheckNode(model);
    if (const auto refusal = Refusal(check.verdict, check.reason)) {
      return *refusal;
    }
    const Node& node = model.nodes[0];
    std::vector<const Tensor*> inputs;
    static const Tensor kAbsent = [] {
      Tensor absent;
      absent.dtype = kAbsentInput;  // a scalar without bytes: never read
      return absent;
    }();
    for (size_t k = 0; k < node.inputs.size(); ++k) {
      if (node.inputs[k].empty()) {  // an optional input left out
        inputs.push_back(&kAbsent);
        continue;
      }
      const Tensor* x = model.Feeding(node.inputs[k], request.inputs);
      if (x == nullptr) {
        return RunOutcome::Of(Kind::kError,
                              "no value feeds input '" + node.inputs[k] + "'");
      }
      if (x->dtype != check.input_types[k]) {
        return RunOutcome::Of(Kind::kError,
                              "input '" + x->name + "' is " +
                                  std::string(Name(x->dtype)) +
                                  ", the model declares " +
                                  std::string(Name(check.input_types[k])));
      }
      inputs.push_back(x);
    }
    return RunNode(check, node, inputs);
  }

  std::unique_ptr<ChunkPipe> OpenPipe() override;

 private:
  // The outcome that stands for a model the reference cannot run: not
  // supported, or an error for an invalid one; none for a valid one.
  static std::optional<RunOutcome> Refusal(NodeCheck::Verdict verdict,
                                           const std::string& reason) {
    if (verdict == NodeCheck::Verdict::kValid) return std::nullopt;
    return RunOutcome::Of(verdict == NodeCheck::Verdict::kUnknown
                              ? Kind::kNotSupported
                              : Kind::kError,
                          reason);
  }

  static RunOutcome RunGraph(const Model& model,
                             const std::vector<Tensor>& fed) {
    const GraphCheck check = CheckGraph(model);
    if (const auto refusal = Refusal(check.verdict, check.reason)) {
      return *refusal;
    }
    return EvaluateGraph(model, check, fed).outcome;
  }
};

// The node's inputs, each from its slot in `memory` where the request
// feeds it (graph-input order) or else from the model's initializers (a
// quantizer's scale and zero point, CastLike's target_type), into `in`;
// "" or why the node cannot run on them. The output takes input 0's shape.
std::string NodeInputs(const ChunkRequest& request, const uint8_t* memory,
                       const NodeCheck& check,
                       std::vector<ConstTensorView>& in) {
  const Model& model = *request.model;
  const std::vector<const ValueInfo*> fed = model.FedInputs();
  if (fed.size() != request.inputs.size() || request.outputs.size() != 1) {
    return "the request's slots do not fit the model's node";
  }
  std::vector<Dims> shapes;
  for (size_t i = 0; i < model.nodes[0].inputs.size(); ++i) {
    const std::string& name = model.nodes[0].inputs[i];
    const auto k = static_cast<size_t>(
        std::find_if(fed.begin(), fed.end(),
                     [&](const ValueInfo* v) { return v->name == name; }) -
        fed.begin());
    if (k < fed.size()) {
      const Slot& x = request.inputs[k];
      // The node check passed, so an op version takes this dtype: no op
      // takes a packed one, and ElementBytes() would refuse it.
      if (x.dtype != static_cast<int32_t>(check.input_types[i])) {
        return "the request's slots do not fit the model's node";
      }
      const size_t n = x.bytes / ElementBytes(Info(check.input_types[i]));
      in.push_back({check.input_types[i], memory + x.offset, x.dims, n});
      shapes.emplace_back(x.dims.begin(), x.dims.end());
      continue;
    }
    const Tensor* t = model.Feeding(name, {});
    if (t == nullptr) return "input '" + name + "' is neither fed nor set";
    in.push_back({t->dtype, t->bytes.data(), t->dims, t->count()});
    shapes.push_back(t->dims);
  }
  if (shapes.empty()) return "the node has no inputs";
  const NodeOutputs inferred =
      InferOutputs(*check.schema, check.input_types, shapes, check.attributes);
  if (!inferred.problem.empty()) return inferred.problem;
  if (inferred.dims != shapes[0]) return "the output's shape is not x's";
  return "";
}

// The kernels run straight on the pipe's memory, when the request is sent.
class ReferencePipe : public SyncPipe {
 private:
  ChunkAnswer Answer(const ChunkRequest& request) override;
};

ChunkAnswer ReferencePipe::Answer(const ChunkRequest& request) {
  ChunkAnswer answer;
  const NodeCheck check = CheckNode(*request.model);
  if (check.verdict != NodeCheck::Verdict::kValid) {
    answer.outcome = RunOutcome::Of(
        check.verdict == NodeCheck::Verdict::kUnknown ? Kind::kNotSupported
                                                      : Kind::kError,
        check.reason);
    return answer;
  }
  std::vector<ConstTensorView> in;
  if (const std::string why = NodeInputs(request, memory(), check, in);
      !why.empty()) {
    answer.outcome = RunOutcome::Of(Kind::kError, why);
    return answer;
  }
  const DTypeInfo& out_type = Info(check.output_types[0]);
  const size_t n = in[0].count;
  const std::vector<int64_t> dims(in[0].dims.begin(), in[0].dims.end());
  Slot y = request.outputs[0];
  if (StorageBytes(out_type, n) > y.bytes) {
    throw std::logic_error("a reference pipe's output slot is too small");
  }
  const TensorView result[] = {
      {check.output_types[0], memory() + y.offset, dims, n}};
  check.schema->kernel(std::span(in), std::span(result), check.attributes);
  answer.outputs.push_back(
      {static_cast<int32_t>(out_type.code), dims, y.offset, y.bytes});
  return answer;
}

std::unique_ptr<ChunkPipe> ReferenceBackend::OpenPipe() {
  return std::make_unique<ReferencePipe>();
}

}  // namespace

std::unique_ptr<Backend> MakeReferenceBackend() {
  return std::make_unique<ReferenceBackend>();
}

}  // namespace onnxcts
