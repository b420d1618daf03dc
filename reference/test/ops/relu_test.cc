// Relu on the edges: negative zeros and infinities, NaNs, the signed
// integers of Relu-14.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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
