// Sum: the order of its additions, each rounded.
#include <gtest/gtest.h>

#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

// Sum adds left to right, each addition rounded: 2048 + 1 + 1 in float16
// stays 2048 (each 2049 a tie to even), and two inputs are Add.
TEST(GoldenPairs, SumAddsLeftToRight) {
  const std::vector<In> three = {Floats16({0x6800}), Floats16({0x3C00}),
                                 Floats16({0x3C00})};
  EXPECT_EQ(RunNode("Sum", 13, three, {1}), (Bits{0x6800}));
  EXPECT_EQ(RunNode("Sum", 8, {Floats({1.0f, kInf}), Floats({2.0f, -kInf})},
                    {2}),
            (Bits{F(3.0f), 0x7FC00000}));
  EXPECT_EQ(RunNode("Sum", 6, {Floats16({0x3C00})}, {1}), (Bits{0x3C00}));
}

}  // namespace
}  // namespace onnxcts
