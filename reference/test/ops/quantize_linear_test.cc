// QuantizeLinear as an operator: its versions against the specs (onnx
// 1.22's defs), the output type its zero point, `output_dtype` or nothing
// gives, the scale layouts its shape rule accepts and refuses, its node
// kernel against QuantizeOracle element by element on the suite's own
// layouts (packed outputs included), and its deviation rule reading the
// scale and zero point an element used.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/oracle.h"
#include "onnxcts/quantize.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

const OpSchema& Q(int opset) { return *FindSchema("", "QuantizeLinear", opset); }

NodeOutputs Infer(int opset, std::vector<DType> types, std::vector<Dims> dims,
                  Attributes a = {}) {
  const OpSchema& s = Q(opset);
  if (!ResolveAttributes(s, a).empty()) {
    NodeOutputs refused;
    refused.problem = "attributes";
    return refused;
  }
  return InferOutputs(s, types, dims, a);
}

TEST(QuantizeLinearOp, VersionsAndTheirDTypesAreTheSpecs) {
  EXPECT_EQ(FindSchema("", "QuantizeLinear", 9), nullptr);
  for (int v : {10, 13, 19, 21, 23, 24, 25}) EXPECT_EQ(Q(v).since_version, v);
  EXPECT_TRUE(Q(10).Allows("T1", DType::kInt32));
  EXPECT_FALSE(Q(10).Allows("T1", DType::kFloat16));
  EXPECT_FALSE(Q(10).Allows("T2", DType::kFloat8E4M3FN));
  EXPECT_EQ(Q(10).FindAttribute("axis"), nullptr);
  EXPECT_NE(Q(13).FindAttribute("axis"), nullptr);
  EXPECT_TRUE(Q(19).Allows("T2", DType::kFloat8E5M2FNUZ));
  EXPECT_EQ(Q(19).inputs[1].type, "T1");  // the scale has x's type
  EXPECT_FALSE(Q(19).Allows("T2", DType::kInt4));
  EXPECT_TRUE(Q(21).Allows("T2", DType::kUint4));
  EXPECT_NE(Q(21).FindAttribute("block_size"), nullptr);
  EXPECT_EQ(Q(21).FindAttribute("precision"), nullptr);
  EXPECT_TRUE(Q(23).Allows("T3", DType::kFloat4E2M1));
  EXPECT_FALSE(Q(23).Allows("T2", DType::kFloat8E8M0));
  EXPECT_TRUE(Q(24).Allows("T2", DType::kFloat8E8M0));
  EXPECT_FALSE(Q(24).Allows("T3", DType::kInt2));
  EXPECT_TRUE(Q(25).Allows("T3", DType::kInt2));
  EXPECT_EQ(Q(25).MinInputs(), 2u);
  EXPECT_EQ(Q(25).MaxInputs(), 3u);
  EXPECT_EQ(Q(25).MaxElementInputs(), 1u);
}

TEST(QuantizeLinearOp, TheOutputIsTheZeroPointsElseOutputDTypeElseUint8) {
  const Dims x = {4}, one = {};
  EXPECT_EQ(Infer(25, {DType::kFloat, DType::kFloat}, {x, one}).types,
            std::vector{DType::kUint8});
  EXPECT_EQ(Infer(25, {DType::kFloat, DType::kFloat, DType::kInt4},
                  {x, one, one}).types,
            std::vector{DType::kInt4});
  const Attributes to_int2 = {
      {"output_dtype", static_cast<int64_t>(DType::kInt2)}};
  EXPECT_EQ(Infer(25, {DType::kFloat, DType::kFloat}, {x, one}, to_int2).types,
            std::vector{DType::kInt2});
  // output_dtype and the zero point must agree.
  EXPECT_NE(Infer(25, {DType::kFloat, DType::kFloat, DType::kUint8},
                  {x, one, one}, to_int2).problem, "");
  // Not yet a dtype of version 24.
  EXPECT_EQ(Infer(24, {DType::kFloat, DType::kFloat}, {x, one}, to_int2).problem,
            "attributes");
  // Before 23 the scale has x's type.
  EXPECT_NE(Infer(21, {DType::kFloat16, DType::kFloat}, {x, one}).problem, "");
  EXPECT_EQ(Infer(23, {DType::kFloat16, DType::kFloat}, {x, one}).problem, "");
}

TEST(QuantizeLinearOp, ScalesArePerTensorPerAxisOrBlocked) {
  const std::vector<DType> f = {DType::kFloat, DType::kFloat, DType::kInt8};
  const Dims x = {2, 5, 3};
  auto problem = [&](int opset, Dims scale, Attributes a = {},
                     std::optional<Dims> zp = std::nullopt) {
    return Infer(opset, f, {x, scale, zp.value_or(scale)}, a).problem;
  };
  EXPECT_EQ(problem(25, {}), "");
  EXPECT_EQ(problem(25, {1}), "");
  EXPECT_EQ(problem(25, {5}), "");  // axis 1, the default
  EXPECT_EQ(problem(25, {3}, {{"axis", int64_t{-1}}}), "");
  EXPECT_NE(problem(25, {3}), "");
  EXPECT_NE(problem(25, {5}, {{"axis", int64_t{3}}}), "");
  EXPECT_EQ(problem(25, {2, 2, 3}, {{"block_size", int64_t{3}}}), "");
  EXPECT_NE(problem(25, {2, 1, 3}, {{"block_size", int64_t{3}}}), "");
  EXPECT_NE(problem(25, {2, 2, 3}, {{"block_size", int64_t{-3}}}), "");
  EXPECT_NE(problem(25, {5}, {}, Dims{}), "");  // the zero point's differs
  EXPECT_EQ(problem(25, {}, {}, Dims{1}), "");  // one value either way
  EXPECT_NE(problem(10, {5}), "");              // no axis before 13
  EXPECT_EQ(problem(13, {5}), "");
}

struct Tensor {
  DType dtype;
  Dims dims;
  std::vector<uint8_t> bytes;
};

Tensor Pack(DType t, Dims dims, const std::vector<uint64_t>& bits) {
  Tensor x{t, std::move(dims), {}};
  x.bytes.assign(StorageBytes(Info(t), bits.size()), 0);
  for (size_t i = 0; i < bits.size(); ++i) StoreBits(Info(t), x.bytes.data(), i, bits[i]);
  return x;
}

size_t Count(const Dims& d) {
  size_t n = 1;
  for (int64_t k : d) n *= static_cast<size_t>(k);
  return n;
}

// Every layout of the suite (ParameterRule::layouts) of float16 x with a
// float16 scale into every output dtype, through the node kernel, against
// QuantizeOracle on the scale and zero point each element reads.
TEST(QuantizeLinearOp, NodeKernelIsTheOracleOnEveryLayout) {
  const OpSchema& s = Q(25);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  const std::vector<uint64_t> xs = {0x0000, 0x8000, 0x3C00, 0x3E00, 0x4100,
                                    0xC100, 0x7C00, 0xFC00, 0x7E00, 0x0001,
                                    0x5BFF, 0x7BFF, 0xFBFF, 0x3800};
  for (DType y : s.FindConstraint("T3")->allowed) {
    const std::vector<DType> types = {DType::kFloat16, DType::kFloat16, y};
    Attributes a;
    ASSERT_EQ(ResolveAttributes(s, a), "");
    for (const ParameterCase& layout : s.parameters->layouts(types, a, xs.size())) {
      Attributes with = a;
      for (const auto& [name, value] : layout.attributes) with[name] = value;
      std::vector<uint64_t> x_bits(Count(layout.x_dims));
      for (size_t j = 0; j < x_bits.size(); ++j) {
        x_bits[j] = xs[(j / layout.repeat) % xs.size()];
      }
      const Tensor x = Pack(DType::kFloat16, layout.x_dims, x_bits);
      const Tensor scale = Pack(DType::kFloat16, layout.dims[0], layout.patterns[0]);
      const Tensor zp = Pack(y, layout.dims[1], layout.patterns[1]);
      const std::vector<Dims> dims = {x.dims, scale.dims, zp.dims};
      const NodeOutputs made = InferOutputs(s, types, dims, with);
      ASSERT_EQ(made.problem, "") << layout.name;
      const DTypeInfo& yt = Info(y);
      std::vector<uint8_t> out(StorageBytes(yt, x_bits.size()));
      const ConstTensorView in[] = {
          {x.dtype, x.bytes.data(), x.dims, x_bits.size()},
          {scale.dtype, scale.bytes.data(), scale.dims, Count(scale.dims)},
          {zp.dtype, zp.bytes.data(), zp.dims, Count(zp.dims)}};
      const TensorView result[] = {{y, out.data(), made.dims, x_bits.size()}};
      s.kernel(std::span(in), std::span(result), with);
      for (size_t i = 0; i < x_bits.size(); ++i) {
        const size_t k = s.parameters->index(dims, with, 1, i);
        const uint64_t want = quantize::QuantizeOracle(
            f16, x_bits[i], f16, layout.patterns[0][k], yt,
            layout.patterns[1][k], {.saturate = true, .opset = 25});
        const uint64_t got = LoadBits(yt, out.data(), i);
        const bool nans = yt.is_float() && oracle::IsNaN(yt, want) && oracle::IsNaN(yt, got);
        ASSERT_TRUE(want == got || nans)
            << layout.name << " " << yt.name << " element " << i;
      }
    }
  }
}

// The deviation rule sees the element's scale and zero point: a NaN
// quotient into an integer output may give any answer (quantize.h, spot
// 2), a number may not.
TEST(QuantizeLinearOp, DeviationsReadTheElementsScaleAndZeroPoint) {
  const OpSchema& s = Q(25);
  Attributes a;
  ASSERT_EQ(ResolveAttributes(s, a), "");
  const DType types[] = {DType::kFloat, DType::kFloat, DType::kInt8};
  const uint64_t nan_x[] = {0x7FC00000, 0x3F800000, 0};
  const uint64_t one_x[] = {0x3F800000, 0x3F800000, 0};
  const DTypeInfo& i8 = Info(DType::kInt8);
  auto deviates = [&](std::span<const uint64_t> in, uint64_t want, uint64_t got) {
    return s.deviation(s, {.input = &Info(DType::kFloat), .inputs = in,
                           .types = types, .output = &i8, .expected = want,
                           .actual = got, .attributes = &a});
  };
  EXPECT_TRUE(deviates(nan_x, 0, 0x80));
  EXPECT_FALSE(deviates(one_x, 1, 0x80));
}

}  // namespace
}  // namespace onnxcts
