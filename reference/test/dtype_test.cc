// The dtype table against the numbers the ONNX specs publish.
#include "onnxcts/dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

TEST(DTypeTable, HoldsTheTwentyThreeOnnxCodes) {
  std::set<int> codes;
  for (const DTypeInfo& row : kDTypes) {
    codes.insert(static_cast<int>(row.code));
    EXPECT_EQ(FindDType(row.name), &row);
    EXPECT_EQ(FindDType(static_cast<int32_t>(row.code)), &row);
  }
  EXPECT_EQ(codes, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24, 25, 26}));
  EXPECT_EQ(FindDType(8), nullptr);  // STRING: not a numeric tensor type
  EXPECT_EQ(FindDType(14), nullptr);  // COMPLEX64
  EXPECT_EQ(FindDType(27), nullptr);
  EXPECT_EQ(FindDType("float32"), nullptr);
}

// onnx.proto's TensorProto.DataType (onnx 1.22) and the spec pages of the
// 4-bit, 2-bit, float4 and float8 types.
TEST(DTypeTable, NewCodesAreOnnxs) {
  EXPECT_EQ(FindDType(21)->name, "uint4");
  EXPECT_EQ(FindDType(22)->name, "int4");
  EXPECT_EQ(FindDType(23)->name, "float4e2m1");
  EXPECT_EQ(FindDType(24)->name, "float8e8m0");
  EXPECT_EQ(FindDType(25)->name, "uint2");
  EXPECT_EQ(FindDType(26)->name, "int2");
  EXPECT_EQ(Info(DType::kInt4).bits, 4);
  EXPECT_EQ(Info(DType::kUint2).bits, 2);
  EXPECT_EQ(Info(DType::kFloat8E8M0).bits, 8);
  EXPECT_FALSE(Info(DType::kFloat8E8M0).format.has_sign());
  EXPECT_FALSE(Info(DType::kFloat4E2M1).format.has_nan());
  EXPECT_FALSE(Info(DType::kFloat4E2M1).format.has_infinity());
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
                    SpecialCounts{"bfloat16", 254, 2, 2},
                    SpecialCounts{"float4e2m1", 0, 0, 2},
                    SpecialCounts{"float8e8m0", 1, 0, 0}),
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
                    KnownValue{DType::kFloat, 0x3F800000, 1.0},
                    // The OCP MX spec's E8M0: 2^(e - 127), no zero.
                    KnownValue{DType::kFloat8E8M0, 0x00, 0x1p-127},
                    KnownValue{DType::kFloat8E8M0, 0x7F, 1.0},
                    KnownValue{DType::kFloat8E8M0, 0x80, 2.0},
                    KnownValue{DType::kFloat8E8M0, 0xFE, 0x1p127}));

// ONNX's float4 page lists every magnitude of E2M1 (bits ignoring the sign:
// 000 0, 001 0.5, 010 1, 011 1.5, 100 2, 101 3, 110 4, 111 6); the sign bit
// negates. Every pattern, against that table.
TEST(Float4E2M1, EveryPatternHasTheSpecsValueAndClass) {
  const DTypeInfo& t = Info(DType::kFloat4E2M1);
  const double magnitudes[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  const char* classes[8] = {"zero",   "subnormal", "normal", "normal",
                            "normal", "normal",    "normal", "normal"};
  for (uint64_t bits = 0; bits <= 0xF; ++bits) {
    const bool negative = bits >= 8;
    EXPECT_EQ(oracle::Value(t, bits),
              (negative ? -1 : 1) * magnitudes[bits & 7]) << bits;
    EXPECT_EQ(oracle::ClassName(t, bits),
              std::string(negative ? "-" : "+") + classes[bits & 7]) << bits;
    EXPECT_FALSE(oracle::IsNaN(t, bits));
    EXPECT_FALSE(oracle::IsInf(t, bits, true, true));
  }
  EXPECT_EQ(oracle::Sign(t, 0x7), 0x2u);  // Sign(6) = 1.0
  EXPECT_EQ(oracle::Sign(t, 0x9), 0xAu);  // Sign(-0.5) = -1.0
}

// E8M0: no sign, no zero, no subnormal; every pattern but 0xFF is the
// positive normal 2^(e - 127), and 0xFF is the one NaN.
TEST(Float8E8M0, EveryPatternIsAPowerOfTwoButTheNaN) {
  const DTypeInfo& t = Info(DType::kFloat8E8M0);
  for (uint64_t bits = 0; bits < 0xFF; ++bits) {
    EXPECT_EQ(oracle::Value(t, bits),
              std::ldexp(1.0, static_cast<int>(bits) - 127)) << bits;
    EXPECT_EQ(oracle::ClassName(t, bits), "+normal") << bits;
    EXPECT_FALSE(oracle::IsNaN(t, bits));
    EXPECT_FALSE(oracle::IsNegative(t, bits));
  }
  EXPECT_TRUE(std::isnan(oracle::Value(t, 0xFF)));
  EXPECT_TRUE(oracle::IsNaN(t, 0xFF));
  EXPECT_EQ(oracle::ClassName(t, 0xFF), "+qnan");
}

// onnx.proto: int4 in [-8, 7] and int2 in [-2, 1], two's complement; uint4
// in [0, 15], uint2 in [0, 3].
TEST(SubByteIntegers, ClassifyInTheirWidth) {
  struct Want {
    DType dtype;
    uint64_t bits;
    const char* name;
  };
  for (const Want& w : {Want{DType::kInt4, 0x8, "int_min"},
                        Want{DType::kInt4, 0x7, "int_max"},
                        Want{DType::kInt4, 0xF, "int_negative"},
                        Want{DType::kInt4, 0x1, "int_positive"},
                        Want{DType::kInt4, 0x0, "int_zero"},
                        Want{DType::kUint4, 0xF, "int_max"},
                        Want{DType::kUint4, 0x8, "int_positive"},
                        Want{DType::kInt2, 0x2, "int_min"},
                        Want{DType::kInt2, 0x1, "int_max"},
                        Want{DType::kInt2, 0x3, "int_negative"},
                        Want{DType::kUint2, 0x3, "int_max"},
                        Want{DType::kUint2, 0x1, "int_positive"}}) {
    EXPECT_EQ(oracle::ClassName(Info(w.dtype), w.bits), w.name)
        << Name(w.dtype) << " " << w.bits;
  }
  EXPECT_EQ(oracle::Sign(Info(DType::kInt4), 0x9), 0xFu);  // Sign(-7) = -1
  EXPECT_EQ(oracle::Sign(Info(DType::kInt2), 0x2), 0x3u);  // Sign(-2) = -1
}

TEST(StorageBytes, IsCeilOfCountTimesBitsOverEight) {
  const DTypeInfo& int4 = Info(DType::kInt4);
  const DTypeInfo& uint2 = Info(DType::kUint2);
  const DTypeInfo& e8m0 = Info(DType::kFloat8E8M0);
  for (size_t n = 0; n < 64; ++n) {
    EXPECT_EQ(StorageBytes(int4, n), (n * 4 + 7) / 8) << n;
    EXPECT_EQ(StorageBytes(uint2, n), (n * 2 + 7) / 8) << n;
    EXPECT_EQ(StorageBytes(e8m0, n), n);
    EXPECT_EQ(StorageBytes(Info(DType::kDouble), n), 8 * n);
  }
  EXPECT_EQ(StorageBytes(int4, SIZE_MAX), SIZE_MAX / 2 + 1);
  EXPECT_EQ(StorageBytes(Info(DType::kFloat), SIZE_MAX), SIZE_MAX);
  EXPECT_THROW(ElementBytes(int4), std::invalid_argument);
  EXPECT_EQ(ElementBytes(Info(DType::kInt64)), 8u);
}

TEST(LoadStore, RoundTripsEveryWidth) {
  for (const DTypeInfo& t : kDTypes) {
    uint8_t buffer[16] = {};
    StoreBits(t, buffer, 1, t.all_bits() - 1);
    EXPECT_EQ(LoadBits(t, buffer, 1), t.all_bits() - 1) << t.name;
    EXPECT_EQ(LoadBits(t, buffer, 0), 0u) << t.name;
  }
}

// The packing of onnx.proto's raw_data, written out by hand: 4-bit pairs
// as y << 4 | x, 2-bit quads as x0 | x1 << 2 | x2 << 4 | x3 << 6, the last
// byte's unused high bits zero.
TEST(LoadStore, PacksAsOnnxDoes) {
  uint8_t int4[2] = {};
  for (size_t i = 0; i < 3; ++i) StoreBits(Info(DType::kInt4), int4, i, i + 1);
  EXPECT_EQ(int4[0], 0x21);
  EXPECT_EQ(int4[1], 0x03);
  uint8_t uint2[2] = {};
  const uint64_t quad[] = {1, 2, 3, 0, 1};
  for (size_t i = 0; i < 5; ++i) StoreBits(Info(DType::kUint2), uint2, i, quad[i]);
  EXPECT_EQ(uint2[0], 0x39);
  EXPECT_EQ(uint2[1], 0x01);
}

// Every pattern at every slot of a byte, over odd counts, leaves the other
// elements as they were.
TEST(LoadStore, EveryPackedPatternRoundTripsAtEverySlot) {
  for (const DTypeInfo& t : kDTypes) {
    if (!t.packed()) continue;
    for (size_t count : {1, 3, 5, 7}) {
      for (size_t slot = 0; slot < count; ++slot) {
        for (uint64_t p = 0; p <= t.all_bits(); ++p) {
          std::vector<uint8_t> buffer(StorageBytes(t, count), 0);
          for (size_t i = 0; i < count; ++i) {
            StoreBits(t, buffer.data(), i, (i * 3 + 1) & t.all_bits());
          }
          StoreBits(t, buffer.data(), slot, p);
          for (size_t i = 0; i < count; ++i) {
            const uint64_t want = i == slot ? p : (i * 3 + 1) & t.all_bits();
            ASSERT_EQ(LoadBits(t, buffer.data(), i), want)
                << t.name << " count " << count << " slot " << slot;
          }
          const size_t used_bits = count * t.bits % 8;
          if (used_bits != 0) {  // the padding stays zero
            EXPECT_EQ(buffer.back() >> used_bits, 0) << t.name;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace onnxcts
