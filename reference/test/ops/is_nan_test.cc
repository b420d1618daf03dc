// IsNaN on the examples of its ONNX operator documentation, with their
// published outputs. The docs give float32 and float16 examples; the
// bfloat16 rows feed the same inputs in bfloat16 (the docs have none), and
// their outputs are the same booleans.
#include <gtest/gtest.h>

#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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

}  // namespace
}  // namespace onnxcts
