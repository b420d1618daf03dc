// The Cast oracle against answers derived by hand from the spec's text and
// tables (Cast-19 to 25, the float4, int4 and int2 pages), independent of
// any library.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "convert_test_util.h"

namespace onnxcts::convert {
namespace {

uint64_t F32(float x) { return std::bit_cast<uint32_t>(x); }
uint64_t F64(double x) { return std::bit_cast<uint64_t>(x); }
const DTypeInfo& T(const char* name) { return CastDType(name); }

uint64_t FromFloat(float x, const char* to, CastOptions o = {}) {
  return CastOracle(Info(DType::kFloat), F32(x), T(to), o);
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr CastOptions kNoSaturate{.saturate = false};

TEST(CastOracle, Float8SaturationTables) {
  EXPECT_EQ(FromFloat(500, "float8e4m3fn"), 0x7Eu);  // 448
  EXPECT_EQ(FromFloat(500, "float8e4m3fn", kNoSaturate), 0x7Fu);
  EXPECT_EQ(FromFloat(-500, "float8e4m3fn"), 0xFEu);
  EXPECT_EQ(FromFloat(464, "float8e4m3fn", kNoSaturate), 0x7Eu);  // [x]=448
  EXPECT_EQ(FromFloat(480, "float8e4m3fn", kNoSaturate), 0x7Fu);
  EXPECT_EQ(FromFloat(kInf, "float8e4m3fn"), 0x7Eu);
  EXPECT_EQ(FromFloat(kInf, "float8e4m3fn", kNoSaturate), 0x7Fu);
  EXPECT_EQ(FromFloat(-kInf, "float8e4m3fn", kNoSaturate), 0xFFu);
  EXPECT_EQ(FromFloat(kInf, "float8e5m2"), 0x7Bu);  // 57344
  EXPECT_EQ(FromFloat(kInf, "float8e5m2", kNoSaturate), 0x7Cu);
  EXPECT_EQ(FromFloat(-kInf, "float8e5m2", kNoSaturate), 0xFCu);
  EXPECT_EQ(FromFloat(61440, "float8e5m2", kNoSaturate), 0x7Cu);  // tie up
  EXPECT_EQ(FromFloat(61440, "float8e5m2"), 0x7Bu);
  EXPECT_EQ(FromFloat(1e6, "float8e5m2fnuz"), 0x7Fu);  // 57344
  EXPECT_EQ(FromFloat(1e6, "float8e4m3fnuz", kNoSaturate), 0x80u);
  EXPECT_EQ(FromFloat(-0.0f, "float8e4m3fnuz"), 0x00u);
  EXPECT_EQ(FromFloat(-0.0f, "float8e4m3fn"), 0x80u);
  EXPECT_EQ(FromFloat(-0x1p-12f, "float8e4m3fnuz"), 0x00u);
}

// onnx/onnx#7130: Cast-24 sends ±inf to ±max in the fnuz types too.
TEST(CastOracle, FnuzInfinityByOpset) {
  for (const char* to : {"float8e4m3fnuz", "float8e5m2fnuz"}) {
    EXPECT_EQ(FromFloat(kInf, to, {.opset = 23}), 0x80u) << to;
    EXPECT_EQ(FromFloat(-kInf, to, {.opset = 19}), 0x80u) << to;
    EXPECT_EQ(FromFloat(kInf, to, {.opset = 24}), 0x7Fu) << to;
    EXPECT_EQ(FromFloat(-kInf, to, {.opset = 25}), 0xFFu) << to;
    EXPECT_EQ(FromFloat(kInf, to, {.saturate = false, .opset = 25}), 0x80u);
  }
}

TEST(CastOracle, Float8RoundsToNearestEven) {
  const DTypeInfo& f16 = Info(DType::kFloat16);
  EXPECT_EQ(CastOracle(f16, 0x3C40, T("float8e4m3fn"), {}), 0x38u);  // 1.0625
  EXPECT_EQ(CastOracle(f16, 0x3CC0, T("float8e4m3fn"), {}), 0x3Au);  // 1.1875
  EXPECT_EQ(FromFloat(0x1p-10f, "float8e4m3fn"), 0x00u);    // half the min
  EXPECT_EQ(FromFloat(0x1.8p-10f, "float8e4m3fn"), 0x01u);
  EXPECT_EQ(FromFloat(0x1p-9f, "float8e4m3fn"), 0x01u);
}

TEST(CastOracle, NaNs) {
  EXPECT_EQ(FromFloat(kNaN, "float8e4m3fn"), 0x7Fu);
  EXPECT_EQ(FromFloat(-kNaN, "float8e4m3fn", kNoSaturate), 0xFFu);
  EXPECT_EQ(FromFloat(-kNaN, "float8e4m3fnuz"), 0x80u);
  EXPECT_EQ(FromFloat(kNaN, "float8e5m2"), 0x7Eu);
  EXPECT_EQ(FromFloat(kNaN, "float16"), 0x7E00u);
  EXPECT_EQ(FromFloat(kNaN, "bfloat16"), 0x7FC0u);
  // A signalling float16 NaN comes out quiet, its payload kept.
  EXPECT_EQ(CastOracle(Info(DType::kFloat16), 0x7C01, Info(DType::kFloat), {}),
            0x7FC02000u);
  EXPECT_EQ(CastOracle(T("float8e4m3fnuz"), 0x80, Info(DType::kFloat), {}),
            0xFFC00000u);
}

// The float4 page: nearest even, always saturating, NaN -> 6.
TEST(CastOracle, Float4E2M1) {
  EXPECT_EQ(FromFloat(0.25f, "float4e2m1"), 0x0u);
  EXPECT_EQ(FromFloat(0.26f, "float4e2m1"), 0x1u);
  EXPECT_EQ(FromFloat(0.75f, "float4e2m1"), 0x2u);
  EXPECT_EQ(FromFloat(1.25f, "float4e2m1"), 0x2u);
  EXPECT_EQ(FromFloat(1.75f, "float4e2m1"), 0x4u);
  EXPECT_EQ(FromFloat(2.5f, "float4e2m1"), 0x4u);
  EXPECT_EQ(FromFloat(3.5f, "float4e2m1"), 0x6u);
  EXPECT_EQ(FromFloat(5.0f, "float4e2m1"), 0x6u);
  EXPECT_EQ(FromFloat(5.5f, "float4e2m1"), 0x7u);
  EXPECT_EQ(FromFloat(100, "float4e2m1", kNoSaturate), 0x7u);
  EXPECT_EQ(FromFloat(-kInf, "float4e2m1"), 0xFu);
  EXPECT_EQ(FromFloat(kNaN, "float4e2m1"), 0x7u);
  EXPECT_EQ(FromFloat(-0.0f, "float4e2m1"), 0x8u);
  EXPECT_EQ(CastOracle(T("float4e2m1"), 0xF, Info(DType::kFloat), {}),
            F32(-6.0f));
}

TEST(CastOracle, Float8E8M0RoundModes) {
  const CastOptions up{}, down{.round_mode = RoundMode::kDown},
      nearest{.round_mode = RoundMode::kNearest};
  EXPECT_EQ(FromFloat(1.0f, "float8e8m0", up), 127u);
  EXPECT_EQ(FromFloat(1.5f, "float8e8m0", up), 128u);
  EXPECT_EQ(FromFloat(1.5f, "float8e8m0", down), 127u);
  EXPECT_EQ(FromFloat(1.5f, "float8e8m0", nearest), 128u);  // ties up
  EXPECT_EQ(FromFloat(1.25f, "float8e8m0", nearest), 127u);
  EXPECT_EQ(FromFloat(0.75f, "float8e8m0", down), 126u);
  EXPECT_EQ(FromFloat(0.75f, "float8e8m0", nearest), 127u);
  EXPECT_EQ(FromFloat(0.0f, "float8e8m0", up), 0x00u);  // the table's "0"
  EXPECT_EQ(FromFloat(0.0f, "float8e8m0", {.saturate = false}), 0xFFu);
  EXPECT_EQ(FromFloat(kInf, "float8e8m0", up), 0xFEu);
  EXPECT_EQ(FromFloat(kInf, "float8e8m0", {.saturate = false}), 0xFFu);
  EXPECT_EQ(FromFloat(0x1.8p127f, "float8e8m0", up), 0xFEu);
  EXPECT_EQ(FromFloat(0x1.8p127f, "float8e8m0", {.saturate = false}), 0xFFu);
  EXPECT_EQ(FromFloat(0x1.8p127f, "float8e8m0",
                      {.saturate = false, .round_mode = RoundMode::kDown}),
            0xFEu);
  EXPECT_EQ(FromFloat(0x1p-127f, "float8e8m0", up), 0x00u);
  EXPECT_EQ(FromFloat(0x1p-128f, "float8e8m0", down), 0x00u);
  EXPECT_EQ(FromFloat(0x1p-128f, "float8e8m0",
                      {.saturate = false, .round_mode = RoundMode::kDown}),
            0xFFu);
  EXPECT_EQ(FromFloat(kNaN, "float8e8m0"), 0xFFu);
  EXPECT_EQ(CastOracle(T("float8e8m0"), 0x00, Info(DType::kFloat), {}),
            F32(0x1p-127f));
  EXPECT_EQ(CastOracle(T("float8e8m0"), 0xFE, Info(DType::kFloat), {}),
            F32(0x1p127f));
  EXPECT_EQ(CastOracle(T("float8e8m0"), 0xFF, Info(DType::kFloat), {}),
            0x7FC00000u);
}

TEST(CastOracle, FloatToInteger) {
  EXPECT_EQ(FromFloat(2.5f, "int8"), 2u);       // toward zero
  EXPECT_EQ(FromFloat(-2.7f, "int8"), 0xFEu);
  EXPECT_EQ(FromFloat(2.5f, "int4"), 2u);       // nearest even
  EXPECT_EQ(FromFloat(3.5f, "int4"), 4u);
  EXPECT_EQ(FromFloat(-2.5f, "int4"), 0xEu);
  EXPECT_EQ(FromFloat(-3.5f, "int4"), 0xCu);
  EXPECT_EQ(FromFloat(7.5f, "int4"), 0x8u);     // 8 wraps to -8
  EXPECT_EQ(FromFloat(1.5f, "uint2"), 2u);
  EXPECT_EQ(FromFloat(-1.0f, "uint8"), 0xFFu);
  EXPECT_EQ(FromFloat(300.0f, "int8"), 44u);
  EXPECT_EQ(FromFloat(1e10f, "int32"), 0x540BE400u);
  EXPECT_EQ(FromFloat(kNaN, "int32"), 0u);
  EXPECT_EQ(FromFloat(-kInf, "int64"), 0u);
}

TEST(CastOracle, Bool) {
  EXPECT_EQ(FromFloat(kNaN, "bool"), 1u);
  EXPECT_EQ(FromFloat(-0.0f, "bool"), 0u);
  EXPECT_EQ(FromFloat(0x1p-149f, "bool"), 1u);
  EXPECT_EQ(CastOracle(T("float8e4m3fnuz"), 0x80, T("bool"), {}), 1u);
  EXPECT_EQ(CastOracle(T("bool"), 1, Info(DType::kFloat), {}), F32(1.0f));
  EXPECT_EQ(CastOracle(T("bool"), 1, T("float8e8m0"), {}), 127u);
  EXPECT_EQ(CastOracle(T("bool"), 1, T("int4"), {}), 1u);
}

TEST(CastOracle, IntegerSources) {
  const DTypeInfo& i64 = Info(DType::kInt64);
  EXPECT_EQ(CastOracle(i64, 65519, T("float16"), {}), 0x7BFFu);
  EXPECT_EQ(CastOracle(i64, 65520, T("float16"), {}), 0x7C00u);  // tie: even
  EXPECT_EQ(CastOracle(i64, 2051, T("float16"), {}), 0x6802u);   // 2052
  EXPECT_EQ(CastOracle(T("int32"), 16777217, T("float"), {}), F32(0x1p24f));
  EXPECT_EQ(CastOracle(T("uint64"), ~uint64_t{0}, T("float"), {}),
            F32(0x1p64f));
  EXPECT_EQ(CastOracle(T("uint64"), ~uint64_t{0}, T("float16"), {}), 0x7C00u);
  EXPECT_EQ(CastOracle(i64, uint64_t{1} << 63, T("double"), {}),
            F64(-0x1p63));
  EXPECT_EQ(CastOracle(T("int16"), 200, T("int8"), {}), 0xC8u);  // -56
  EXPECT_EQ(CastOracle(T("int16"), 1000, T("float8e4m3fn"), {}), 0x7Eu);
  EXPECT_EQ(CastOracle(T("int16"), 1000, T("float8e4m3fn"), kNoSaturate),
            0x7Fu);
  EXPECT_EQ(CastOracle(T("int8"), 0xFF, T("uint4"), {}), 0xFu);
  EXPECT_EQ(CastOracle(T("int4"), 0x8, T("int8"), {}), 0xF8u);
  EXPECT_EQ(CastOracle(T("uint4"), 0x8, T("float4e2m1"), {}), 0x7u);  // 8 -> 6
}

TEST(CastOracle, DoubleSources) {
  const DTypeInfo& f64 = Info(DType::kDouble);
  EXPECT_EQ(CastOracle(f64, F64(1e-320), T("float"), {}), 0u);
  EXPECT_EQ(CastOracle(f64, F64(-1e-320), T("float"), {}), 0x80000000u);
  EXPECT_EQ(CastOracle(f64, F64(0x1.000001p0), T("float"), {}), F32(1.0f));
  EXPECT_EQ(CastOracle(f64, F64(0x1.0000010000001p0), T("float"), {}),
            F32(0x1.000002p0f));
  EXPECT_EQ(CastOracle(f64, F64(1e300), T("float"), {}), F32(kInf));
  EXPECT_EQ(CastOracle(f64, F64(1e300), T("uint8"), {}), 0u);
}

TEST(CastDeviation, OnlyTheOpenSpots) {
  const DTypeInfo& f32 = Info(DType::kFloat);
  EXPECT_TRUE(CastDeviation(f32, F32(2.7f), T("int8"), {}, 3));
  EXPECT_FALSE(CastDeviation(f32, F32(2.7f), T("int8"), {}, 4));
  EXPECT_TRUE(CastDeviation(f32, F32(2.5f), T("int4"), {}, 3));
  EXPECT_TRUE(CastDeviation(f32, F32(300.0f), T("int8"), {}, 127));
  EXPECT_TRUE(CastDeviation(f32, F32(-1.0f), T("uint8"), {}, 0));
  EXPECT_TRUE(CastDeviation(f32, F32(kNaN), T("int32"), {}, 0x80000000u));
  EXPECT_FALSE(CastDeviation(f32, F32(kNaN), T("bool"), {}, 0));
  // The float4 page decides NaN: 6, so ml_dtypes' -0 is a failure.
  EXPECT_FALSE(CastDeviation(f32, F32(kNaN), T("float4e2m1"), {}, 0x8));
  EXPECT_FALSE(CastDeviation(f32, F32(kNaN), T("float4e2m1"), {}, 0x3));
  EXPECT_TRUE(CastDeviation(f32, F32(-1.0f), T("float8e8m0"), {}, 127));
  EXPECT_FALSE(CastDeviation(f32, F32(1.0f), T("float8e8m0"), {}, 0xFF));
  EXPECT_FALSE(CastDeviation(f32, F32(kInf), T("float8e8m0"), {}, 0xFF));
  EXPECT_TRUE(CastDeviation(T("bool"), 2, f32, {}, F32(2.0f)));
  EXPECT_FALSE(CastDeviation(f32, F32(500), T("float8e4m3fn"), {}, 0x7F));
  EXPECT_FALSE(CastDeviation(T("int16"), 200, T("int8"), {}, 0x7F));
  // ±inf into fnuz with saturation: Cast-24's ±max is a deviation before
  // 24 (the tables of 19 to 23 say NaN), any other answer a failure; from
  // 24 on ±max is the answer and NaN no deviation.
  const CastOptions v23{.saturate = true, .opset = 23};
  const CastOptions v24{.saturate = true, .opset = 24};
  EXPECT_EQ(CastOracle(f32, F32(kInf), T("float8e4m3fnuz"), v23), 0x80u);
  EXPECT_TRUE(CastDeviation(f32, F32(kInf), T("float8e4m3fnuz"), v23, 0x7F));
  EXPECT_TRUE(CastDeviation(f32, F32(-kInf), T("float8e5m2fnuz"), v23, 0xFF));
  EXPECT_FALSE(CastDeviation(f32, F32(kInf), T("float8e4m3fnuz"), v23, 0x00));
  EXPECT_FALSE(CastDeviation(f32, F32(kInf), T("float8e4m3fnuz"), v24, 0x80));
  // Rounded twice through float32: a deviation; other answers are not.
  EXPECT_EQ(CastOracle(T("uint32"), 0xff7fffffu, T("bfloat16"), {}), 0x4f7fu);
  EXPECT_TRUE(CastDeviation(T("uint32"), 0xff7fffffu, T("bfloat16"), {},
                            0x4f80));
  EXPECT_FALSE(CastDeviation(T("uint32"), 0xff7fffffu, T("bfloat16"), {},
                             0x4f7e));
  EXPECT_FALSE(CastDeviation(T("uint16"), 0xffffu, T("bfloat16"), {}, 0x4f80));
  const CastOptions v23_sat0{.saturate = false, .opset = 23};
  EXPECT_FALSE(
      CastDeviation(f32, F32(kInf), T("float8e4m3fnuz"), v23_sat0, 0x7F));
}

}  // namespace
}  // namespace onnxcts::convert
