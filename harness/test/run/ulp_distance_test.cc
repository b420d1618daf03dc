#include "run/ulp_distance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

std::optional<uint64_t> Floats(float a, float b) {
  return UlpDistance(Info(DType::kFloat), std::bit_cast<uint32_t>(a),
                     std::bit_cast<uint32_t>(b));
}

std::optional<uint64_t> Doubles(double a, double b) {
  return UlpDistance(Info(DType::kDouble), std::bit_cast<uint64_t>(a),
                     std::bit_cast<uint64_t>(b));
}

std::optional<uint64_t> Patterns(DType t, uint64_t a, uint64_t b) {
  return UlpDistance(Info(t), a, b);
}

TEST(UlpDistance, NeighboursOfOneAreOneApart) {
  EXPECT_EQ(Floats(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(Floats(1.0f, std::nextafter(1.0f, 0.0f)), 1u);
  EXPECT_EQ(Floats(std::nextafter(1.0f, 0.0f), std::nextafter(1.0f, 2.0f)), 2u);
  EXPECT_EQ(Floats(1.0f, 2.0f), uint64_t{1} << 23);  // a whole binade
  EXPECT_EQ(Floats(-1.0f, -2.0f), uint64_t{1} << 23);
  EXPECT_EQ(Floats(1.5f, 1.5f), 0u);
}

TEST(UlpDistance, BothZerosSitAtZero) {
  EXPECT_EQ(Floats(0.0f, -0.0f), 0u);
  EXPECT_EQ(Floats(-0.0f, FLT_TRUE_MIN), 1u);
  EXPECT_EQ(Floats(0.0f, -FLT_TRUE_MIN), 1u);
  EXPECT_EQ(Floats(-FLT_TRUE_MIN, FLT_TRUE_MIN), 2u);
}

TEST(UlpDistance, SubnormalsRunOnIntoNormals) {
  EXPECT_EQ(Floats(std::nextafter(FLT_MIN, 0.0f), FLT_MIN), 1u);
  EXPECT_EQ(Floats(-std::nextafter(FLT_MIN, 0.0f), -FLT_MIN), 1u);
  EXPECT_EQ(Floats(0.0f, FLT_MIN), uint64_t{1} << 23);
}

TEST(UlpDistance, InfinityIsOneStepPastTheLargestFinite) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(Floats(FLT_MAX, inf), 1u);
  EXPECT_EQ(Floats(-inf, -FLT_MAX), 1u);
  EXPECT_EQ(Floats(-inf, inf), 2 * uint64_t{0x7F800000});
}

// The widest distances of double need all 64 bits, and must not wrap.
TEST(UlpDistance, DoubleEndToEndFits) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(Doubles(1.0, std::nextafter(1.0, 2.0)), 1u);
  EXPECT_EQ(Doubles(DBL_MAX, inf), 1u);
  EXPECT_EQ(Doubles(-inf, inf), 0xFFE0000000000000u);
  EXPECT_EQ(Doubles(inf, -inf), 0xFFE0000000000000u);
}

TEST(UlpDistance, NarrowFormats) {
  EXPECT_EQ(Patterns(DType::kFloat16, 0x3C00, 0x3C01), 1u);  // 1.0, next
  EXPECT_EQ(Patterns(DType::kFloat16, 0x7BFF, 0x7C00), 1u);  // 65504, inf
  EXPECT_EQ(Patterns(DType::kFloat16, 0x03FF, 0x0400), 1u);  // subnormal edge
  EXPECT_EQ(Patterns(DType::kFloat16, 0x8001, 0x0001), 2u);
  EXPECT_EQ(Patterns(DType::kBfloat16, 0x3F80, 0x3F81), 1u);
  EXPECT_EQ(Patterns(DType::kBfloat16, 0x7F7F, 0x7F80), 1u);
  EXPECT_EQ(Patterns(DType::kFloat8E4M3FN, 0x7E, 0x7D), 1u);  // 448, 416
  EXPECT_EQ(Patterns(DType::kFloat8E4M3FN, 0x00, 0x80), 0u);
  EXPECT_EQ(Patterns(DType::kFloat8E4M3FNUZ, 0x01, 0x81), 2u);
  EXPECT_EQ(Patterns(DType::kFloat8E5M2, 0x7B, 0x7C), 1u);  // 57344, inf
  EXPECT_EQ(Patterns(DType::kFloat8E8M0, 0x7F, 0x80), 1u);  // 1, 2
  EXPECT_EQ(Patterns(DType::kFloat4E2M1, 0x7, 0xF), 14u);   // 6, -6
}

TEST(UlpDistance, NaNHasNone) {
  EXPECT_EQ(Floats(std::numeric_limits<float>::quiet_NaN(), 1.0f),
            std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat, 0x3F800000, 0x7F800001), std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat, 0x7FC00000, 0x7FC00000), std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat16, 0x7C00, 0x7C01), std::nullopt);
  EXPECT_EQ(Patterns(DType::kBfloat16, 0xFFC0, 0x3F80), std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat8E4M3FN, 0x7E, 0x7F), std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat8E4M3FNUZ, 0x80, 0x00), std::nullopt);
  EXPECT_EQ(Patterns(DType::kFloat8E8M0, 0xFF, 0xFE), std::nullopt);
}

TEST(UlpDistance, IntegersAndBoolHaveNone) {
  EXPECT_EQ(Patterns(DType::kInt32, 1, 2), std::nullopt);
  EXPECT_EQ(Patterns(DType::kUint8, 1, 2), std::nullopt);
  EXPECT_EQ(Patterns(DType::kBool, 0, 1), std::nullopt);
}

// Every pattern of every float format of 16 bits or fewer: its distance
// from the lowest value is its rank among the distinct values, as the
// oracle decodes them.
TEST(UlpDistance, IsTheRankOfTheValueExhaustively) {
  for (const DTypeInfo& t : kDTypes) {
    if (!t.is_float() || t.bits > 16) continue;
    std::map<double, uint64_t> rank;
    std::vector<uint64_t> numbers;
    for (uint64_t x = 0; x <= t.all_bits(); ++x) {
      if (oracle::IsNaN(t, x)) continue;
      numbers.push_back(x);
      rank[oracle::Value(t, x)] = 0;
    }
    uint64_t next = 0;
    for (auto& [value, r] : rank) r = next++;
    const uint64_t lowest = *std::min_element(
        numbers.begin(), numbers.end(), [&](uint64_t a, uint64_t b) {
          return oracle::Value(t, a) < oracle::Value(t, b);
        });
    for (uint64_t x : numbers) {
      const uint64_t want = rank[oracle::Value(t, x)];
      ASSERT_EQ(UlpDistance(t, lowest, x), want) << t.name << " " << x;
      ASSERT_EQ(UlpDistance(t, x, lowest), want) << t.name << " " << x;
    }
  }
}

}  // namespace
}  // namespace onnxcts
