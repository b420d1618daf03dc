// LeakyRelu: alpha rounded to the tensor's type first, as ONNX's
// reference evaluator does.
#include <gtest/gtest.h>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

// float32's 0.2 becomes float16's 0x3266 first, as in ONNX's reference
// evaluator (numpy: float16(-1.00195) * float16(0.2) is 0xb269; the
// product with float32's 0.2 rounded once would be 0xb26a).
TEST(GoldenPairs, LeakyReluRoundsAlphaToTheTensorsType) {
  EXPECT_EQ(RunNode("LeakyRelu", 16, {Floats16({0xBC02, 0x8000, 0x3C00})}, {3},
                    {{"alpha", 0.2f}}),
            (Bits{0xB269, 0x8000, 0x3C00}));
  EXPECT_EQ(RunNode("LeakyRelu", 6, {Floats({-100.0f, -0.0f})}, {2}),
            (Bits{F(-1.0f), 0x80000000}));
  EXPECT_EQ(RunNode("LeakyRelu", 6, {Floats({-2.0f, -0.0f})}, {2},
                    {{"alpha", -1.5f}}),
            (Bits{F(3.0f), 0x80000000}));
}

}  // namespace
}  // namespace onnxcts
