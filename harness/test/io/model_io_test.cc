#include "io/model_io.h"

#include <gtest/gtest.h>

#include "io/tensor_io.h"
#include "io/unsupported_input.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

using testing::ExpectInputError;
using testing::TempDir;

// A model with a bit of everything a Model holds.
Model RichModel() {
  Model m;
  m.ir_version = 9;
  m.opsets = {{"", 20}, {"com.example", 2}};
  m.inputs = {
      {"x", 19,
       std::vector<Dim>{{4, ""}, {std::nullopt, "batch"}, {std::nullopt, ""}}},
      {"w", 1, std::vector<Dim>{}},
      {"z", 8, std::nullopt}};
  m.outputs = {{"y", 9, std::vector<Dim>{{4, ""}}}};
  Node n;
  n.name = "isinf";
  n.op_type = "IsInf";
  n.inputs = {"x", ""};
  n.outputs = {"y"};
  n.attributes = {{"detect_negative", int64_t{0}},
                  {"alpha", 0.5f},
                  {"mode", std::string("exact")},
                  {"axes", std::vector<int64_t>{-1, 3}},
                  {"scales", std::vector<float>{1.5f, -2.0f}},
                  {"empty", std::vector<int64_t>{}}};
  m.nodes = {n, Node{"", "Custom", "com.example", {"y"}, {"q"}, {}, {}}};
  m.initializers = {Tensor{"w", DType::kFloat, {}, {0, 0, 0x80, 0x3F}}};
  return m;
}

Model RoundTrip(const Model& m) {
  return ParseModel(EncodeModel(m), "m.onnx", "/nonexistent");
}

void ExpectSameValues(const std::vector<ValueInfo>& a,
                      const std::vector<ValueInfo>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].elem_type, b[i].elem_type);
    ASSERT_EQ(a[i].shape.has_value(), b[i].shape.has_value()) << a[i].name;
    if (!a[i].shape) continue;
    ASSERT_EQ(a[i].shape->size(), b[i].shape->size());
    for (size_t d = 0; d < a[i].shape->size(); ++d) {
      EXPECT_EQ((*a[i].shape)[d].value, (*b[i].shape)[d].value);
      EXPECT_EQ((*a[i].shape)[d].param, (*b[i].shape)[d].param);
    }
  }
}

TEST(ModelIo, WrittenModelsReadBackTheSame) {
  const Model m = RichModel();
  const Model back = RoundTrip(m);
  EXPECT_EQ(back.ir_version, 9);
  EXPECT_EQ(back.opsets, m.opsets);
  ExpectSameValues(back.inputs, m.inputs);
  ExpectSameValues(back.outputs, m.outputs);
  ASSERT_EQ(back.nodes.size(), 2u);
  EXPECT_EQ(back.nodes[0].name, "isinf");
  EXPECT_EQ(back.nodes[0].op_type, "IsInf");
  EXPECT_EQ(back.nodes[0].inputs, m.nodes[0].inputs);
  EXPECT_EQ(back.nodes[0].outputs, m.nodes[0].outputs);
  EXPECT_EQ(back.nodes[0].attributes, m.nodes[0].attributes);
  EXPECT_TRUE(back.nodes[0].other_attributes.empty());
  EXPECT_EQ(back.nodes[1].domain, "com.example");
  ASSERT_EQ(back.initializers.size(), 1u);
  EXPECT_EQ(back.initializers[0].bytes, m.initializers[0].bytes);
  EXPECT_EQ(back.initializers[0].dims, m.initializers[0].dims);
  // What the rest of the harness derives from it.
  EXPECT_EQ(back.OpsetOf("ai.onnx"), 20);
  ASSERT_EQ(back.FedInputs().size(), 2u);
  EXPECT_EQ(back.FedInputs()[0]->name, "x");
}

TEST(ModelIo, WriteModelFileIsReadByReadModelFile) {
  TempDir dir;
  std::filesystem::create_directories(dir / "case");
  WriteModelFile(dir / "case/model.onnx", RichModel(), "g");
  onnx::ModelProto p;
  ASSERT_TRUE(p.ParseFromString(testing::ReadBytes(dir / "case/model.onnx")));
  EXPECT_EQ(p.graph().name(), "g");
  EXPECT_EQ(ReadModelFile(dir / "case/model.onnx", dir.path()).nodes.size(),
            2u);
}

TEST(ModelIo, ModelsWithOtherAttributesCannotBeWritten) {
  Model m = RichModel();
  m.nodes[0].other_attributes["value"] = "TENSOR";
  EXPECT_THROW(EncodeModel(m), std::invalid_argument);
}

// A Constant node's `value` tensor is read and written whole, and still
// listed among the attributes a single-node path refuses.
TEST(ModelIo, TensorAttributesKeepTheirValue) {
  Model m = RichModel();
  Node c;
  c.op_type = "Constant";
  c.outputs = {"k"};
  c.other_attributes["value"] = "TENSOR";
  c.tensors["value"] = Tensor{"", DType::kInt8, {2}, {0x80, 0x7f}};
  m.nodes.push_back(c);
  const Model back = RoundTrip(m);
  ASSERT_EQ(back.nodes.size(), 3u);
  const Node& read = back.nodes[2];
  EXPECT_EQ(read.other_attributes.at("value"), "TENSOR");
  const Tensor& value = read.tensors.at("value");
  EXPECT_EQ(value.dtype, DType::kInt8);
  EXPECT_EQ(value.dims, (std::vector<int64_t>{2}));
  EXPECT_EQ(value.bytes, (std::vector<uint8_t>{0x80, 0x7f}));
  // A tensor that breaks its dims names the attribute's field.
  onnx::ModelProto p = ToModelProto(m);
  p.mutable_graph()->mutable_node(2)->mutable_attribute(0)->mutable_t()->add_dims(3);
  ExpectInputError([&] { DecodeModel(p, "m.onnx", "/nonexistent"); },
                   "graph.node[2].attribute[0].t.raw_data");
}

onnx::ModelProto ValidProto() { return ToModelProto(RichModel()); }

void ExpectModelError(const onnx::ModelProto& p, const std::string& field,
                      const Limits& limits = {}) {
  ExpectInputError([&] { DecodeModel(p, "m.onnx", "/nonexistent", limits); },
                   field);
}

TEST(ModelIo, UnparsableOrEmptyModelsNameTheProblem) {
  ExpectInputError(
      [] { ParseModel("this is not an onnx model", "m.onnx", ""); }, "");
  ExpectInputError([] { ParseModel("", "m.onnx", ""); }, "");
  onnx::ModelProto p = ValidProto();
  p.clear_graph();
  ExpectModelError(p, "graph");
  const std::string bytes = EncodeModel(RichModel());
  ExpectInputError(
      [&] { ParseModel(bytes.substr(0, bytes.size() / 2), "m.onnx", ""); }, "");
  ExpectInputError(
      [&] { ParseModel(bytes, "m.onnx", "", Limits{.max_file_bytes = 100}); },
      "");
}

TEST(ModelIo, OpsetImportsMustBeSingleAndPositive) {
  onnx::ModelProto p = ValidProto();
  auto* dup = p.add_opset_import();
  dup->set_domain("ai.onnx");  // the same domain as ""
  dup->set_version(13);
  ExpectModelError(p, "opset_import[2].domain");
  p = ValidProto();
  p.mutable_opset_import(1)->set_version(0);
  ExpectModelError(p, "opset_import[1].version");
  p = ValidProto();
  p.clear_ir_version();
  ExpectModelError(p, "ir_version");
}

onnx::AttributeProto& FirstAttribute(onnx::ModelProto& p) {
  return *p.mutable_graph()->mutable_node(0)->mutable_attribute(0);
}

TEST(ModelIo, AttributeTypeMustMatchItsValue) {
  const std::string field = "graph.node[0].attribute[0].type";
  onnx::ModelProto p = ValidProto();
  ASSERT_EQ(FirstAttribute(p).name(), "alpha");  // FLOAT
  FirstAttribute(p).set_type(onnx::AttributeProto::INT);
  ExpectModelError(p, field);  // says INT, f is set, i is not
  FirstAttribute(p).set_i(1);
  ExpectModelError(p, field);  // says INT, f is still set
  FirstAttribute(p).clear_f();
  EXPECT_EQ(std::get<int64_t>(
                DecodeModel(p, "m", "").nodes[0].attributes.at("alpha")),
            1);
  FirstAttribute(p).set_type(onnx::AttributeProto::UNDEFINED);
  ExpectModelError(p, field);
  FirstAttribute(p).clear_type();
  ExpectModelError(p, field);
  FirstAttribute(p).mutable_unknown_fields()->AddVarint(
      onnx::AttributeProto::kTypeFieldNumber, 99);
  ExpectModelError(p, field);

  p = ValidProto();
  FirstAttribute(p).set_type(onnx::AttributeProto::FLOATS);
  ExpectModelError(p, field);  // says FLOATS, f is set
  FirstAttribute(p).clear_f();
  EXPECT_EQ(std::get<std::vector<float>>(
                DecodeModel(p, "m", "").nodes[0].attributes.at("alpha")),
            std::vector<float>{});  // an empty list is a list
}

TEST(ModelIo, AttributesNeedUniqueNames) {
  onnx::ModelProto p = ValidProto();
  FirstAttribute(p).clear_name();
  ExpectModelError(p, "graph.node[0].attribute[0].name");
  p = ValidProto();
  *p.mutable_graph()->mutable_node(0)->add_attribute() = FirstAttribute(p);
  ExpectModelError(p, "graph.node[0].attribute[6].name");
}

TEST(ModelIo, OtherAttributeTypesAreKeptByName) {
  onnx::ModelProto p = ValidProto();
  auto* node = p.mutable_graph()->mutable_node(0);
  auto* t = node->add_attribute();
  t->set_name("value");
  t->set_type(onnx::AttributeProto::TENSOR);
  *t->mutable_t() = ToTensorProto(Tensor{"", DType::kInt8, {1}, {7}});
  auto* s = node->add_attribute();
  s->set_name("names");
  s->set_type(onnx::AttributeProto::STRINGS);
  s->add_strings("a");
  const Model m = DecodeModel(p, "m", "");
  EXPECT_EQ(m.nodes[0].other_attributes,
            (std::map<std::string, std::string>{{"value", "TENSOR"},
                                                {"names", "STRINGS"}}));
  EXPECT_FALSE(m.nodes[0].attributes.contains("value"));
}

TEST(ModelIo, GraphValuesAreChecked) {
  onnx::ModelProto p = ValidProto();
  p.mutable_graph()->mutable_input(0)->clear_name();
  ExpectModelError(p, "graph.input[0].name");
  p = ValidProto();
  p.mutable_graph()->mutable_output(0)->set_name("x");
  *p.mutable_graph()->add_output() = p.graph().output(0);
  ExpectModelError(p, "graph.output[1].name");
  p = ValidProto();
  p.mutable_graph()->mutable_input(1)->clear_type();
  ExpectModelError(p, "graph.input[1].type");
  p = ValidProto();
  p.mutable_graph()
      ->mutable_input(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->set_elem_type(99);
  ExpectModelError(p, "graph.input[0].type.tensor_type.elem_type");
  p = ValidProto();
  p.mutable_graph()
      ->mutable_input(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->mutable_shape()
      ->mutable_dim(0)
      ->set_dim_value(-4);
  ExpectModelError(p, "graph.input[0].type.tensor_type.shape.dim[0].dim_value");
  p = ValidProto();
  auto* shape = p.mutable_graph()
                    ->mutable_input(0)
                    ->mutable_type()
                    ->mutable_tensor_type()
                    ->mutable_shape();
  for (int i = 0; i < 20; ++i) shape->add_dim()->set_dim_value(1);
  ExpectModelError(p, "graph.input[0].type.tensor_type.shape");
  p = ValidProto();
  p.mutable_graph()->mutable_input(2)->mutable_type()->mutable_sequence_type();
  testing::ExpectInputError<UnsupportedInput>([&] { DecodeModel(p, "m", ""); },
                                              "graph.input[2].type");
}

TEST(ModelIo, NodesAndInitializersAreChecked) {
  onnx::ModelProto p = ValidProto();
  p.mutable_graph()->mutable_node(1)->clear_op_type();
  ExpectModelError(p, "graph.node[1].op_type");
  p = ValidProto();
  p.mutable_graph()->mutable_node(1)->set_output(0, "y");  // node 0's
  ExpectModelError(p, "graph.node[1].output[0]");
  p = ValidProto();
  p.mutable_graph()->mutable_node(0)->set_output(0, "x");  // a graph input
  ExpectModelError(p, "graph.node[0].output[0]");
  p = ValidProto();
  p.mutable_graph()->mutable_initializer(0)->add_dims(-1);
  ExpectModelError(p, "graph.initializer[0].dims[0]");
  p = ValidProto();
  *p.mutable_graph()->add_initializer() = p.graph().initializer(0);
  ExpectModelError(p, "graph.initializer[1].name");
  p = ValidProto();
  p.mutable_graph()->mutable_initializer(0)->clear_name();
  ExpectModelError(p, "graph.initializer[0].name");
  p = ValidProto();
  p.mutable_graph()->add_sparse_initializer();
  testing::ExpectInputError<UnsupportedInput>([&] { DecodeModel(p, "m", ""); },
                                              "graph.sparse_initializer");
  ExpectModelError(ValidProto(), "graph.input", Limits{.max_count = 2});
}

TEST(ModelIo, InitializerExternalDataIsRelativeToTheModel) {
  TempDir suite;
  onnx::ModelProto p = ValidProto();
  auto* w = p.mutable_graph()->mutable_initializer(0);
  w->clear_raw_data();
  w->set_data_location(onnx::TensorProto::EXTERNAL);
  auto* e = w->add_external_data();
  e->set_key("location");
  e->set_value("weights.bin");
  testing::WriteBytes(suite / "case/weights.bin", std::string("\0\0\0\x40", 4));
  testing::WriteBytes(suite / "case/model.onnx", p.SerializeAsString());
  const Model m = ReadModelFile(suite / "case/model.onnx", suite.path());
  EXPECT_EQ(m.initializers[0].bytes, (std::vector<uint8_t>{0, 0, 0, 0x40}));
  e->set_value("../../etc/passwd");
  testing::WriteBytes(suite / "case/model.onnx", p.SerializeAsString());
  ExpectInputError(
      [&] { ReadModelFile(suite / "case/model.onnx", suite.path()); },
      "graph.initializer[0].external_data.location");
}

}  // namespace
}  // namespace onnxcts
