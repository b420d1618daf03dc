// Clip: the bounds, an absent bound, min above max, and the zeros, NaNs
// and infinities IEEE 754 and numpy decide.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

In Scalar(DType dtype, uint64_t bits) { return {dtype, {}, {bits}}; }

// Below min is min, above max is max; min above max makes every element
// max; an absent bound is the dtype's extreme.
TEST(GoldenPairs, ClipHoldsBetweenTheBounds) {
  const In x = {DType::kInt8, {5}, {0x80, 0xFB, 0, 5, 0x7F}};
  EXPECT_EQ(RunNode("Clip", 12, {x, Scalar(DType::kInt8, 0xFF),
                                 Scalar(DType::kInt8, 6)},
                    {5}),
            (Bits{0xFF, 0xFF, 0, 5, 6}));
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kInt8, 6),
                                 Scalar(DType::kInt8, 0xFF)},
                    {5}),
            (Bits{0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kInt8, 0)}, {5}),
            (Bits{0, 0, 0, 5, 0x7F}));
}

// -0 against min +0 keeps its own zero; a NaN input stays itself, a NaN
// bound is every other answer; Clip-6's default bounds are float's
// extremes, also on double.
TEST(GoldenPairs, ClipOfZerosNaNsAndInfinities) {
  const float nan1 = std::bit_cast<float>(uint32_t{0x7FC00001});
  const In x = Floats({-0.0f, nan1, -kInf, 7.0f});
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kFloat, F(0.0f)),
                                 Scalar(DType::kFloat, F(6.0f))},
                    {4}),
            (Bits{0x80000000, 0x7FC00001, 0, F(6.0f)}));
  EXPECT_EQ(RunNode("Clip", 11, {x, Scalar(DType::kFloat, 0xFFC00002),
                                 Scalar(DType::kFloat, F(6.0f))},
                    {4}),
            (Bits{0xFFC00002, 0x7FC00001, 0xFFC00002, 0xFFC00002}));
  // With max left out, +inf has no bound to meet (numpy's clip).
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kFloat, F(-1.0f))}, {4}),
            (Bits{0x80000000, 0x7FC00001, F(-1.0f), F(7.0f)}));
  EXPECT_EQ(RunNode("Clip", 13, {Floats({kInf})}, {1}), (Bits{F(kInf)}));
  EXPECT_EQ(RunNode("Clip", 6, {Floats16({0xC200, 0x3C00})}, {2},
                    {{"min", -1.0f}, {"max", 0.0f}}),
            (Bits{0xBC00, 0x0000}));
  const auto d = [](double v) { return std::bit_cast<uint64_t>(v); };
  EXPECT_EQ(RunNode("Clip", 6, {Of(DType::kDouble, {d(-INFINITY), d(1e300)})},
                    {2}),
            (Bits{0xC7EFFFFFE0000000, 0x47EFFFFFE0000000}));
}

}  // namespace
}  // namespace onnxcts
