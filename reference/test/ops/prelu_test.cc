// PRelu: the slope below zero only, and its broadcast to X's shape.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

// slope * x below zero only: ±0 and a NaN are themselves (the NaN's bits
// kept), -inf times 0 the default NaN; the slope broadcasts to X's shape.
TEST(GoldenPairs, PReluScalesBelowZeroOnly) {
  const float nan1 = std::bit_cast<float>(uint32_t{0x7FC00001});
  EXPECT_EQ(RunNode("PRelu", 16, {Floats({-2.0f, 3.0f, -0.0f, nan1, -kInf}),
                                  Floats({0.5f, 0.5f, -1.0f, 2.0f, 0.0f})},
                    {5}),
            (Bits{F(-1.0f), F(3.0f), 0x80000000, 0x7FC00001, 0x7FC00000}));
  In x = Floats({-1.0f, -1.0f, 1.0f, -4.0f});
  x.dims = {2, 2};
  EXPECT_EQ(RunNode("PRelu", 7, {x, Floats({2.0f, 3.0f})}, {2, 2}),
            (Bits{F(-2.0f), F(-3.0f), F(1.0f), F(-12.0f)}));
  EXPECT_EQ(RunNode("PRelu", 9, {Of(DType::kInt32, {0xFFFFFFFB, 7, 0x80000000}),
                                 Of(DType::kInt32, {3, 0xFFFFFFFE, 0xFFFFFFFF})},
                    {3}),
            (Bits{0xFFFFFFF1, 7, 0x80000000}));
}

}  // namespace
}  // namespace onnxcts
