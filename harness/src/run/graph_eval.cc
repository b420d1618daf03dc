#include "run/graph_eval.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "onnxcts/infer.h"
#include "run/element_inputs.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

const Tensor& Absent() {
  static const Tensor absent = [] {
    Tensor t;
    t.dtype = kAbsentInput;  // a scalar without bytes: never read
    return t;
  }();
  return absent;
}

struct Value {
  Tensor tensor;
  std::vector<uint8_t> open;  // empty: no element is
};

using Values = std::map<std::string, Value, std::less<>>;

// Whether output element `i` of a node is open: it reads an open element,
// or the op leaves its answer open on the patterns it reads.
class OpenSpots {
 public:
  OpenSpots(const NodeCheck& check, std::span<const Tensor* const> inputs,
            std::span<const std::vector<uint8_t>* const> open, const Tensor& y)
      : check_(check), reads_(inputs, y.dims, check.schema, &check.attributes),
        y_(y) {
    for (size_t k = 0; k < reads_.size(); ++k) {
      const auto at = std::ranges::find(inputs, &reads_.tensor(k));
      const auto* mask = open[static_cast<size_t>(at - inputs.begin())];
      if (mask != nullptr && !mask->empty()) open_.push_back({k, mask});
    }
    // Inputs the reads cannot follow (they do not broadcast as the op's
    // rule says): nothing can be said of any element.
    unknown_ = reads_.size() == 0 && !inputs.empty();
  }

  // Whether any element can be open at all.
  bool Any() const {
    return unknown_ || !open_.empty() || check_.schema->deviation != nullptr;
  }

  bool At(size_t i) {
    if (unknown_) return true;
    for (const auto& [k, mask] : open_) {
      if ((*mask)[reads_.index(k, i)] != 0) return true;
    }
    if (check_.schema->deviation == nullptr) return false;
    const DTypeInfo& out = Info(y_.dtype);
    const uint64_t expected = LoadBits(out, y_.bytes.data(), i);
    const ElementAnswer e{.input = reads_.type(),
                          .inputs = reads_.At(i),
                          .types = reads_.types(),
                          .output = &out,
                          .expected = expected,
                          .actual = expected,
                          .attributes = &check_.attributes};
    return AnswerOpen(*check_.schema, e);
  }

 private:
  const NodeCheck& check_;
  ElementInputs reads_;
  const Tensor& y_;
  std::vector<std::pair<size_t, const std::vector<uint8_t>*>> open_;
  bool unknown_ = false;
};

std::vector<uint8_t> OpenElements(
    const NodeCheck& check, std::span<const Tensor* const> inputs,
    std::span<const std::vector<uint8_t>* const> open, const Tensor& y) {
  OpenSpots spots(check, inputs, open, y);
  if (!spots.Any()) return {};
  const size_t n = y.count();
  std::vector<uint8_t> mask(n, 0);
  bool any = false;
  for (size_t i = 0; i < n; ++i) {
    mask[i] = spots.At(i) ? 1 : 0;
    any = any || mask[i] != 0;
  }
  if (!any) mask.clear();
  return mask;
}

std::string Where(const Model& model, size_t i) {
  return "graph.node[" + std::to_string(i) + "] (" + model.nodes[i].op_type +
         "): ";
}

// Runs node `i`, its outputs and their open elements into `values`; an
// outcome that is not ok when it cannot.
RunOutcome RunInto(const Model& model, const GraphCheck& check, size_t i,
                   Values& values) {
  const Node& node = model.nodes[i];
  if (IsConstant(node)) {
    values[node.outputs[0]] = {node.tensors.at("value"), {}};
    return {};
  }
  std::vector<const Tensor*> inputs;
  std::vector<const std::vector<uint8_t>*> open;
  for (const std::string& name : node.inputs) {
    const auto it = values.find(name);
    inputs.push_back(name.empty() ? &Absent() : &it->second.tensor);
    open.push_back(name.empty() ? nullptr : &it->second.open);
  }
  RunOutcome out = RunNode(check.nodes[i], node, inputs);
  if (out.kind != OutcomeKind::kOk) {
    out.message = Where(model, i) + out.message;
    return out;
  }
  for (size_t k = 0; k < out.outputs.size(); ++k) {
    Tensor& y = out.outputs[k];
    std::vector<uint8_t> mask = OpenElements(check.nodes[i], inputs, open, y);
    if (!node.outputs[k].empty()) {
      values[node.outputs[k]] = {std::move(y), std::move(mask)};
    }
  }
  return {};
}

// The fed inputs and initializers as values; "" or why `fed` does not fit.
std::string Feed(const Model& model, const std::vector<Tensor>& fed,
                 Values& values) {
  const std::vector<const ValueInfo*> wanted = model.FedInputs();
  if (wanted.size() != fed.size()) {
    return "the run feeds " + std::to_string(fed.size()) + " inputs for " +
           std::to_string(wanted.size());
  }
  for (size_t k = 0; k < fed.size(); ++k) {
    if (static_cast<int32_t>(fed[k].dtype) != wanted[k]->elem_type) {
      return "input '" + wanted[k]->name + "' is fed " +
             std::string(Name(fed[k].dtype)) + ", the model declares dtype code " +
             std::to_string(wanted[k]->elem_type);
    }
    values[wanted[k]->name] = {fed[k], {}};
  }
  for (const Tensor& t : model.initializers) {
    values.try_emplace(t.name, Value{t, {}});
  }
  return "";
}

// The node's outputs; throws what its kernel throws.
RunOutcome Compute(const NodeCheck& check, const Node& node,
                   std::span<const Tensor* const> inputs) {
  std::vector<Dims> shapes;
  for (const Tensor* x : inputs) shapes.push_back(x->dims);
  const NodeOutputs inferred = InferOutputs(*check.schema, check.input_types,
                                            shapes, check.attributes);
  if (!inferred.problem.empty()) {
    return RunOutcome::Of(OutcomeKind::kError, inferred.problem);
  }
  RunOutcome out;
  Tensor& y = out.outputs.emplace_back();
  y.name = node.outputs[0];
  y.dtype = inferred.types[0];
  y.dims = inferred.dims;
  size_t n = 1;
  for (int64_t d : y.dims) n *= static_cast<size_t>(d);
  y.bytes.resize(StorageBytes(Info(y.dtype), n));
  std::vector<ConstTensorView> in;
  for (const Tensor* x : inputs) {
    const size_t count = x->dtype == kAbsentInput ? 0 : x->count();
    in.push_back({x->dtype, x->bytes.data(), x->dims, count});
  }
  const TensorView result[] = {{y.dtype, y.bytes.data(), y.dims, y.count()}};
  check.schema->kernel(std::span(in), std::span(result), check.attributes);
  return out;
}

}  // namespace

RunOutcome RunNode(const NodeCheck& check, const Node& node,
                   std::span<const Tensor* const> inputs) {
  // A kernel that throws is that run's error, not the harness's end: the
  // node check should have refused what a kernel cannot take.
  try {
    return Compute(check, node, inputs);
  } catch (const std::exception& e) {
    return RunOutcome::Of(OutcomeKind::kError,
                          std::string("the reference kernel threw: ") +
                              e.what());
  }
}

GraphAnswer EvaluateGraph(const Model& model, const GraphCheck& check,
                          const std::vector<Tensor>& fed) {
  GraphAnswer answer;
  Values values;
  if (std::string why = Feed(model, fed, values); !why.empty()) {
    answer.outcome = RunOutcome::Of(OutcomeKind::kError, std::move(why));
    return answer;
  }
  for (const size_t i : check.order) {
    RunOutcome step = RunInto(model, check, i, values);
    if (step.kind != OutcomeKind::kOk) {
      answer.outcome = std::move(step);
      return answer;
    }
  }
  for (const ValueInfo& out : model.outputs) {
    const Value& v = values.at(out.name);
    Tensor& y = answer.outcome.outputs.emplace_back(v.tensor);
    y.name = out.name;
    answer.open.push_back(v.open);
  }
  return answer;
}

}  // namespace onnxcts
