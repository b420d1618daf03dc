// Reading half of model_io.h.
#include <algorithm>
#include <climits>
#include <set>

#include "core/input_error.h"
#include "io/attribute_io.h"
#include "io/files.h"
#include "io/model_io.h"
#include "io/onnx_types.h"
#include "io/tensor_io.h"
#include "io/unsupported_input.h"

namespace onnxcts {
namespace fs = std::filesystem;
namespace {

// The model being read: where errors point, and the bounds.
struct Reader {
  const std::string& file;
  const fs::path& suite_root;
  const Limits& limits;

  [[noreturn]] void Fail(const std::string& field,
                         const std::string& message) const {
    throw InputError(file, field, message);
  }
  void CheckCount(int count, const std::string& field) const {
    if (static_cast<size_t>(count) > limits.max_count) {
      Fail(field, std::to_string(count) + " entries, above the limit of " +
                      std::to_string(limits.max_count));
    }
  }
};

std::string Indexed(const std::string& field, int i) {
  return field + "[" + std::to_string(i) + "]";
}

std::map<std::string, int64_t> ReadOpsets(const onnx::ModelProto& proto,
                                          const Reader& r) {
  r.CheckCount(proto.opset_import_size(), "opset_import");
  std::map<std::string, int64_t> opsets;
  for (int i = 0; i < proto.opset_import_size(); ++i) {
    const auto& op = proto.opset_import(i);
    const std::string field = Indexed("opset_import", i);
    if (!op.has_version() || op.version() < 1) {
      r.Fail(field + ".version", "missing or below 1");
    }
    const std::string domain = op.domain() == "ai.onnx" ? "" : op.domain();
    if (!opsets.emplace(domain, op.version()).second) {
      r.Fail(field + ".domain",
             "domain \"" + op.domain() + "\" imported twice");
    }
  }
  return opsets;
}

std::vector<Dim> ReadShape(const onnx::TensorShapeProto& shape,
                           const std::string& field, const Reader& r) {
  if (static_cast<size_t>(shape.dim_size()) > r.limits.max_rank) {
    r.Fail(field, "rank " + std::to_string(shape.dim_size()) +
                      " is above the limit of " +
                      std::to_string(r.limits.max_rank));
  }
  std::vector<Dim> dims(shape.dim_size());
  for (int i = 0; i < shape.dim_size(); ++i) {
    const auto& d = shape.dim(i);
    if (d.has_dim_value()) {
      if (d.dim_value() < 0) {
        r.Fail(Indexed(field + ".dim", i) + ".dim_value",
               "negative dimension " + std::to_string(d.dim_value()));
      }
      dims[i].value = d.dim_value();
    } else if (d.has_dim_param()) {
      dims[i].param = d.dim_param();
    }
  }
  return dims;
}

std::string_view ValueKind(onnx::TypeProto::ValueCase c) {
  switch (c) {
    case onnx::TypeProto::kSequenceType:
      return "sequence";
    case onnx::TypeProto::kMapType:
      return "map";
    case onnx::TypeProto::kOptionalType:
      return "optional";
    case onnx::TypeProto::kSparseTensorType:
      return "sparse tensor";
    default:
      return "non-tensor";
  }
}

ValueInfo ReadValue(const onnx::ValueInfoProto& v, const std::string& field,
                    const Reader& r) {
  if (v.name().empty()) r.Fail(field + ".name", "empty");
  const auto value_case = v.type().value_case();
  if (value_case == onnx::TypeProto::VALUE_NOT_SET) {
    r.Fail(field + ".type", "missing");
  }
  if (value_case != onnx::TypeProto::kTensorType) {
    throw UnsupportedInput(
        r.file, field + ".type",
        std::string(ValueKind(value_case)) + " values are not supported");
  }
  const auto& tensor = v.type().tensor_type();
  ValueInfo info;
  info.name = v.name();
  info.elem_type = tensor.elem_type();
  if (info.elem_type != 0 && !IsOnnxElemType(info.elem_type)) {
    r.Fail(field + ".type.tensor_type.elem_type",
           "unknown element type code " + std::to_string(info.elem_type));
  }
  if (tensor.has_shape()) {
    info.shape =
        ReadShape(tensor.shape(), field + ".type.tensor_type.shape", r);
  }
  return info;
}

template <typename Values>
std::vector<ValueInfo> ReadValues(const Values& values,
                                  const std::string& field, const Reader& r) {
  r.CheckCount(values.size(), field);
  std::vector<ValueInfo> infos;
  std::set<std::string, std::less<>> names;
  for (int i = 0; i < values.size(); ++i) {
    infos.push_back(ReadValue(values[i], Indexed(field, i), r));
    if (!names.insert(infos.back().name).second) {
      r.Fail(Indexed(field, i) + ".name",
             "\"" + infos.back().name + "\" listed twice");
    }
  }
  return infos;
}

std::vector<Tensor> ReadInitializers(const onnx::GraphProto& graph,
                                     const Reader& r) {
  if (graph.sparse_initializer_size()) {
    throw UnsupportedInput(r.file, "graph.sparse_initializer",
                           "sparse initializers are not supported");
  }
  r.CheckCount(graph.initializer_size(), "graph.initializer");
  std::vector<Tensor> tensors;
  std::set<std::string, std::less<>> names;
  uint64_t total = 0;
  for (int i = 0; i < graph.initializer_size(); ++i) {
    const std::string field = Indexed("graph.initializer", i);
    tensors.push_back(DecodeTensor(graph.initializer(i), r.file, field + ".",
                                   r.suite_root, r.limits));
    const Tensor& t = tensors.back();
    if (t.name.empty()) r.Fail(field + ".name", "empty");
    if (!names.insert(t.name).second) {
      r.Fail(field + ".name", "\"" + t.name + "\" initialized twice");
    }
    total += t.bytes.size();
    if (total > r.limits.max_bytes) {
      r.Fail(field, "initializers exceed " +
                        std::to_string(r.limits.max_bytes) + " bytes");
    }
  }
  return tensors;
}

Node ReadNode(const onnx::NodeProto& proto, const std::string& field,
              const Reader& r) {
  if (proto.op_type().empty()) r.Fail(field + ".op_type", "empty");
  r.CheckCount(proto.input_size(), field + ".input");
  r.CheckCount(proto.output_size(), field + ".output");
  r.CheckCount(proto.attribute_size(), field + ".attribute");
  Node node;
  node.name = proto.name();
  node.op_type = proto.op_type();
  node.domain = proto.domain() == "ai.onnx" ? "" : proto.domain();
  node.inputs.assign(proto.input().begin(), proto.input().end());
  node.outputs.assign(proto.output().begin(), proto.output().end());
  for (int j = 0; j < proto.attribute_size(); ++j) {
    const onnx::AttributeProto& a = proto.attribute(j);
    const std::string where = Indexed(field + ".attribute", j);
    DecodeAttribute(a, r.file, where, node);
    if (a.type() == onnx::AttributeProto::TENSOR) {
      node.tensors[a.name()] =
          DecodeTensor(a.t(), r.file, where + ".t.", r.suite_root, r.limits);
    }
  }
  return node;
}

// Each value has one producer: a graph input, an initializer or one node
// output. A second one makes the graph ambiguous.
void CheckSingleAssignment(const Model& model, const Reader& r) {
  std::set<std::string, std::less<>> defined;
  for (const ValueInfo& in : model.inputs) defined.insert(in.name);
  for (const Tensor& t : model.initializers) defined.insert(t.name);
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const auto& outputs = model.nodes[i].outputs;
    for (size_t j = 0; j < outputs.size(); ++j) {
      // An empty name marks an optional output left out.
      if (outputs[j].empty() || defined.insert(outputs[j]).second) continue;
      r.Fail(Indexed(Indexed("graph.node", static_cast<int>(i)) + ".output",
                     static_cast<int>(j)),
             "\"" + outputs[j] + "\" is already defined");
    }
  }
}

std::vector<Node> ReadNodes(const onnx::GraphProto& graph, const Reader& r) {
  r.CheckCount(graph.node_size(), "graph.node");
  std::vector<Node> nodes;
  for (int i = 0; i < graph.node_size(); ++i) {
    nodes.push_back(ReadNode(graph.node(i), Indexed("graph.node", i), r));
  }
  return nodes;
}

uint64_t FileLimit(const Limits& limits) {
  return std::min<uint64_t>(limits.max_file_bytes, INT_MAX);
}

}  // namespace

Model DecodeModel(const onnx::ModelProto& proto, const std::string& file,
                  const fs::path& suite_root, const Limits& limits) {
  const fs::path root = RootFor(file, suite_root);
  const Reader r{file, root, limits};
  if (!proto.has_ir_version() || proto.ir_version() < 1) {
    r.Fail("ir_version", "missing or below 1");
  }
  Model model;
  model.ir_version = proto.ir_version();
  model.opsets = ReadOpsets(proto, r);
  if (!proto.has_graph()) r.Fail("graph", "missing");
  const onnx::GraphProto& graph = proto.graph();
  model.inputs = ReadValues(graph.input(), "graph.input", r);
  model.outputs = ReadValues(graph.output(), "graph.output", r);
  model.initializers = ReadInitializers(graph, r);
  model.nodes = ReadNodes(graph, r);
  CheckSingleAssignment(model, r);
  return model;
}

Model ParseModel(std::string_view bytes, const std::string& file,
                 const fs::path& suite_root, const Limits& limits) {
  if (bytes.size() > FileLimit(limits)) {
    throw InputError(file, "",
                     std::to_string(bytes.size()) +
                         " bytes, above the limit of " +
                         std::to_string(FileLimit(limits)));
  }
  // An empty file parses as an empty ModelProto; say what is really wrong.
  if (bytes.empty()) throw InputError(file, "", "empty file");
  onnx::ModelProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    throw InputError(file, "",
                     "not a ModelProto (truncated or corrupt protobuf)");
  }
  return DecodeModel(proto, file, suite_root, limits);
}

Model ReadModelFile(const fs::path& file, const fs::path& suite_root,
                    const Limits& limits) {
  const fs::path root = RootFor(file, suite_root);
  const fs::path real = ConfinedPath(file, root, file.string(), "");
  return ParseModel(ReadFileBounded(real, FileLimit(limits)), file.string(),
                    root, limits);
}

}  // namespace onnxcts
