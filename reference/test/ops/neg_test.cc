// Neg on the example of its ONNX operator documentation, with its
// published output, and on the edges where the spec is silent (numpy's
// answers).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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

}  // namespace
}  // namespace onnxcts
