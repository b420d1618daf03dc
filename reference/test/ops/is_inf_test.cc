// IsInf on the examples of its ONNX operator documentation, with their
// published outputs. The docs give float32 and float16 examples; the
// bfloat16 rows feed the same inputs in bfloat16 (the docs have none), and
// their outputs are the same booleans.
#include <gtest/gtest.h>

#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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

}  // namespace
}  // namespace onnxcts
