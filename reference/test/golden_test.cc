// Every example of the ONNX operator documentation for IsInf, IsNaN, Sign and
// Neg, with its published output, run through the schema table's kernels as
// a backend would reach them. The docs give float32 and float16 examples; the
// bfloat16 rows feed the same inputs in bfloat16 (the docs have none), and
// their outputs are the same booleans. Abs's example is random; its rows, and
// the edges where the spec is silent, are numpy's answers.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

constexpr float kInf = INFINITY;
constexpr float kNaN = NAN;

std::vector<uint32_t> Float32Bits(std::vector<float> values) {
  std::vector<uint32_t> bits;
  for (float v : values) bits.push_back(std::bit_cast<uint32_t>(v));
  return bits;
}

// float16 patterns of -1.2, NaN, inf, 2.8, -inf, inf (numpy's rounding).
const std::vector<uint16_t> kFloat16Example = {0xBCCD, 0x7E00, 0x7C00,
                                               0x419A, 0xFC00, 0x7C00};
// The same values in bfloat16, rounded to nearest even.
const std::vector<uint16_t> kBfloat16Example = {0xBF9A, 0x7FC0, 0x7F80,
                                                0x4033, 0xFF80, 0x7F80};

template <typename In, typename Out>
std::vector<Out> RunOp(std::string_view op, int opset, DType t,
                     const std::vector<In>& x, Attributes attrs = {}) {
  const OpSchema* schema = FindSchema("", op, opset);
  EXPECT_NE(schema, nullptr);
  EXPECT_TRUE(schema->Allows(schema->inputs[0].type, t));
  EXPECT_EQ(ResolveAttributes(*schema, attrs), "");
  std::vector<Out> y(x.size());
  const int64_t dims[] = {static_cast<int64_t>(x.size())};
  const ConstTensorView in[] = {{t, x.data(), dims, x.size()}};
  const TensorView out[] = {{t, y.data(), dims, y.size()}};
  schema->kernel(std::span(in), std::span(out), attrs);
  return y;
}

using Bools = std::vector<uint8_t>;

TEST(Golden, IsInfInfinity) {
  const auto x = Float32Bits({-1.2f, kNaN, kInf, 2.8f, -kInf, kInf});
  EXPECT_EQ((RunOp<uint32_t, uint8_t>("IsInf", 10, DType::kFloat, x)),
            (Bools{0, 0, 1, 0, 1, 1}));
}

TEST(Golden, IsInfPositiveOnly) {
  const auto x = Float32Bits({-1.7f, kNaN, kInf, 3.6f, -kInf, kInf});
  EXPECT_EQ((RunOp<uint32_t, uint8_t>("IsInf", 10, DType::kFloat, x,
                                    {{"detect_negative", int64_t{0}}})),
            (Bools{0, 0, 1, 0, 0, 1}));
}

TEST(Golden, IsInfNegativeOnly) {
  const auto x = Float32Bits({-1.7f, kNaN, kInf, -3.6f, -kInf, kInf});
  EXPECT_EQ((RunOp<uint32_t, uint8_t>("IsInf", 10, DType::kFloat, x,
                                    {{"detect_positive", int64_t{0}}})),
            (Bools{0, 0, 0, 0, 1, 0}));
}

TEST(Golden, IsInfFloat16AndBfloat16) {
  EXPECT_EQ((RunOp<uint16_t, uint8_t>("IsInf", 20, DType::kFloat16,
                                    kFloat16Example)),
            (Bools{0, 0, 1, 0, 1, 1}));
  EXPECT_EQ((RunOp<uint16_t, uint8_t>("IsInf", 20, DType::kBfloat16,
                                    kBfloat16Example)),
            (Bools{0, 0, 1, 0, 1, 1}));
}

TEST(Golden, IsNaN) {
  // The example of IsNaN-9's documentation, then the newer one.
  EXPECT_EQ((RunOp<uint32_t, uint8_t>("IsNaN", 9, DType::kFloat,
                                    Float32Bits({3.0f, kNaN, 4.0f, kNaN}))),
            (Bools{0, 1, 0, 1}));
  const auto x = Float32Bits({-1.2f, kNaN, kInf, 2.8f, -kInf, kInf});
  EXPECT_EQ((RunOp<uint32_t, uint8_t>("IsNaN", 20, DType::kFloat, x)),
            (Bools{0, 1, 0, 0, 0, 0}));
}

TEST(Golden, IsNaNFloat16AndBfloat16) {
  EXPECT_EQ((RunOp<uint16_t, uint8_t>("IsNaN", 9, DType::kFloat16,
                                    kFloat16Example)),
            (Bools{0, 1, 0, 0, 0, 0}));
  EXPECT_EQ((RunOp<uint16_t, uint8_t>("IsNaN", 13, DType::kBfloat16,
                                    kBfloat16Example)),
            (Bools{0, 1, 0, 0, 0, 0}));
}

TEST(Golden, Sign) {
  std::vector<float> x, want;
  for (int i = -5; i <= 5; ++i) {
    x.push_back(static_cast<float>(i));
    want.push_back(i < 0 ? -1.0f : i > 0 ? 1.0f : 0.0f);
  }
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Sign", 9, DType::kFloat, Float32Bits(x))),
            Float32Bits(want));
}

TEST(Golden, Neg) {
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Neg", 6, DType::kFloat,
                                       Float32Bits({-4.0f, 2.0f}))),
            Float32Bits({4.0f, -2.0f}));
}

// numpy: negative(0.0) is -0.0, a NaN keeps its payload with the other sign,
// and int8's -128 is its own negation.
TEST(Golden, NegEdges) {
  EXPECT_EQ((RunOp<uint16_t, uint16_t>("Neg", 13, DType::kFloat16,
                                       std::vector<uint16_t>{0x0000, 0x7E01,
                                                             0xFC00})),
            (std::vector<uint16_t>{0x8000, 0xFE01, 0x7C00}));
  EXPECT_EQ((RunOp<int8_t, int8_t>("Neg", 13, DType::kInt8,
                                   std::vector<int8_t>{-128, 127, 0})),
            (std::vector<int8_t>{-128, -127, 0}));
}

// numpy: abs(-0.0) is 0.0, abs(-inf) is inf, a NaN loses its sign only;
// int16's -32768 is its own magnitude; unsigned values are their own.
TEST(Golden, AbsEdges) {
  EXPECT_EQ((RunOp<uint32_t, uint32_t>(
                "Abs", 6, DType::kFloat,
                Float32Bits({-1.5f, -0.0f, -kInf, 2.0f}))),
            Float32Bits({1.5f, 0.0f, kInf, 2.0f}));
  EXPECT_EQ((RunOp<uint16_t, uint16_t>("Abs", 13, DType::kBfloat16,
                                       std::vector<uint16_t>{0xFFC1})),
            (std::vector<uint16_t>{0x7FC1}));
  EXPECT_EQ((RunOp<int16_t, int16_t>("Abs", 13, DType::kInt16,
                                     std::vector<int16_t>{-32768, -7, 7})),
            (std::vector<int16_t>{-32768, 7, 7}));
  EXPECT_EQ((RunOp<uint8_t, uint8_t>("Abs", 6, DType::kUint8,
                                     std::vector<uint8_t>{0, 200, 255})),
            (std::vector<uint8_t>{0, 200, 255}));
}

// The operator docs' examples of Floor, Ceil and Round.
TEST(Golden, FloorCeilRoundExamples) {
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Floor", 13, DType::kFloat,
                                       Float32Bits({-1.5f, 1.2f, 2.0f}))),
            Float32Bits({-2.0f, 1.0f, 2.0f}));
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Ceil", 13, DType::kFloat,
                                       Float32Bits({-1.5f, 1.2f}))),
            Float32Bits({-1.0f, 2.0f}));
  EXPECT_EQ((RunOp<uint32_t, uint32_t>(
                "Round", 11, DType::kFloat,
                Float32Bits({0.1f, 0.5f, 0.9f, 1.1f, 1.5f, 1.9f, 2.5f, 2.3f,
                             -1.5f, -2.5f, -4.5f, -1.1f}))),
            Float32Bits({0.0f, 0.0f, 1.0f, 1.0f, 2.0f, 2.0f, 2.0f, 2.0f, -2.0f,
                         -2.0f, -4.0f, -1.0f}));
}

// IEEE 754's roundToIntegral: the sign of a zero answer is x's, ±0, ±inf
// and NaN (payload kept) are returned as they are, a subnormal is below
// one, and the last binade with a fraction still rounds.
TEST(Golden, FloorCeilRoundEdges) {
  const float sub = std::bit_cast<float>(uint32_t{1});
  const std::vector<uint32_t> x =
      Float32Bits({-0.5f, -0.0f, sub, -sub, 4194304.5f, kInf, 0.5f});
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Floor", 6, DType::kFloat, x)),
            Float32Bits({-1.0f, -0.0f, 0.0f, -1.0f, 4194304.0f, kInf, 0.0f}));
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Ceil", 6, DType::kFloat, x)),
            Float32Bits({-0.0f, -0.0f, 1.0f, -0.0f, 4194305.0f, kInf, 1.0f}));
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Round", 22, DType::kFloat, x)),
            Float32Bits({-0.0f, -0.0f, 0.0f, -0.0f, 4194304.0f, kInf, 0.0f}));
  // float16: 0.99951, 1.5, 2.5, -2.5, 65504, a NaN with a payload.
  EXPECT_EQ((RunOp<uint16_t, uint16_t>(
                "Round", 11, DType::kFloat16,
                std::vector<uint16_t>{0x3BFF, 0x3E00, 0x4100, 0xC100, 0x7BFF,
                                      0x7E01})),
            (std::vector<uint16_t>{0x3C00, 0x4000, 0x4000, 0xC000, 0x7BFF,
                                   0x7E01}));
  // double: 2^52 - 0.5 ties to the even 2^52; -(2^52 - 0.5) floors away.
  const double below = 4503599627370495.5;
  EXPECT_EQ((RunOp<double, double>("Round", 22, DType::kDouble,
                                   std::vector<double>{below, -below})),
            (std::vector<double>{4503599627370496.0, -4503599627370496.0}));
  EXPECT_EQ((RunOp<double, double>("Floor", 13, DType::kDouble,
                                   std::vector<double>{below, -below})),
            (std::vector<double>{4503599627370495.0, -4503599627370496.0}));
  // bfloat16: 1.5 and -1.5 to ±2, 0x3F81 (1.0078) to 1 and 2.
  const std::vector<uint16_t> b = {0x3FC0, 0xBFC0, 0x3F81};
  EXPECT_EQ((RunOp<uint16_t, uint16_t>("Round", 22, DType::kBfloat16, b)),
            (std::vector<uint16_t>{0x4000, 0xC000, 0x3F80}));
  EXPECT_EQ((RunOp<uint16_t, uint16_t>("Ceil", 13, DType::kBfloat16, b)),
            (std::vector<uint16_t>{0x4000, 0xBF80, 0x4000}));
}

// max(x, 0): negatives (-inf, -0 too: the reference's +0) to +0, a NaN
// kept with its payload and sign; Relu-14's signed integers.
TEST(Golden, ReluEdges) {
  const std::vector<uint32_t> x = {std::bit_cast<uint32_t>(-1.5f), 0x80000000,
                                   0x00000000, std::bit_cast<uint32_t>(2.0f),
                                   0xFFC00001, std::bit_cast<uint32_t>(-kInf)};
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Relu", 6, DType::kFloat, x)),
            (std::vector<uint32_t>{0, 0, 0, std::bit_cast<uint32_t>(2.0f),
                                   0xFFC00001, 0}));
  EXPECT_EQ((RunOp<int8_t, int8_t>("Relu", 14, DType::kInt8,
                                   std::vector<int8_t>{-128, -1, 0, 127})),
            (std::vector<int8_t>{0, 0, 0, 127}));
  EXPECT_EQ((RunOp<uint16_t, uint16_t>("Relu", 13, DType::kBfloat16,
                                       std::vector<uint16_t>{0x8001, 0x0001})),
            (std::vector<uint16_t>{0x0000, 0x0001}));
}

}  // namespace
}  // namespace onnxcts
