#include "backend_test_util.h"

#include "io/tensor_io.h"

namespace onnxcts::testing {

Tensor MakeTensor(DType t, std::vector<int64_t> dims,
                  const std::vector<uint64_t>& bits) {
  Tensor tensor;
  tensor.dtype = t;
  tensor.dims = std::move(dims);
  tensor.bytes.resize(StorageBytes(Info(t), bits.size()));
  for (size_t i = 0; i < bits.size(); ++i) {
    StoreBits(Info(t), tensor.bytes.data(), i, bits[i]);
  }
  return tensor;
}

std::vector<uint64_t> BitsOf(const Tensor& t) {
  std::vector<uint64_t> bits(t.count());
  for (size_t i = 0; i < bits.size(); ++i) {
    bits[i] = LoadBits(Info(t.dtype), t.bytes.data(), i);
  }
  return bits;
}

Model UnaryModel(const std::string& op, int opset, DType in, DType out,
                 Attributes attributes) {
  return NodeModel(op, opset, in, out, 1, std::move(attributes));
}

Model NodeModel(const std::string& op, int opset, DType in, DType out,
                size_t inputs, Attributes attributes) {
  Model model;
  model.ir_version = 9;
  model.opsets[""] = opset;
  Node node;
  for (size_t k = 0; k < inputs; ++k) {
    const std::string name = k == 0 ? "x" : "x" + std::to_string(k);
    model.inputs.push_back({name, static_cast<int32_t>(in), {{Dim{}}}});
    node.inputs.push_back(name);
  }
  model.outputs.push_back({"y", static_cast<int32_t>(out), {{Dim{}}}});
  node.op_type = op;
  node.outputs = {"y"};
  node.attributes = std::move(attributes);
  model.nodes.push_back(std::move(node));
  return model;
}

TestCase WriteCase(const std::filesystem::path& root, const std::string& name,
                   const std::vector<Tensor>& inputs) {
  TestCase test_case;
  test_case.id = "test." + name;
  test_case.suite_root = root;
  test_case.dir = root / name;
  test_case.model = test_case.dir / "model.onnx";
  DataSet data_set;
  data_set.dir = test_case.dir / "test_data_set_0";
  std::filesystem::create_directories(data_set.dir);
  for (size_t k = 0; k < inputs.size(); ++k) {
    data_set.inputs.push_back(data_set.dir /
                              ("input_" + std::to_string(k) + ".pb"));
    WriteTensorFile(data_set.inputs.back(), inputs[k]);
  }
  test_case.data_sets.push_back(std::move(data_set));
  return test_case;
}

RunRequest RequestFor(const TestCase& test_case, const Model& model,
                      std::vector<Tensor> inputs, double timeout_seconds) {
  RunRequest request;
  request.test_case = &test_case;
  request.data_set = &test_case.data_sets.at(0);
  request.model = &model;
  request.inputs = std::move(inputs);
  request.timeout_seconds = timeout_seconds;
  return request;
}

}  // namespace onnxcts::testing
