// Abs on the edges where the spec is silent: numpy's answers (the
// example of its documentation is random).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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

}  // namespace
}  // namespace onnxcts
