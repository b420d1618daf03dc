#include "generate/case_writer.h"

#include <algorithm>
#include <fstream>
#include <numeric>

#include <nlohmann/json.hpp>

#include "io/model_io.h"
#include "io/tensor_io.h"
#include "onnxcts/patterns.h"

namespace onnxcts {
namespace {

constexpr uint64_t kSeed = 20261129;
constexpr int kRandomPerExponent = 4;

// The IR version that goes with an opset (ONNX's versioning table).
int64_t IrVersionFor(int opset) {
  if (opset <= 9) return 4;
  if (opset == 10) return 5;
  if (opset == 11) return 6;
  if (opset <= 14) return 7;
  if (opset <= 18) return 8;
  if (opset <= 20) return 9;
  return 10;
}

std::vector<uint64_t> Patterns(const DTypeInfo& t) {
  if (t.kind == Kind::kBool) return {0, 1};
  if (t.bits <= 16) {
    std::vector<uint64_t> all(t.all_bits() + 1);
    std::iota(all.begin(), all.end(), uint64_t{0});
    return all;
  }
  return StratifiedPatterns(t, kSeed, kRandomPerExponent);
}

uint64_t Product(const std::vector<int64_t>& dims) {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

Tensor Output(const CaseSpec& spec, const Tensor& input) {
  Tensor y;
  y.name = "y";
  y.dtype = spec.output_type;
  y.dims = input.dims;
  y.bytes.resize(input.count() * Info(y.dtype).bytes());
  Attributes attrs = spec.attributes;
  ResolveAttributes(*spec.schema, attrs);
  const ConstTensorView in[] = {
      {input.dtype, input.bytes.data(), input.dims, input.count()}};
  const TensorView out[] = {{y.dtype, y.bytes.data(), y.dims, input.count()}};
  spec.schema->kernel(std::span(in), std::span(out), attrs);
  return y;
}

std::vector<Dim> StaticShape(const std::vector<int64_t>& dims) {
  std::vector<Dim> shape;
  for (int64_t d : dims) shape.push_back({d, ""});
  return shape;
}

nlohmann::json AttributesJson(const Attributes& attrs) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, value] : attrs) {
    // clang before 16 cannot capture a structured binding itself.
    std::visit(
        [&j, &key = name](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, int64_t> ||
                        std::is_same_v<V, float>) {
            j[key] = v;
          }
        },
        value);
  }
  return j;
}

void WriteCaseJson(const std::filesystem::path& file, const CaseSpec& spec) {
  const nlohmann::json j = {
      {"id", spec.id},
      {"description", spec.description},
      {"op", spec.schema->op},
      {"opset", spec.schema->since_version},
      {"dtype", Name(spec.dtype)},
      {"attributes", AttributesJson(spec.attributes)},
      {"input", spec.as_initializer ? "initializer" : "graph input"},
      {"expect", spec.breakage == Breakage::kNone ? "run" : "reject"}};
  std::ofstream(file) << j.dump(2) << "\n";
}

}  // namespace

std::string CaseFolderName(const CaseSpec& spec) {
  std::string name = spec.id.substr(spec.id.find('.') + 1);
  std::ranges::replace(name, '.', '_');
  return "test_" + name;
}

Tensor CaseInput(const CaseSpec& spec) {
  const DTypeInfo& t = Info(spec.dtype);
  const std::vector<uint64_t> patterns = Patterns(t);
  Tensor x;
  x.name = "x";
  x.dtype = spec.dtype;
  x.dims = spec.inputs == Inputs::kShaped
               ? spec.dims
               : std::vector<int64_t>{static_cast<int64_t>(patterns.size())};
  const uint64_t n = Product(x.dims);
  x.bytes.resize(n * t.bytes());
  for (uint64_t i = 0; i < n; ++i) {
    StoreBits(t, x.bytes.data(), i, patterns[i % patterns.size()]);
  }
  return x;
}

Model CaseModel(const CaseSpec& spec, const Tensor& input) {
  Model m;
  m.ir_version = IrVersionFor(spec.schema->since_version);
  m.opsets[""] = spec.schema->since_version;
  if (spec.as_initializer) {
    m.initializers.push_back(input);
  } else {
    m.inputs.push_back(
        {"x", static_cast<int32_t>(input.dtype), StaticShape(input.dims)});
  }
  m.outputs.push_back(
      {"y", static_cast<int32_t>(spec.output_type), StaticShape(input.dims)});
  Node node;
  node.op_type = std::string(spec.schema->op);
  node.inputs = {"x"};
  if (spec.breakage == Breakage::kMissingInput) node.inputs.clear();
  if (spec.breakage == Breakage::kExtraInput) node.inputs.push_back("x");
  node.outputs = {"y"};
  node.attributes = spec.attributes;
  m.nodes.push_back(node);
  return m;
}

void WriteCase(const std::filesystem::path& suite_dir, const CaseSpec& spec) {
  const std::filesystem::path dir = suite_dir / CaseFolderName(spec);
  const std::filesystem::path data = dir / "test_data_set_0";
  std::filesystem::create_directories(data);
  const Tensor input = CaseInput(spec);
  WriteModelFile(dir / "model.onnx", CaseModel(spec, input), spec.id);
  if (!spec.as_initializer) WriteTensorFile(data / "input_0.pb", input);
  if (spec.breakage == Breakage::kNone) {
    WriteTensorFile(data / "output_0.pb", Output(spec, input));
  }
  WriteCaseJson(dir / "case.json", spec);
}

}  // namespace onnxcts
