// Tensors and models exchanged with Debian's python onnx in both
// directions: what its helpers write we read, what we write it reads.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/model_io.h"
#include "io/tensor_io.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

using testing::InteropCommand;
using testing::ReadBytes;
using testing::Shell;
using testing::TempDir;

std::string ToHex(const std::vector<uint8_t>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (uint8_t b : bytes) {
    hex += kDigits[b >> 4];
    hex += kDigits[b & 15];
  }
  return hex;
}

TEST(PythonInterop, TensorsWrittenByPythonOnnxReadBackEqual) {
  TempDir dir;
  ASSERT_EQ(Shell(InteropCommand() + " write " + dir.path().string()), 0);
  const auto manifest = nlohmann::json::parse(ReadBytes(dir / "manifest.json"));
  std::set<int32_t> dtypes;
  for (const auto& e : manifest) {
    const std::string file = e["file"];
    SCOPED_TRACE(file);
    const Tensor t = ReadTensorFile(file, dir.path());
    EXPECT_EQ(static_cast<int32_t>(t.dtype), e["dtype"].get<int32_t>());
    EXPECT_EQ(t.dims, e["dims"].get<std::vector<int64_t>>());
    EXPECT_EQ(t.name, e["name"].get<std::string>());
    EXPECT_EQ(ToHex(t.bytes), e["hex"].get<std::string>());
    dtypes.insert(static_cast<int32_t>(t.dtype));
  }
  EXPECT_EQ(dtypes.size(), kDTypes.size());  // every dtype, both payloads
  EXPECT_EQ(manifest.size(), 2 * kDTypes.size());
}

TEST(PythonInterop, TensorsWeWriteReadInPythonOnnx) {
  TempDir dir;
  nlohmann::json manifest = nlohmann::json::array();
  for (const DTypeInfo& t : kDTypes) {
    Tensor tensor{"t_" + std::string(t.name), t.code, {2, 3}, {}};
    tensor.bytes.resize(StorageBytes(t, 6));
    for (size_t i = 0; i < 6; ++i) {  // element by element: packed ones too
      StoreBits(t, tensor.bytes.data(), i, (i * 37 + 11) & t.all_bits());
    }
    if (t.kind == Kind::kBool) {
      for (auto& b : tensor.bytes) b &= 1;
    }
    const std::string file = (dir / (tensor.name + ".pb")).string();
    WriteTensorFile(file, tensor);
    manifest.push_back({{"file", file},
                        {"dtype", static_cast<int32_t>(t.code)},
                        {"dims", tensor.dims},
                        {"name", tensor.name},
                        {"hex", ToHex(tensor.bytes)}});
  }
  testing::WriteBytes(dir / "manifest.json", manifest.dump());
  EXPECT_EQ(
      Shell(InteropCommand() + " check " + (dir / "manifest.json").string()),
      0);
}

TEST(PythonInterop, ModelsWeWritePassOnnxsCheckerWithTheirAttributes) {
  TempDir dir;
  Model m;
  m.ir_version = 8;
  m.opsets = {{"", 10}};
  m.inputs = {{"x", 1, std::vector<Dim>{{3, ""}, {std::nullopt, "n"}}}};
  m.outputs = {{"y", 9, std::vector<Dim>{{3, ""}, {std::nullopt, "n"}}}};
  Node n;
  n.op_type = "IsInf";
  n.name = "probe";
  n.inputs = {"x"};
  n.outputs = {"y"};
  n.attributes = {{"detect_negative", int64_t{0}},
                  {"detect_positive", int64_t{1}}};
  // A node of a domain onnx does not know carries every attribute type.
  Node custom{"", "Probe", "com.example", {"y"}, {"z"}, {}, {}};
  custom.attributes = {{"f", 0.25f},
                       {"s", std::string("text")},
                       {"ints", std::vector<int64_t>{-1, 5}},
                       {"floats", std::vector<float>{1.5f, -2.0f}}};
  m.nodes = {n, custom};
  m.opsets["com.example"] = 1;
  m.outputs.push_back({"z", 9, std::vector<Dim>{{3, ""}, {std::nullopt, "n"}}});
  WriteModelFile(dir / "model.onnx", m);
  const std::string out = (dir / "python.json").string();
  ASSERT_EQ(Shell(InteropCommand() + " model " + (dir / "model.onnx").string() +
                  " > " + out),
            0);
  const auto seen = nlohmann::json::parse(ReadBytes(out));
  EXPECT_EQ(seen["ir_version"], 8);
  EXPECT_EQ(seen["opsets"][""], 10);
  ASSERT_EQ(seen["nodes"].size(), 2u);
  EXPECT_EQ(seen["nodes"][0]["op_type"], "IsInf");
  EXPECT_EQ(seen["nodes"][0]["attributes"]["detect_negative"], 0);
  EXPECT_EQ(seen["nodes"][0]["attributes"]["detect_positive"], 1);
  const auto& attrs = seen["nodes"][1]["attributes"];
  EXPECT_EQ(attrs["f"], 0.25);
  EXPECT_EQ(attrs["s"], "text");
  EXPECT_EQ(attrs["ints"], nlohmann::json({-1, 5}));
  EXPECT_EQ(attrs["floats"], nlohmann::json({1.5, -2.0}));
  EXPECT_EQ(seen["nodes"][1]["outputs"], nlohmann::json({"z"}));
}

}  // namespace
}  // namespace onnxcts
