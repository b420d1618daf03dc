// DequantizeLinear as an operator: its versions against the specs (onnx
// 1.22's defs), the output type (float, the scale's, or `output_dtype`,
// which a float8e8m0 scale needs), and its node kernel against
// DequantizeOracle element by element on the suite's own layouts, packed
// x and zero points included.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/oracle.h"
#include "onnxcts/quantize.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

const OpSchema& DQ(int opset) {
  return *FindSchema("", "DequantizeLinear", opset);
}

std::vector<DType> OutputOf(int opset, std::vector<DType> types,
                            Attributes a = {}) {
  const OpSchema& s = DQ(opset);
  if (!ResolveAttributes(s, a).empty()) return {};
  std::vector<Dims> dims(types.size());
  return InferOutputs(s, types, dims, a).types;
}

TEST(DequantizeLinearOp, VersionsDTypesAndOutputs) {
  for (int v : {10, 13, 19, 21, 23, 24, 25}) EXPECT_EQ(DQ(v).since_version, v);
  EXPECT_TRUE(DQ(10).Allows("T", DType::kInt32));
  EXPECT_FALSE(DQ(10).Allows("T", DType::kFloat8E4M3FN));
  EXPECT_TRUE(DQ(19).Allows("T1", DType::kFloat8E4M3FN));
  EXPECT_TRUE(DQ(21).Allows("T1", DType::kInt4));
  EXPECT_TRUE(DQ(23).Allows("T1", DType::kFloat4E2M1));
  EXPECT_TRUE(DQ(25).Allows("T1", DType::kUint2));
  EXPECT_EQ(OutputOf(13, {DType::kInt8, DType::kFloat}),
            std::vector{DType::kFloat});
  EXPECT_EQ(OutputOf(21, {DType::kInt4, DType::kBfloat16, DType::kInt4}),
            std::vector{DType::kBfloat16});
  EXPECT_EQ(OutputOf(25, {DType::kInt8, DType::kFloat16}),
            std::vector{DType::kFloat16});
  const Attributes to_f16 = {
      {"output_dtype", static_cast<int64_t>(DType::kFloat16)}};
  EXPECT_EQ(OutputOf(25, {DType::kInt8, DType::kFloat}, to_f16),
            std::vector{DType::kFloat16});
  // A float8e8m0 scale is no output type: the node must name one.
  EXPECT_EQ(OutputOf(25, {DType::kInt8, DType::kFloat8E8M0}),
            std::vector<DType>{});
  EXPECT_EQ(OutputOf(25, {DType::kInt8, DType::kFloat8E8M0}, to_f16),
            std::vector{DType::kFloat16});
  // x and its zero point share T1.
  EXPECT_EQ(OutputOf(25, {DType::kInt8, DType::kFloat, DType::kUint8}),
            std::vector<DType>{});
}

size_t Count(const Dims& d) {
  size_t n = 1;
  for (int64_t k : d) n *= static_cast<size_t>(k);
  return n;
}

std::vector<uint8_t> Packed(DType t, const std::vector<uint64_t>& bits) {
  std::vector<uint8_t> bytes(StorageBytes(Info(t), bits.size()), 0);
  for (size_t i = 0; i < bits.size(); ++i) StoreBits(Info(t), bytes.data(), i, bits[i]);
  return bytes;
}

// Every x dtype of version 25 on every layout of the suite (each x
// pattern against every zero point of an 8-bit or narrower dtype), with a
// float16 scale, against DequantizeOracle.
TEST(DequantizeLinearOp, NodeKernelIsTheOracleOnEveryLayout) {
  const OpSchema& s = DQ(25);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  for (DType xt : s.FindConstraint("T1")->allowed) {
    const DTypeInfo& x_type = Info(xt);
    if (x_type.bits > 8) continue;
    const std::vector<DType> types = {xt, DType::kFloat16, xt};
    Attributes a;
    ASSERT_EQ(ResolveAttributes(s, a), "");
    const size_t patterns = x_type.all_bits() + 1;
    for (const ParameterCase& layout : s.parameters->layouts(types, a, patterns)) {
      Attributes with = a;
      for (const auto& [name, value] : layout.attributes) with[name] = value;
      std::vector<uint64_t> x_bits(Count(layout.x_dims));
      for (size_t j = 0; j < x_bits.size(); ++j) {
        x_bits[j] = (j / layout.repeat) % patterns;
      }
      const std::vector<uint8_t> x = Packed(xt, x_bits);
      const std::vector<uint8_t> scale = Packed(DType::kFloat16, layout.patterns[0]);
      const std::vector<uint8_t> zp = Packed(xt, layout.patterns[1]);
      const std::vector<Dims> dims = {layout.x_dims, layout.dims[0], layout.dims[1]};
      const NodeOutputs made = InferOutputs(s, types, dims, with);
      ASSERT_EQ(made.problem, "") << layout.name;
      std::vector<uint8_t> out(2 * x_bits.size());
      const ConstTensorView in[] = {
          {xt, x.data(), dims[0], x_bits.size()},
          {DType::kFloat16, scale.data(), dims[1], Count(dims[1])},
          {xt, zp.data(), dims[2], Count(dims[2])}};
      const TensorView result[] = {
          {DType::kFloat16, out.data(), made.dims, x_bits.size()}};
      s.kernel(std::span(in), std::span(result), with);
      for (size_t i = 0; i < x_bits.size(); ++i) {
        const size_t k = s.parameters->index(dims, with, 1, i);
        const uint64_t want = quantize::DequantizeOracle(
            x_type, x_bits[i], layout.patterns[1][k], f16,
            layout.patterns[0][k], f16, {.opset = 25});
        const uint64_t got = LoadBits(f16, out.data(), i);
        ASSERT_TRUE(want == got ||
                    (oracle::IsNaN(f16, want) && oracle::IsNaN(f16, got)))
            << layout.name << " " << x_type.name << " element " << i;
      }
    }
  }
}

}  // namespace
}  // namespace onnxcts
