// The io layer against ONNX's own test data as Debian ships it
// (libonnx-testdata), with Debian's python onnx as the oracle.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <nlohmann/json.hpp>

#include "io/model_io.h"
#include "io/suite.h"
#include "io/tensor_io.h"
#include "io/unsupported_input.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using testing::kOnnxData;

const fs::path kNode = kOnnxData / "node";

const TestCase& Find(const std::vector<TestCase>& cases,
                     const std::string& id) {
  for (const TestCase& c : cases) {
    if (c.id == id) return c;
  }
  throw std::runtime_error("no case " + id);
}

TEST(OnnxTestData, DiscoveryFindsTheReferenceOpsWithTheirDataSets) {
  const std::vector<TestCase> cases = DiscoverCases(kNode);
  size_t folders = 0;
  for (const auto& e : fs::directory_iterator(kNode)) {
    folders += fs::exists(e.path() / "model.onnx");
  }
  EXPECT_EQ(cases.size(), folders);
  for (const char* name : {"test_isinf", "test_isnan", "test_sign",
                           "test_isinf_negative", "test_isinf_positive"}) {
    const TestCase& c = Find(cases, std::string("onnx.node.") + name);
    EXPECT_EQ(c.dir, kNode / name);
    EXPECT_EQ(c.model, kNode / name / "model.onnx");
    EXPECT_FALSE(c.must_reject);
    ASSERT_EQ(c.data_sets.size(), 1u);
    const DataSet& set = c.data_sets[0];
    EXPECT_EQ(set.index, 0);
    EXPECT_EQ(set.inputs, std::vector<fs::path>{kNode / name /
                                                "test_data_set_0/input_0.pb"});
    EXPECT_EQ(set.outputs, std::vector<fs::path>{
                               kNode / name / "test_data_set_0/output_0.pb"});
    EXPECT_EQ(set.layout_problem, "");
  }
  EXPECT_TRUE(std::ranges::is_sorted(cases, {}, &TestCase::id));
}

TEST(OnnxTestData, IdsAreTheSameFromAnyRoot) {
  const auto all = DiscoverCases(kOnnxData);
  EXPECT_EQ(Find(all, "onnx.node.test_isnan").dir, kNode / "test_isnan");
  EXPECT_EQ(Find(all, "onnx.simple.test_expand_shape_model1").dir,
            kOnnxData / "simple/test_expand_shape_model1");
  const auto one = DiscoverCases(kNode / "test_isnan");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].id, "onnx.node.test_isnan");
  size_t problems = 0;
  for (const TestCase& c : all) {
    for (const DataSet& s : c.data_sets) problems += !s.layout_problem.empty();
  }
  EXPECT_EQ(problems, 0u);  // ONNX's data keeps its own layout
  std::cout << "[ discovered ] " << all.size() << " cases under " << kOnnxData
            << "\n";
}

std::vector<uint8_t> Hex(const std::string& hex) {
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes.push_back(
        static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return bytes;
}

// Values as Debian's python onnx reads them (numpy_helper.to_array).
TEST(OnnxTestData, IsInfIsNaNSignDecodeToWhatPythonReads) {
  const struct {
    const char* name;
    int64_t ir_version, opset;
    const char* op;
    int32_t in_type, out_type;
    int64_t n;
    const char *in_hex, *out_hex;
  } cases[] = {
      {"test_isinf", 5, 10, "IsInf", 1, 9, 6,
       "9a9999bf0000c07f0000807f33333340000080ff0000807f", "000001000101"},
      {"test_isnan", 7, 13, "IsNaN", 1, 9, 4,
       "000040400000c07f000080400000c07f", "00010001"},
      {"test_sign", 7, 13, "Sign", 1, 1, 11,
       "0000a0c0000080c0000040c0000000c0000080bf000000000000803f00000040000040"
       "40000080400000a040",
       "000080bf000080bf000080bf000080bf000080bf000000000000803f0000803f000080"
       "3f0000803f0000803f"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path dir = kNode / c.name;
    const Model m = ReadModelFile(dir / "model.onnx", kNode);
    EXPECT_EQ(m.ir_version, c.ir_version);
    EXPECT_EQ(m.OpsetOf(""), c.opset);
    ASSERT_EQ(m.nodes.size(), 1u);
    EXPECT_EQ(m.nodes[0].op_type, c.op);
    EXPECT_EQ(m.nodes[0].inputs, std::vector<std::string>{"x"});
    ASSERT_EQ(m.inputs.size(), 1u);
    EXPECT_EQ(m.inputs[0].elem_type, c.in_type);
    ASSERT_TRUE(m.inputs[0].shape.has_value());
    ASSERT_EQ(m.inputs[0].shape->size(), 1u);
    EXPECT_EQ((*m.inputs[0].shape)[0].value, c.n);
    EXPECT_EQ(m.outputs[0].elem_type, c.out_type);

    const Tensor x = ReadTensorFile(dir / "test_data_set_0/input_0.pb", kNode);
    EXPECT_EQ(x.name, "x");
    EXPECT_EQ(static_cast<int32_t>(x.dtype), c.in_type);
    EXPECT_EQ(x.dims, std::vector<int64_t>{c.n});
    EXPECT_EQ(x.bytes, Hex(c.in_hex));
    const Tensor y = ReadTensorFile(dir / "test_data_set_0/output_0.pb", kNode);
    EXPECT_EQ(static_cast<int32_t>(y.dtype), c.out_type);
    EXPECT_EQ(y.bytes, Hex(c.out_hex));
  }
}

uint32_t Crc32(const std::vector<uint8_t>& bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (uint8_t b : bytes) {
    crc ^= b;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
  }
  return ~crc;
}

// Every .pb of the node folder: where python makes a tensor of an onnxcts
// dtype, so must we, with the same bytes; elsewhere a clean InputError.
TEST(OnnxTestData, EveryNodePbDecodesLikePythonOrFailsCleanly) {
  testing::TempDir tmp;
  ASSERT_EQ(testing::Shell(testing::InteropCommand() + " scan " +
                           kNode.string() + " " + (tmp / "scan.json").string()),
            0);
  const auto scan =
      nlohmann::json::parse(testing::ReadBytes(tmp / "scan.json"));
  std::map<std::string, int> outcome;
  for (const auto& entry : scan) {
    const std::string file = entry["file"];
    SCOPED_TRACE(file);
    try {
      const Tensor t = ReadTensorFile(file, kNode);
      ++outcome["decoded"];
      ASSERT_FALSE(entry.contains("error")) << "python could not read it";
      EXPECT_EQ(static_cast<int32_t>(t.dtype), entry["dtype"].get<int32_t>());
      EXPECT_EQ(t.dims, entry["dims"].get<std::vector<int64_t>>());
      EXPECT_EQ(t.bytes.size(), entry["size"].get<size_t>());
      EXPECT_EQ(Crc32(t.bytes), entry["crc"].get<uint32_t>());
    } catch (const UnsupportedInput& e) {
      ++outcome["unsupported (valid ONNX onnxcts does not model)"];
      EXPECT_TRUE(entry.contains("error")) << e.what();
    } catch (const InputError& e) {
      ++outcome["input error"];
      EXPECT_TRUE(entry.contains("error")) << e.what();
      EXPECT_EQ(e.file(), file);
      std::cout << "  " << e.what() << "\n";
    }
  }
  size_t total = 0;
  for (const auto& [what, n] : outcome) {
    std::cout << "[ node .pb  ] " << what << ": " << n << "\n";
    total += n;
  }
  EXPECT_EQ(total, scan.size());
  EXPECT_GT(outcome["decoded"], 2700);  // all but sequences, strings, ...
}

TEST(OnnxTestData, EveryModelReadsOrFailsCleanly) {
  std::map<std::string, int> outcome;
  for (const auto& e : fs::recursive_directory_iterator(kOnnxData)) {
    if (e.path().filename() != "model.onnx") continue;
    try {
      const Model m = ReadModelFile(e.path(), kOnnxData);
      ++outcome["read"];
      EXPECT_FALSE(m.outputs.empty()) << e.path();
    } catch (const UnsupportedInput&) {
      ++outcome["unsupported"];
    } catch (const InputError& err) {
      ++outcome["input error"];
      std::cout << "  " << err.what() << "\n";
    }
  }
  for (const auto& [what, n] : outcome) {
    std::cout << "[ models    ] " << what << ": " << n << "\n";
  }
  EXPECT_GT(outcome["read"], 1000);
}

}  // namespace
}  // namespace onnxcts
