// Floor, Ceil and Round, which round alike, on the examples of their ONNX
// operator documentation and on the edges IEEE 754 decides, run through the
// schema table's kernels as a backend would reach them: the tests of several
// ops at once. An op's own are in ops/<op>_test.cc.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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

}  // namespace
}  // namespace onnxcts
