// Writing half of model_io.h.
#include <stdexcept>

#include "io/attribute_io.h"
#include "io/files.h"
#include "io/model_io.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

void FillValue(const ValueInfo& info, onnx::ValueInfoProto& proto) {
  proto.set_name(info.name);
  auto* tensor = proto.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(info.elem_type);
  if (!info.shape) return;
  auto* shape = tensor->mutable_shape();  // present even when rank 0
  for (const Dim& dim : *info.shape) {
    auto* d = shape->add_dim();
    if (dim.value) {
      d->set_dim_value(*dim.value);
    } else if (!dim.param.empty()) {
      d->set_dim_param(dim.param);
    }
  }
}

void FillNode(const Node& node, onnx::NodeProto& proto) {
  for (const auto& [name, type] : node.other_attributes) {
    if (node.tensors.contains(name)) continue;
    throw std::invalid_argument("node " + node.name +
                                " has attributes of types a Model does not "
                                "hold (" +
                                type + "); cannot write");
  }
  if (!node.name.empty()) proto.set_name(node.name);
  proto.set_op_type(node.op_type);
  if (!node.domain.empty()) proto.set_domain(node.domain);
  for (const std::string& in : node.inputs) proto.add_input(in);
  for (const std::string& out : node.outputs) proto.add_output(out);
  for (const auto& [name, value] : node.attributes) {
    *proto.add_attribute() = ToAttributeProto(name, value);
  }
  for (const auto& [name, tensor] : node.tensors) {
    onnx::AttributeProto* a = proto.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::TENSOR);
    *a->mutable_t() = ToTensorProto(tensor);
  }
}

}  // namespace

onnx::ModelProto ToModelProto(const Model& model, std::string_view graph_name) {
  onnx::ModelProto proto;
  proto.set_ir_version(model.ir_version);
  proto.set_producer_name("onnxcts");
  for (const auto& [domain, version] : model.opsets) {
    auto* opset = proto.add_opset_import();
    opset->set_domain(domain);
    opset->set_version(version);
  }
  onnx::GraphProto* graph = proto.mutable_graph();
  graph->set_name(std::string(graph_name));
  for (const Node& node : model.nodes) FillNode(node, *graph->add_node());
  for (const ValueInfo& in : model.inputs) FillValue(in, *graph->add_input());
  for (const ValueInfo& out : model.outputs) {
    FillValue(out, *graph->add_output());
  }
  for (const Tensor& t : model.initializers) {
    *graph->add_initializer() = ToTensorProto(t);
  }
  return proto;
}

std::string EncodeModel(const Model& model, std::string_view graph_name) {
  return ToModelProto(model, graph_name).SerializeAsString();
}

void WriteModelFile(const std::filesystem::path& file, const Model& model,
                    std::string_view graph_name) {
  WriteFileAtomic(file, EncodeModel(model, graph_name));
}

}  // namespace onnxcts
