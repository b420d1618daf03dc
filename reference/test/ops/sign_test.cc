// Sign on the example of its ONNX operator documentation, with its
// published output.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

TEST(Golden, Sign) {
  std::vector<float> x, want;
  for (int i = -5; i <= 5; ++i) {
    x.push_back(static_cast<float>(i));
    want.push_back(i < 0 ? -1.0f : i > 0 ? 1.0f : 0.0f);
  }
  EXPECT_EQ((RunOp<uint32_t, uint32_t>("Sign", 9, DType::kFloat, Float32Bits(x))),
            Float32Bits(want));
}

}  // namespace
}  // namespace onnxcts
