// The bit-pattern maps: every pattern of every small dtype covered once, in
// the layout of its fields, with the classes of DESIGN.md's dtype table.
#include "report/html_pattern_map.h"

#include <gtest/gtest.h>

namespace onnxcts {
namespace {

// The class name of `bits`, read back from the runs.
std::string ClassOf(const PatternMap& map, uint64_t bits) {
  uint64_t start = 0;
  for (const auto& [value_class, length] : map.runs) {
    if (bits < start + length) return map.classes.at(value_class);
    start += length;
  }
  ADD_FAILURE() << "pattern " << bits << " is past the runs";
  return "";
}

uint64_t Patterns(const PatternMap& map) {
  uint64_t n = 0;
  for (const auto& run : map.runs) n += run.second;
  return n;
}

uint64_t CountEndingIn(const PatternMap& map, const std::string& suffix) {
  uint64_t n = 0;
  for (uint64_t bits = 0; bits < Patterns(map); ++bits) {
    n += ClassOf(map, bits).ends_with(suffix);
  }
  return n;
}

TEST(MapPatterns, Float16) {
  const std::optional<PatternMap> map = MapPatterns("float16");
  ASSERT_TRUE(map);
  EXPECT_EQ(Patterns(*map), 65536u);
  EXPECT_EQ(map->sign_bits + map->row_bits + map->col_bits, 16);
  EXPECT_EQ(map->row_bits, 5);
  EXPECT_EQ(map->col_bits, 10);
  EXPECT_EQ(map->row_label, "exponent");
  EXPECT_EQ(ClassOf(*map, 0x0000), "+zero");
  EXPECT_EQ(ClassOf(*map, 0x8000), "-zero");
  EXPECT_EQ(ClassOf(*map, 0x03ff), "+subnormal");
  EXPECT_EQ(ClassOf(*map, 0x0400), "+normal");
  EXPECT_EQ(ClassOf(*map, 0xfbff), "-normal");
  EXPECT_EQ(ClassOf(*map, 0x7c00), "+inf");
  EXPECT_EQ(ClassOf(*map, 0xfc00), "-inf");
  EXPECT_EQ(ClassOf(*map, 0x7c01), "+snan");
  EXPECT_EQ(ClassOf(*map, 0xfe00), "-qnan");
  EXPECT_EQ(CountEndingIn(*map, "nan"), 2046u);
  // The classes of a float format are few ranges, not 65536 entries.
  EXPECT_LE(map->runs.size(), 20u);
}

TEST(MapPatterns, BFloat16AndFloat8) {
  const std::optional<PatternMap> bf16 = MapPatterns("bfloat16");
  ASSERT_TRUE(bf16);
  EXPECT_EQ(bf16->row_bits, 8);
  EXPECT_EQ(CountEndingIn(*bf16, "nan"), 254u);
  const std::optional<PatternMap> e4m3fn = MapPatterns("float8e4m3fn");
  ASSERT_TRUE(e4m3fn);
  EXPECT_EQ(Patterns(*e4m3fn), 256u);
  EXPECT_EQ(CountEndingIn(*e4m3fn, "nan"), 2u);
  EXPECT_EQ(ClassOf(*e4m3fn, 0x7f), "+qnan");
  EXPECT_EQ(ClassOf(*e4m3fn, 0x7e), "+normal");
  EXPECT_EQ(CountEndingIn(*e4m3fn, "inf"), 0u);
  const std::optional<PatternMap> fnuz = MapPatterns("float8e5m2fnuz");
  ASSERT_TRUE(fnuz);
  EXPECT_EQ(CountEndingIn(*fnuz, "nan"), 1u);
  EXPECT_EQ(CountEndingIn(*fnuz, "zero"), 1u);
  const std::optional<PatternMap> e5m2 = MapPatterns("float8e5m2");
  ASSERT_TRUE(e5m2);
  EXPECT_EQ(ClassOf(*e5m2, 0xfc), "-inf");
  EXPECT_EQ(CountEndingIn(*e5m2, "nan"), 6u);
}

TEST(MapPatterns, IntegersSplitAtTheMiddle) {
  const std::optional<PatternMap> int8 = MapPatterns("int8");
  ASSERT_TRUE(int8);
  EXPECT_EQ(int8->sign_bits, 1);
  EXPECT_EQ(int8->row_bits + int8->col_bits, 7);
  EXPECT_EQ(ClassOf(*int8, 0x80), "int_min");
  EXPECT_EQ(ClassOf(*int8, 0x7f), "int_max");
  EXPECT_EQ(ClassOf(*int8, 0x00), "int_zero");
  EXPECT_EQ(ClassOf(*int8, 0xff), "int_negative");
  const std::optional<PatternMap> uint16 = MapPatterns("uint16");
  ASSERT_TRUE(uint16);
  EXPECT_EQ(uint16->sign_bits, 0);
  EXPECT_EQ(uint16->row_bits, 8);
  EXPECT_EQ(uint16->col_bits, 8);
  EXPECT_EQ(Patterns(*uint16), 65536u);
}

// float8e8m0 has no sign bit and no mantissa; int2 is the smallest map.
TEST(MapPatterns, TheNewDtypes) {
  const std::optional<PatternMap> e8m0 = MapPatterns("float8e8m0");
  ASSERT_TRUE(e8m0);
  EXPECT_EQ(e8m0->sign_bits, 0);
  EXPECT_EQ(e8m0->row_bits, 8);
  EXPECT_EQ(e8m0->col_bits, 0);
  EXPECT_EQ(Patterns(*e8m0), 256u);
  const std::optional<PatternMap> f4 = MapPatterns("float4e2m1");
  ASSERT_TRUE(f4);
  EXPECT_EQ(f4->sign_bits, 1);
  EXPECT_EQ(Patterns(*f4), 16u);
  const std::optional<PatternMap> int2 = MapPatterns("int2");
  ASSERT_TRUE(int2);
  EXPECT_EQ(int2->sign_bits, 1);
  EXPECT_EQ(Patterns(*int2), 4u);
}

TEST(MapPatterns, NoneForWideBoolAndUnknown) {
  EXPECT_FALSE(MapPatterns("float"));
  EXPECT_FALSE(MapPatterns("int32"));
  EXPECT_FALSE(MapPatterns("bool"));
  EXPECT_FALSE(MapPatterns("float4"));
}

TEST(MapPatterns, Json) {
  const nlohmann::json j = ToJson(*MapPatterns("float8e4m3fn"));
  EXPECT_EQ(j["bits"], 8);
  EXPECT_EQ(j["row_bits"], 4);
  EXPECT_EQ(j["col_bits"], 3);
  EXPECT_EQ(j["classes"][0], "+zero");
  EXPECT_EQ(j["runs"][0], nlohmann::json({0, 1}));
}

}  // namespace
}  // namespace onnxcts
