#include "reference_node.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <span>
#include <vector>

#include "onnxcts/broadcast.h"
#include "onnxcts/infer.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

std::optional<AttrValue> ToValue(const onnxcts_attribute& a) {
  switch (a.type) {
    case ONNXCTS_ATTRIBUTE_INT:
      return a.i;
    case ONNXCTS_ATTRIBUTE_FLOAT:
      return a.f;
    case ONNXCTS_ATTRIBUTE_STRING:
      return std::string(a.bytes, a.size);
    case ONNXCTS_ATTRIBUTE_INTS:
      return std::vector<int64_t>(a.ints, a.ints + a.size);
    case ONNXCTS_ATTRIBUTE_FLOATS:
      return std::vector<float>(a.floats, a.floats + a.size);
  }
  return std::nullopt;
}

std::string ToAttributes(const onnxcts_node* node, Attributes& attributes) {
  for (size_t i = 0; i < node->attribute_count; ++i) {
    const onnxcts_attribute& a = node->attributes[i];
    std::optional<AttrValue> value = ToValue(a);
    if (!value) return "attribute '" + std::string(a.name) + "' has no type";
    attributes.insert_or_assign(a.name, std::move(*value));
  }
  return "";
}

// The element count of a tensor whose payload matches its dims, else none.
std::optional<size_t> CountOf(const onnxcts_tensor& t, const DTypeInfo& info) {
  size_t count = 1;
  for (size_t d = 0; d < t.rank; ++d) {
    if (t.dims[d] < 0) return std::nullopt;
    const auto n = static_cast<size_t>(t.dims[d]);
    if (n != 0 && count > SIZE_MAX / 8 / n) return std::nullopt;  // 8: widest
    count *= n;
  }
  if (t.size != StorageBytes(info, count)) return std::nullopt;
  return count;
}

// Reads each input as a view of a dtype the table knows, its payload the
// size its dims say; "" when they are, else which is not. Whether the op
// takes them is InferOutputs's to say.
std::string ViewInputs(const onnxcts_node* node,
                       std::vector<ConstTensorView>& views) {
  for (size_t i = 0; i < node->input_count; ++i) {
    const onnxcts_tensor& t = node->inputs[i];
    const DTypeInfo* info = FindDType(t.dtype);
    if (info == nullptr) {
      return "input " + std::to_string(i) + " has dtype code " +
             std::to_string(t.dtype) + ", which ONNX does not define";
    }
    const std::optional<size_t> count = CountOf(t, *info);
    if (!count)
      return "input " + std::to_string(i) + ": size and dims disagree";
    views.push_back({info->code, t.data, {t.dims, t.rank}, *count});
  }
  return "";
}

// A node checked against its schema, ready for its kernel.
struct Prepared {
  const OpSchema* schema = nullptr;
  Attributes attributes;
  std::vector<ConstTensorView> inputs;
  std::vector<DType> output_types;
  // Every output's: the reference operators are element-wise.
  Dims output_dims;
  size_t output_count = 0;
};

// The outputs' types and shape, as the schema infers them; "" when there
// are some and they fit in memory.
std::string ShapeOutputs(Prepared& p) {
  std::vector<DType> types;
  std::vector<Dims> shapes;
  for (const ConstTensorView& v : p.inputs) {
    types.push_back(v.dtype);
    shapes.emplace_back(v.dims.begin(), v.dims.end());
  }
  NodeOutputs inferred =
      InferOutputs(*p.schema, types, shapes, p.attributes);
  if (!inferred.problem.empty()) return inferred.problem;
  // Broadcasting can multiply sizes past what any input holds.
  size_t widest = 1;
  for (DType t : inferred.types) {
    widest = std::max(widest, StorageBytes(Info(t), 1));
  }
  size_t count = 1;
  for (int64_t d : inferred.dims) {
    const auto n = static_cast<size_t>(d);
    if (n != 0 && count > SIZE_MAX / widest / n) {
      return "the output's shape is too large";
    }
    count *= n;
  }
  p.output_types = std::move(inferred.types);
  p.output_dims = std::move(inferred.dims);
  p.output_count = count;
  return "";
}

// Allocates an output of `p`'s shape; false when memory runs out.
bool Allocate(onnxcts_output& out, DType dtype, const Prepared& p,
              std::vector<TensorView>& views) {
  out.dtype = static_cast<int32_t>(dtype);
  out.rank = p.output_dims.size();
  out.dims =
      static_cast<int64_t*>(std::malloc(sizeof(int64_t) * (out.rank + 1)));
  out.size = StorageBytes(Info(dtype), p.output_count);
  // Never malloc(0), which may answer null.
  out.data = std::malloc(std::max<size_t>(out.size, 1));
  if (out.dims == nullptr || out.data == nullptr) return false;
  std::copy(p.output_dims.begin(), p.output_dims.end(), out.dims);
  views.push_back({dtype, out.data, {out.dims, out.rank}, p.output_count});
  return true;
}

// Checks `node` and binds its types; OK, or the status to answer with
// `problem` as its message.
onnxcts_status Prepare(const onnxcts_node* node, Prepared& p,
                       std::string& problem) {
  const OpSchema* s = FindSchema(node->domain, node->op_type,
                                 static_cast<int>(node->opset_version));
  if (s == nullptr) {
    problem = std::string(node->op_type) + " at opset " +
              std::to_string(node->opset_version) + " is not implemented";
    return ONNXCTS_STATUS_NOT_SUPPORTED;
  }
  p.schema = s;
  problem = ToAttributes(node, p.attributes);
  if (problem.empty()) problem = ResolveAttributes(*s, p.attributes);
  if (problem.empty()) problem = ViewInputs(node, p.inputs);
  if (problem.empty() && node->output_count != s->outputs.size()) {
    problem = VersionName(*s) + " has " + std::to_string(s->outputs.size()) +
              " outputs, not " + std::to_string(node->output_count);
  }
  if (problem.empty()) problem = ShapeOutputs(p);
  return problem.empty() ? ONNXCTS_STATUS_OK : ONNXCTS_STATUS_ERROR;
}

onnxcts_status RunKernel(const Prepared& p,
                         const std::vector<TensorView>& outputs,
                         std::string& problem) {
  try {
    p.schema->kernel(p.inputs, outputs, p.attributes);
  } catch (const std::exception& e) {
    problem = e.what();
    return ONNXCTS_STATUS_ERROR;
  }
  return ONNXCTS_STATUS_OK;
}

}  // namespace

onnxcts_status SetMessage(onnxcts_result* result, onnxcts_status status,
                          const std::string& text) {
  std::free(result->message);
  result->message = strdup(text.c_str());
  return status;
}

onnxcts_status RunReferenceNode(const onnxcts_node* node,
                                onnxcts_result* result) {
  Prepared p;
  std::string problem;
  onnxcts_status status = Prepare(node, p, problem);
  if (status != ONNXCTS_STATUS_OK) return SetMessage(result, status, problem);
  std::vector<TensorView> outputs;
  for (size_t k = 0; k < p.output_types.size(); ++k) {
    if (!Allocate(result->outputs[k], p.output_types[k], p, outputs)) {
      return SetMessage(result, ONNXCTS_STATUS_ERROR,
                        "out of memory for output " + std::to_string(k));
    }
  }
  status = RunKernel(p, outputs, problem);
  if (status != ONNXCTS_STATUS_OK) return SetMessage(result, status, problem);
  return ONNXCTS_STATUS_OK;
}

onnxcts_status SetMessage2(onnxcts_result2* result, onnxcts_status status,
                           const std::string& text) {
  if (result->message_capacity > 0) {
    const size_t n = std::min(text.size(), result->message_capacity - 1);
    std::memcpy(result->message, text.data(), n);
    result->message[n] = '\0';
  }
  return status;
}

onnxcts_status RunReferenceNode2(const onnxcts_node* node,
                                 onnxcts_result2* result) {
  Prepared p;
  std::string problem;
  onnxcts_status status = Prepare(node, p, problem);
  if (status != ONNXCTS_STATUS_OK) return SetMessage2(result, status, problem);
  bool fit = p.output_dims.size() <= ONNXCTS_PLUGIN_MAX_RANK;
  std::vector<TensorView> outputs;
  for (size_t k = 0; k < p.output_types.size(); ++k) {
    onnxcts_output2& out = result->outputs[k];
    out.dtype = static_cast<int32_t>(p.output_types[k]);
    out.rank = p.output_dims.size();
    if (out.rank > ONNXCTS_PLUGIN_MAX_RANK) continue;
    std::copy(p.output_dims.begin(), p.output_dims.end(), out.dims);
    out.size = StorageBytes(Info(p.output_types[k]), p.output_count);
    fit = fit && out.size <= out.capacity;
    outputs.push_back(
        {p.output_types[k], out.data, {out.dims, out.rank}, p.output_count});
  }
  // Too little room: the sizes say how much is needed, nothing is written.
  if (!fit) return ONNXCTS_STATUS_OK;
  status = RunKernel(p, outputs, problem);
  if (status != ONNXCTS_STATUS_OK) return SetMessage2(result, status, problem);
  return ONNXCTS_STATUS_OK;
}

void ReleaseResult(onnxcts_result* result) {
  for (size_t k = 0; k < result->output_count; ++k) {
    std::free(result->outputs[k].dims);
    std::free(result->outputs[k].data);
  }
  std::free(result->message);
}

}  // namespace onnxcts
