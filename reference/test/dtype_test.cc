// The dtype table against the numbers the ONNX specs publish.
#include "onnxcts/dtype.h"

#include <gtest/gtest.h>

#include <set>

#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

TEST(DTypeTable, HoldsTheSeventeenOnnxCodes) {
  std::set<int> codes;
  for (const DTypeInfo& row : kDTypes) {
    codes.insert(static_cast<int>(row.code));
    EXPECT_EQ(FindDType(row.name), &row);
    EXPECT_EQ(FindDType(static_cast<int32_t>(row.code)), &row);
  }
  EXPECT_EQ(codes, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 16,
                                  17, 18, 19, 20}));
  EXPECT_EQ(FindDType(8), nullptr);  // STRING: not a numeric tensor type
  EXPECT_EQ(FindDType(21), nullptr);
  EXPECT_EQ(FindDType("float32"), nullptr);
}

TEST(DTypeTable, FloatWidthsMatchTheirFields) {
  for (const DTypeInfo& row : kDTypes) {
    if (row.is_float()) {
      EXPECT_EQ(row.format.width(), row.bits) << row.name;
    }
  }
}

struct SpecialCounts {
  const char* dtype;
  int nans;
  int infinities;
  int zeros;
};

// Counted from the specs (DESIGN.md's format table), not from our code.
class SpecialCountTest : public testing::TestWithParam<SpecialCounts> {};

TEST_P(SpecialCountTest, MatchesTheSpec) {
  const SpecialCounts want = GetParam();
  const DTypeInfo& t = *FindDType(want.dtype);
  int nans = 0, infinities = 0, zeros = 0;
  for (uint64_t bits = 0; bits <= t.all_bits(); ++bits) {
    const oracle::ValueClass c = oracle::Classify(t, bits);
    nans += oracle::IsNaN(t, bits);
    infinities += c == oracle::ValueClass::kInfinity;
    zeros += c == oracle::ValueClass::kZero;
  }
  EXPECT_EQ(nans, want.nans);
  EXPECT_EQ(infinities, want.infinities);
  EXPECT_EQ(zeros, want.zeros);
}

INSTANTIATE_TEST_SUITE_P(
    Spec, SpecialCountTest,
    testing::Values(SpecialCounts{"float8e4m3fn", 2, 0, 2},
                    SpecialCounts{"float8e4m3fnuz", 1, 0, 1},
                    SpecialCounts{"float8e5m2", 6, 2, 2},
                    SpecialCounts{"float8e5m2fnuz", 1, 0, 1},
                    SpecialCounts{"float16", 2046, 2, 2},
                    SpecialCounts{"bfloat16", 254, 2, 2}),
    [](const auto& info) { return std::string(info.param.dtype); });

TEST(Float8, SpecialPatternsAreWhereTheSpecsPutThem) {
  const DTypeInfo& e4m3fn = Info(DType::kFloat8E4M3FN);
  // 0x7F is NaN, not an infinity, whatever a library's limits say.
  EXPECT_TRUE(oracle::IsNaN(e4m3fn, 0x7F));
  EXPECT_TRUE(oracle::IsNaN(e4m3fn, 0xFF));
  EXPECT_FALSE(oracle::IsInf(e4m3fn, 0x7F, true, true));
  EXPECT_TRUE(oracle::IsNaN(Info(DType::kFloat8E4M3FNUZ), 0x80));
  EXPECT_TRUE(oracle::IsNaN(Info(DType::kFloat8E5M2FNUZ), 0x80));
  EXPECT_TRUE(oracle::IsInf(Info(DType::kFloat8E5M2), 0xFC, false, true));
}

struct KnownValue {
  DType dtype;
  uint64_t bits;
  double value;
};

class KnownValueTest : public testing::TestWithParam<KnownValue> {};

// Largest finites and smallest subnormals as the float8 paper and the ONNX
// spec list them.
TEST_P(KnownValueTest, DecodesExactly) {
  const KnownValue k = GetParam();
  EXPECT_EQ(oracle::Value(Info(k.dtype), k.bits), k.value);
}

INSTANTIATE_TEST_SUITE_P(
    Spec, KnownValueTest,
    testing::Values(KnownValue{DType::kFloat8E4M3FN, 0x7E, 448.0},
                    KnownValue{DType::kFloat8E4M3FN, 0x01, 0x1p-9},
                    KnownValue{DType::kFloat8E4M3FNUZ, 0x7F, 240.0},
                    KnownValue{DType::kFloat8E4M3FNUZ, 0x01, 0x1p-10},
                    KnownValue{DType::kFloat8E5M2, 0x7B, 57344.0},
                    KnownValue{DType::kFloat8E5M2, 0x01, 0x1p-16},
                    KnownValue{DType::kFloat8E5M2FNUZ, 0x7F, 57344.0},
                    KnownValue{DType::kFloat8E5M2FNUZ, 0x01, 0x1p-17},
                    KnownValue{DType::kFloat16, 0x7BFF, 65504.0},
                    KnownValue{DType::kFloat16, 0x3C00, 1.0},
                    KnownValue{DType::kBfloat16, 0x3F80, 1.0},
                    KnownValue{DType::kBfloat16, 0xC000, -2.0},
                    KnownValue{DType::kFloat, 0x3F800000, 1.0}));

TEST(LoadStore, RoundTripsEveryWidth) {
  for (const DTypeInfo& t : kDTypes) {
    uint8_t buffer[16] = {};
    StoreBits(t, buffer, 1, t.all_bits() - 1);
    EXPECT_EQ(LoadBits(t, buffer, 1), t.all_bits() - 1) << t.name;
    EXPECT_EQ(LoadBits(t, buffer, 0), 0u) << t.name;
  }
}

}  // namespace
}  // namespace onnxcts
