// The QuantizeLinear and DequantizeLinear oracles against answers derived
// by hand from the spec's text (ties to even, the saturation ranges, the
// float8 saturate tables, the precision of the division), and the
// Deviation predicates on each open spot of quantize.h.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "quantize_test_util.h"

namespace onnxcts::quantize {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

uint64_t F32(float x) { return std::bit_cast<uint32_t>(x); }
uint64_t F64(double x) { return std::bit_cast<uint64_t>(x); }
const DTypeInfo& Float() { return Info(DType::kFloat); }

// Float32 x over a float32 scale into `y`.
uint64_t Q(float x, float scale, const char* y, uint64_t zp = 0,
           QuantizeOptions o = {}) {
  return QuantizeOracle(Float(), F32(x), Float(), F32(scale), QT(y), zp, o);
}

// An exactly representable value as a pattern of `t`.
uint64_t Bits(const char* t, double v) {
  return convert::CastOracle(Info(DType::kDouble), F64(v), QT(t), {});
}

TEST(QuantizeOracle, RoundsHalfToEven) {
  EXPECT_EQ(Q(2.5f, 1, "int8"), 2u);
  EXPECT_EQ(Q(3.5f, 1, "int8"), 4u);
  EXPECT_EQ(Q(-2.5f, 1, "int8"), 0xFEu);  // -2
  EXPECT_EQ(Q(-3.5f, 1, "int8"), 0xFCu);  // -4
  EXPECT_EQ(Q(0.5f, 1, "uint8"), 0u);
  EXPECT_EQ(Q(1.5f, 1, "uint8"), 2u);
  EXPECT_EQ(Q(2.4999998f, 1, "uint8"), 2u);
  EXPECT_EQ(Q(5.0f, 2, "uint8"), 2u);    // 2.5
  EXPECT_EQ(Q(1.75f, 0.5f, "uint8"), 4u);  // 3.5
  // 7.5 / 3 is 2.5 exactly in float16; 10.5 / 3 is 3.5.
  const DTypeInfo& f16 = Info(DType::kFloat16);
  EXPECT_EQ(QuantizeOracle(f16, Bits("float16", 7.5), f16, Bits("float16", 3),
                           QT("uint8"), 0, {}), 2u);
  EXPECT_EQ(QuantizeOracle(f16, Bits("float16", 10.5), f16, Bits("float16", 3),
                           QT("uint8"), 0, {}), 4u);
  EXPECT_EQ(Q(-2.5f, 1, "int2"), 2u);  // -2
  EXPECT_EQ(Q(0.5f, 1, "uint2"), 0u);
}

TEST(QuantizeOracle, SaturatesToTheOutputRange) {
  EXPECT_EQ(Q(300, 1, "int8"), 127u);
  EXPECT_EQ(Q(-300, 1, "int8"), 0x80u);
  EXPECT_EQ(Q(-1, 1, "uint8"), 0u);
  EXPECT_EQ(Q(256, 1, "uint8"), 255u);
  EXPECT_EQ(Q(1e30f, 1e-30f, "uint16"), 65535u);  // quotient beyond float
  EXPECT_EQ(Q(40000, 1, "int16"), 0x7FFFu);
  EXPECT_EQ(Q(-40000, 1, "int16"), 0x8000u);
  EXPECT_EQ(Q(7.6f, 1, "int4"), 7u);
  EXPECT_EQ(Q(-9, 1, "int4"), 8u);  // -8
  EXPECT_EQ(Q(16, 1, "uint4"), 15u);
  EXPECT_EQ(Q(3.5f, 1, "uint2"), 3u);
  EXPECT_EQ(Q(-5, 1, "int2"), 2u);  // -2
  EXPECT_EQ(Q(kInf, 1, "int8"), 127u);
  EXPECT_EQ(Q(-kInf, 1, "uint8"), 0u);
  EXPECT_EQ(Q(3e9f, 1, "int8"), 127u);  // beyond int32 too
}

TEST(QuantizeOracle, AddsTheZeroPointBeforeSaturating) {
  EXPECT_EQ(Q(1, 0.5f, "uint8", 10), 12u);
  EXPECT_EQ(Q(254, 1, "uint8", 2), 255u);
  EXPECT_EQ(Q(-130, 1, "int8", 5), 0x83u);   // -125 fits
  EXPECT_EQ(Q(-130, 1, "int8", 1), 0x80u);   // -129 does not
  EXPECT_EQ(Q(-130, 1, "int8", 3), 0x81u);   // -127
  EXPECT_EQ(Q(2.5f, 1, "int8", 0xFF), 1u);   // 2 - 1
  EXPECT_EQ(Q(kNaN, 1, "int8", 7), 7u);      // open spot 2: the zero point
  EXPECT_EQ(Q(0, 0, "uint8", 9), 9u);        // 0 / 0 is NaN
  EXPECT_EQ(Q(1, 0, "uint8", 9), 255u);      // 1 / 0 is +inf
  EXPECT_EQ(Q(1, -0.0f, "int8", 9), 0x80u);  // -inf
  EXPECT_EQ(Q(5, -2, "int8"), 0xFEu);        // -2.5 -> -2
}

TEST(QuantizeOracle, Float8FollowsTheSaturateTables) {
  const QuantizeOptions no{.saturate = false};
  EXPECT_EQ(Q(500, 1, "float8e4m3fn"), 0x7Eu);  // 448
  EXPECT_EQ(Q(500, 1, "float8e4m3fn", 0, no), 0x7Fu);
  EXPECT_EQ(Q(-1000, 2, "float8e4m3fn"), 0xFEu);
  EXPECT_EQ(Q(1e6f, 1, "float8e5m2"), 0x7Bu);  // 57344
  EXPECT_EQ(Q(1e6f, 1, "float8e5m2", 0, no), 0x7Cu);
  EXPECT_EQ(Q(kInf, 1, "float8e4m3fn"), 0x7Eu);
  EXPECT_EQ(Q(-kInf, 1, "float8e5m2", 0, no), 0xFCu);
  EXPECT_EQ(Q(1e6f, 1, "float8e4m3fnuz", 0, no), 0x80u);
  // ±inf into fnuz with saturate: Cast-23's NaN before 24, ±max from 24.
  EXPECT_EQ(Q(kInf, 1, "float8e4m3fnuz", 0, {.opset = 21}), 0x80u);
  EXPECT_EQ(Q(kInf, 1, "float8e4m3fnuz", 0, {.opset = 24}), 0x7Fu);
  EXPECT_EQ(Q(-kInf, 1, "float8e5m2fnuz", 0, {.opset = 25}), 0xFFu);
  // Rounded to nearest even, not to an integer: 1.0625 is a tie.
  EXPECT_EQ(Q(2.125f, 2, "float8e4m3fn"), 0x38u);   // 1.0
  EXPECT_EQ(Q(0.75f, 2, "float8e4m3fn"), 0x2Cu);    // 0.375
  EXPECT_EQ(Q(-0.0f, 1, "float8e4m3fn"), 0x80u);   // -0 stays
  EXPECT_EQ(Q(-0.0f, 1, "float8e4m3fnuz"), 0x00u);  // no -0 there
  EXPECT_EQ(Q(kNaN, 1, "float8e4m3fn"), 0x7Fu);
  // A float8 zero point is added: 0.5 + 1.0 = 1.5.
  EXPECT_EQ(Q(0.5f, 1, "float8e4m3fn", 0x38), 0x3Cu);
  EXPECT_EQ(Q(-1, 1, "float8e4m3fn", 0x38), 0x00u);  // exact zero sum: +0
}

TEST(QuantizeOracle, Float4AlwaysSaturates) {
  EXPECT_EQ(Q(5, 1, "float4e2m1"), 0x6u);   // 5 is a tie of 4 and 6: 4
  EXPECT_EQ(Q(100, 1, "float4e2m1", 0, {.saturate = false}), 0x7u);  // 6
  EXPECT_EQ(Q(-kInf, 1, "float4e2m1"), 0xFu);  // -6
  EXPECT_EQ(Q(0.25f, 1, "float4e2m1"), 0x0u);  // tie of 0 and 0.5: 0
  EXPECT_EQ(Q(1, 1, "float4e2m1", 0x2), 0x4u);  // 1 + 1 = 2
}

// The division is in the scale's type (23+) or `precision`: x is cast to it
// first.
TEST(QuantizeOracle, DividesInThePrecision) {
  const DTypeInfo& f16 = Info(DType::kFloat16);
  // 70000 is inf in float16: inf / 2 saturates; in float it is 35000.
  EXPECT_EQ(QuantizeOracle(Float(), F32(70000), f16, Bits("float16", 2),
                           QT("uint16"), 0, {}), 65535u);
  EXPECT_EQ(QuantizeOracle(Float(), F32(70000), f16, Bits("float16", 2),
                           QT("uint16"), 0, {.precision = &Float()}), 35000u);
  // 2049 is 2048 in float16, 2049 / 2 = 1024.5 in float.
  EXPECT_EQ(QuantizeOracle(Float(), F32(2049), Float(), F32(2), QT("uint16"),
                           0, {.precision = &f16}), 1024u);
  EXPECT_EQ(QuantizeOracle(Float(), F32(2051), Float(), F32(2), QT("uint16"),
                           0, {}), 1026u);  // 1025.5
  // The quotient rounded to float first: (1 + 2^-23) * 2.5 / 1 ... a value
  // just above k + 0.5 in double is k + 0.5 in float: 2.5000001 / 1.
  EXPECT_EQ(QuantizeOracle(Info(DType::kDouble), F64(2.50000001), Float(),
                           F32(1), QT("uint8"), 0, {}), 2u);
  EXPECT_EQ(QuantizeOracle(Info(DType::kDouble), F64(2.50000001), Info(DType::kDouble),
                           F64(1), QT("uint8"), 0, {}), 3u);
  // In double, (2.5 - 2^-50) / (1 - 2^-51) is 2.5 + 2^-52 + 2^-103: just
  // above a midpoint, so 2.5 + 2^-51, which rounds to 3; the quotient's
  // first 64 bits alone make a tie (2.5, then 2).
  const DTypeInfo& f64 = Info(DType::kDouble);
  EXPECT_EQ(QuantizeOracle(f64, F64(2.5 - 0x1p-50), f64, F64(1 - 0x1p-51),
                           QT("uint8"), 0, {}), 3u);
  // float8e8m0 scales: float precision; 0x80 is 2.
  const DTypeInfo& e8m0 = QT("float8e8m0");
  EXPECT_EQ(QuantizeOracle(Float(), F32(5), e8m0, 0x80, QT("int8"), 0, {}), 2u);
  EXPECT_EQ(QuantizeOracle(Float(), F32(5), e8m0, 0x7E, QT("int8"), 0, {}), 10u);
  EXPECT_EQ(QuantizeOracle(Float(), F32(5), e8m0, 0xFF, QT("int8"), 3, {}), 3u);
  // int32 x and scales divide in double: 7 / 2 = 3.5 -> 4, 5 / 2 -> 2.
  const DTypeInfo& i32 = Info(DType::kInt32);
  EXPECT_EQ(QuantizeOracle(i32, 7, i32, 2, QT("int8"), 0, {}), 4u);
  EXPECT_EQ(QuantizeOracle(i32, 5, i32, 2, QT("int8"), 0, {}), 2u);
  EXPECT_EQ(QuantizeOracle(i32, 0xFFFFFFF9, Float(), F32(2), QT("int8"), 0, {}),
            0xFCu);  // -3.5 -> -4
}

TEST(DequantizeOracle, SubtractsThenMultiplies) {
  const DTypeInfo& f16 = Info(DType::kFloat16);
  EXPECT_EQ(DequantizeOracle(QT("int8"), 3, 1, Float(), F32(0.5f), Float(), {}),
            F32(1.0f));
  EXPECT_EQ(DequantizeOracle(QT("uint8"), 0, 255, Float(), F32(2), Float(), {}),
            F32(-510));
  EXPECT_EQ(DequantizeOracle(QT("int8"), 0x80, 0x7F, Float(), F32(1), Float(), {}),
            F32(-255));
  EXPECT_EQ(DequantizeOracle(QT("int4"), 0x8, 0x7, Float(), F32(1), Float(), {}),
            F32(-15));
  EXPECT_EQ(DequantizeOracle(QT("uint2"), 3, 0, Float(), F32(-1), Float(), {}),
            F32(-3));
  EXPECT_EQ(DequantizeOracle(QT("int32"), 16777217, 0, Float(), F32(1), Float(), {}),
            F32(16777216));
  // The difference is rounded to the output type: 2049 is 2048 in float16.
  EXPECT_EQ(DequantizeOracle(QT("int16"), 2049, 0, f16, Bits("float16", 1), f16, {}),
            Bits("float16", 2048));
  // output_dtype float16 with a float scale 1 + 2^-11 + 2^-20: the scale is
  // 1 + 2^-10 in float16, 255 * that = 255.25; in float it would be
  // 255.1247..., 255.125 in float16.
  const uint64_t scale = F32(1.0f + 0x1p-11f + 0x1p-20f);
  EXPECT_EQ(DequantizeOracle(QT("uint8"), 255, 0, Float(), scale, f16, {}),
            Bits("float16", 255.25));
  EXPECT_EQ(DequantizeOracle(QT("uint8"), 255, 0, Float(), scale, f16,
                             {.precision = &Float()}),
            Bits("float16", 255.125));
  // float8 x; e8m0 scales (0x81 is 4).
  EXPECT_EQ(DequantizeOracle(QT("float8e4m3fn"), 0x7E, 0, Float(), F32(1), Float(), {}),
            F32(448));
  EXPECT_EQ(DequantizeOracle(QT("float8e4m3fn"), 0x80, 0, Float(), F32(1), Float(), {}),
            F32(-0.0f));
  EXPECT_EQ(DequantizeOracle(QT("int8"), 5, 0, QT("float8e8m0"), 0x81, Float(), {}),
            F32(20));
  EXPECT_EQ(DequantizeOracle(QT("int8"), 5, 0, QT("float8e8m0"), 0x81,
                             QT("bfloat16"), {}),
            Bits("bfloat16", 20));
  EXPECT_EQ(DequantizeOracle(QT("float4e2m1"), 0x7, 0x2, Float(), F32(2), Float(), {}),
            F32(10));  // (6 - 1) * 2
  // NaN and inf: IEEE; NaNs are the positive quiet NaN.
  EXPECT_EQ(DequantizeOracle(QT("int8"), 0, 0, Float(), F32(kInf), Float(), {}),
            0x7FC00000u);
  EXPECT_EQ(DequantizeOracle(QT("int8"), 0xFF, 0, Float(), F32(kInf), Float(), {}),
            F32(-kInf));
  EXPECT_EQ(DequantizeOracle(QT("float8e5m2"), 0xFF, 0, Float(), F32(1), Float(), {}),
            0x7FC00000u);
  // Overflow in float16: 255 * 65504.
  EXPECT_EQ(DequantizeOracle(QT("uint8"), 255, 0, f16, Bits("float16", 65504), f16, {}),
            0x7C00u);
}

TEST(QuantizeDeviation, AcceptsOnlyTheOpenSpots) {
  const DTypeInfo& f16 = Info(DType::kFloat16);
  auto dev = [](float x, float s, const char* y, uint64_t zp, uint64_t actual,
                QuantizeOptions o = {}) {
    return QuantizeDeviation(Float(), F32(x), Float(), F32(s), QT(y), zp, o,
                             actual);
  };
  EXPECT_TRUE(dev(kNaN, 1, "int8", 0, 0x80));  // 2
  EXPECT_TRUE(dev(1, 0, "int8", 0, 0x80));     // 3
  EXPECT_TRUE(dev(1, kNaN, "uint8", 0, 0));    // 3
  EXPECT_FALSE(dev(kInf, 1, "int8", 0, 0x80));  // saturates: not open
  EXPECT_FALSE(dev(3e9f, 1, "uint8", 0, 0));
  EXPECT_FALSE(dev(2.5f, 1, "int8", 0, 3));     // not half away from zero
  EXPECT_FALSE(dev(300, 1, "int8", 0, 44));     // not a wrap
  // 1: the division in float rather than float16.
  EXPECT_TRUE(QuantizeDeviation(Float(), F32(70000), f16, Bits("float16", 2),
                                QT("uint16"), 0, {}, 35000));
  EXPECT_FALSE(QuantizeDeviation(Float(), F32(70000), f16, Bits("float16", 2),
                                 QT("uint16"), 0, {}, 35001));
  // 4: ±max for ±inf into fnuz before 24, not after.
  EXPECT_TRUE(dev(kInf, 1, "float8e4m3fnuz", 0, 0x7F, {.opset = 21}));
  EXPECT_FALSE(dev(kInf, 1, "float8e4m3fnuz", 0, 0x80, {.opset = 25}));
  // 5: a float zero point ignored; the other zero.
  EXPECT_TRUE(dev(0.5f, 1, "float8e4m3fn", 0x38, 0x30));
  EXPECT_FALSE(dev(0.5f, 1, "float8e4m3fn", 0x38, 0x40));
  EXPECT_TRUE(dev(-0.0f, 1, "float4e2m1", 0, 0x0));
  EXPECT_FALSE(dev(-0.0f, 1, "float4e2m1", 0x2, 0x0));
  // 7: an integer precision.
  const QuantizeOptions int_precision{.precision = &Info(DType::kInt32)};
  EXPECT_TRUE(dev(2.5f, 1, "int8", 0, 99, int_precision));
}

TEST(DequantizeDeviation, AcceptsOnlyTheOpenSpots) {
  const DTypeInfo& f16 = Info(DType::kFloat16);
  const uint64_t scale = F32(1.0f + 0x1p-11f + 0x1p-20f);
  // 1: the product in float, then cast (ONNX's evaluator).
  EXPECT_TRUE(DequantizeDeviation(QT("uint8"), 255, 0, Float(), scale, f16, {},
                                  Bits("float16", 255.125)));
  EXPECT_FALSE(DequantizeDeviation(QT("uint8"), 255, 0, Float(), scale, f16, {},
                                   Bits("float16", 255.0)));
  // 6: int32 with a zero point.
  EXPECT_TRUE(DequantizeDeviation(QT("int32"), 5, 1, Float(), F32(1), Float(),
                                  {}, F32(123)));
  EXPECT_FALSE(DequantizeDeviation(QT("int32"), 5, 0, Float(), F32(1), Float(),
                                   {}, F32(4)));
  // 5: a float8 zero point ignored.
  EXPECT_TRUE(DequantizeDeviation(QT("float8e4m3fn"), 0x38, 0x38, Float(),
                                  F32(1), Float(), {}, F32(1)));
  EXPECT_FALSE(DequantizeDeviation(QT("float8e4m3fn"), 0x38, 0x38, Float(),
                                   F32(1), Float(), {}, F32(2)));
}

TEST(QuantizePrecision, FollowsTheScaleOrTheAttribute) {
  EXPECT_EQ(QuantizePrecision(Info(DType::kFloat16), {}).code, DType::kFloat16);
  EXPECT_EQ(QuantizePrecision(QT("float8e8m0"), {}).code, DType::kFloat);
  EXPECT_EQ(QuantizePrecision(Info(DType::kInt32), {}).code, DType::kDouble);
  EXPECT_EQ(QuantizePrecision(Info(DType::kFloat16), {.precision = &Float()}).code,
            DType::kFloat);
  EXPECT_THROW(QuantizePrecision(QT("float8e4m3fn"), {}), std::invalid_argument);
}

}  // namespace
}  // namespace onnxcts::quantize
