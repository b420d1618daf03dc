#include "backends/reference_backend.h"

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
    const NodeCheck check = CheckNode(*request.model);
    if (check.verdict == NodeCheck::Verdict::kUnknown) {
      return RunOutcome::Of(Kind::kNotSupported, check.reason);
    }
    if (check.verdict == NodeCheck::Verdict::kInvalid) {
      return RunOutcome::Of(Kind::kError, check.reason);
    }
    const Node& node = request.model->nodes[0];
    const Tensor* x = request.model->Feeding(node.inputs[0], request.inputs);
    if (x == nullptr) {
      return RunOutcome::Of(Kind::kError, "no value feeds input '" + node.inputs[0] + "'");
    }
    if (x->dtype != check.input_types[0]) {
      return RunOutcome::Of(Kind::kError, "input '" + x->name + "' is " +
                                      std::string(Name(x->dtype)) +
                                      ", the model declares " +
                                      std::string(Name(check.input_types[0])));
    }
    return Compute(check, node, *x);
  }

 private:
  static RunOutcome Compute(const NodeCheck& check, const Node& node,
                            const Tensor& x) {
    RunOutcome out;
    Tensor& y = out.outputs.emplace_back();
    y.name = node.outputs[0];
    y.dtype = check.output_types[0];
    y.dims = x.dims;
    y.bytes.resize(x.count() * Info(y.dtype).bytes());
    const ConstTensorView in[] = {{x.dtype, x.bytes.data(), x.dims, x.count()}};
    const TensorView result[] = {{y.dtype, y.bytes.data(), y.dims, x.count()}};
    check.schema->kernel(std::span(in), std::span(result), check.attributes);
    return out;
  }
};

}  // namespace

std::unique_ptr<Backend> MakeReferenceBackend() {
  return std::make_unique<ReferenceBackend>();
}

}  // namespace onnxcts
