// QuantizeKernel and DequantizeKernel against their oracles: every float16
// and bfloat16 x against the scale set into every output dtype; every zero
// point of the 8-bit outputs; every (x, zero point) pair of the 8-, 4- and
// 2-bit dtypes through DequantizeLinear; the scale layouts.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "onnxcts/patterns.h"
#include "quantize_test_util.h"

namespace onnxcts::quantize {
namespace {

using convert::UnpackedBytes;

std::vector<uint8_t> Pack(const DTypeInfo& t, const std::vector<uint64_t>& v) {
  const size_t width = UnpackedBytes(t);
  std::vector<uint8_t> bytes(v.size() * width);
  for (size_t i = 0; i < v.size(); ++i) {
    std::memcpy(bytes.data() + i * width, &v[i], width);
  }
  return bytes;
}

uint64_t Unpack(const DTypeInfo& t, const std::vector<uint8_t>& bytes,
                size_t i) {
  uint64_t bits = 0;
  std::memcpy(&bits, bytes.data() + i * UnpackedBytes(t), UnpackedBytes(t));
  return bits;
}

// Quantizes xs, each element with its own scale and zero point (a blocked
// layout with blocks of one), and counts the elements that differ from the
// oracle, reporting the first few.
size_t CheckQuantize(const DTypeInfo& x_type, const std::vector<uint64_t>& xs,
                     const DTypeInfo& s_type, const std::vector<uint64_t>& ss,
                     const DTypeInfo& y_type, const std::vector<uint64_t>& zps,
                     const QuantizeOptions& o) {
  const size_t n = xs.size();
  const std::vector<uint8_t> x = Pack(x_type, xs), s = Pack(s_type, ss),
                             zp = Pack(y_type, zps);
  std::vector<uint8_t> y(n * UnpackedBytes(y_type), 0xAA);
  QuantizeKernel(x_type, x.data(), s_type, s.data(), y_type, zp.data(),
                 y.data(), n, ScaleLayout::Blocked(n, 1, 1), o);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t want =
        QuantizeOracle(x_type, xs[i], s_type, ss[i], y_type, zps[i], o);
    const uint64_t got = Unpack(y_type, y, i);
    if (got != want && bad++ < 4) {
      ADD_FAILURE() << x_type.name << " 0x" << std::hex << xs[i] << " / "
                    << s_type.name << " 0x" << ss[i] << " + " << y_type.name
                    << " 0x" << zps[i] << " (" << Describe(o) << "): oracle 0x"
                    << want << ", kernel 0x" << got;
    }
  }
  return bad;
}

size_t CheckDequantize(const DTypeInfo& x_type, const std::vector<uint64_t>& xs,
                       const std::vector<uint64_t>& zps,
                       const DTypeInfo& s_type, const std::vector<uint64_t>& ss,
                       const DTypeInfo& y_type, const QuantizeOptions& o) {
  const size_t n = xs.size();
  const std::vector<uint8_t> x = Pack(x_type, xs), zp = Pack(x_type, zps),
                             s = Pack(s_type, ss);
  std::vector<uint8_t> y(n * UnpackedBytes(y_type), 0xAA);
  DequantizeKernel(x_type, x.data(), zp.data(), s_type, s.data(), y_type,
                   y.data(), n, ScaleLayout::Blocked(n, 1, 1), o);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t want =
        DequantizeOracle(x_type, xs[i], zps[i], s_type, ss[i], y_type, o);
    const uint64_t got = Unpack(y_type, y, i);
    if (got != want && bad++ < 4) {
      ADD_FAILURE() << x_type.name << " 0x" << std::hex << xs[i] << " - 0x"
                    << zps[i] << " * " << s_type.name << " 0x" << ss[i]
                    << " -> " << y_type.name << ": oracle 0x" << want
                    << ", kernel 0x" << got;
    }
  }
  return bad;
}

std::vector<uint64_t> Every(const DTypeInfo& t) {
  std::vector<uint64_t> all(t.all_bits() + 1);
  for (uint64_t b = 0; b <= t.all_bits(); ++b) all[b] = b;
  return all;
}

// (x dtype, output dtype)
using QuantizeParam = std::tuple<std::string, std::string>;
class EverySixteenBitX : public testing::TestWithParam<QuantizeParam> {};

// Every x against every scale of its own type with the zero points of
// SomeZeroPoints, and against every float scale (QuantizeLinear-23 mixes
// types) with a zero zero point.
TEST_P(EverySixteenBitX, KernelMatchesOracle) {
  const DTypeInfo& x_type = QT(std::get<0>(GetParam()));
  const DTypeInfo& y_type = QT(std::get<1>(GetParam()));
  const std::vector<uint64_t> xs = Every(x_type);
  const size_t n = xs.size();
  size_t checked = 0;
  for (const QuantizeOptions& o : OptionsFor(y_type)) {
    for (const DTypeInfo* s_type : {&x_type, &Info(DType::kFloat)}) {
      const std::vector<uint64_t> zps =
          s_type == &x_type ? SomeZeroPoints(y_type) : std::vector<uint64_t>{0};
      for (uint64_t scale : ScaleSet(*s_type)) {
        for (uint64_t zp : zps) {
          ASSERT_EQ(CheckQuantize(x_type, xs, *s_type,
                                  std::vector<uint64_t>(n, scale), y_type,
                                  std::vector<uint64_t>(n, zp), o),
                    0u);
          checked += n;
        }
      }
    }
  }
  RecordProperty("patterns", std::to_string(checked));
}

std::vector<QuantizeParam> QuantizeParams() {
  std::vector<QuantizeParam> params;
  for (const char* x : {"float16", "bfloat16"}) {
    for (const std::string& y : QuantizedNames()) params.emplace_back(x, y);
  }
  return params;
}

INSTANTIATE_TEST_SUITE_P(
    Quantize, EverySixteenBitX, testing::ValuesIn(QuantizeParams()),
    [](const auto& info) {
      return std::get<0>(info.param) + "_" + std::get<1>(info.param);
    });

class EveryZeroPoint : public testing::TestWithParam<std::string> {};

// Every zero point of an 8-bit output against stratified float16 x and
// every scale of the set.
TEST_P(EveryZeroPoint, KernelMatchesOracle) {
  const DTypeInfo& y_type = QT(GetParam());
  for (DType x_code : {DType::kFloat16}) {
    const DTypeInfo& x_type = Info(x_code);
    const std::vector<uint64_t> strata = StratifiedPatterns(x_type, 20261202, 1);
    std::vector<uint64_t> xs, zps;
    for (uint64_t zp = 0; zp <= y_type.all_bits(); ++zp) {
      for (uint64_t x : strata) {
        xs.push_back(x);
        zps.push_back(zp);
      }
    }
    for (const QuantizeOptions& o : OptionsFor(y_type)) {
      for (uint64_t scale : ScaleSet(x_type)) {
        ASSERT_EQ(CheckQuantize(x_type, xs, x_type,
                                std::vector<uint64_t>(xs.size(), scale), y_type,
                                zps, o),
                  0u);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Quantize, EveryZeroPoint,
                         testing::Values("int8", "uint8", "float8e4m3fn",
                                         "float8e4m3fnuz", "float8e5m2",
                                         "float8e5m2fnuz"),
                         [](const auto& info) { return info.param; });

// int32 x (QuantizeLinear-10 on) and int32 scales (19 on), stratified.
TEST(QuantizeKernel, Int32MatchesOracle) {
  const DTypeInfo& i32 = Info(DType::kInt32);
  const std::vector<uint64_t> xs = StratifiedPatterns(i32, 7, 4);
  const std::vector<uint64_t> int_scales = ScaleSet(i32);
  for (const std::string& y : QuantizedNames()) {
    const DTypeInfo& y_type = QT(y);
    for (const QuantizeOptions& o : OptionsFor(y_type)) {
      for (uint64_t s : ScaleSet(Info(DType::kFloat))) {
        ASSERT_EQ(CheckQuantize(i32, xs, Info(DType::kFloat),
                                std::vector<uint64_t>(xs.size(), s), y_type,
                                std::vector<uint64_t>(xs.size(), 0), o), 0u);
      }
      for (uint64_t s : int_scales) {
        ASSERT_EQ(CheckQuantize(i32, xs, i32,
                                std::vector<uint64_t>(xs.size(), s), y_type,
                                std::vector<uint64_t>(xs.size(), 1), o), 0u);
      }
    }
  }
}

// Explicit precisions and float8e8m0 scales (QuantizeLinear-24 on).
TEST(QuantizeKernel, PrecisionsAndE8M0Scales) {
  const DTypeInfo& f32 = Info(DType::kFloat);
  const std::vector<uint64_t> xs = StratifiedPatterns(f32, 11, 2);
  for (const std::string& y : QuantizedNames()) {
    const DTypeInfo& y_type = QT(y);
    for (const char* p : {"float16", "bfloat16", "double"}) {
      const QuantizeOptions o{.precision = &QT(p)};
      for (uint64_t s : ScaleSet(f32)) {
        ASSERT_EQ(CheckQuantize(f32, xs, f32, std::vector<uint64_t>(xs.size(), s),
                                y_type, std::vector<uint64_t>(xs.size(), 0), o),
                  0u);
      }
    }
    const DTypeInfo& e8m0 = QT("float8e8m0");
    for (uint64_t s = 0; s <= 0xFF; ++s) {
      ASSERT_EQ(CheckQuantize(f32, xs, e8m0, std::vector<uint64_t>(xs.size(), s),
                              y_type, std::vector<uint64_t>(xs.size(), 0), {}),
                0u);
    }
  }
}

// (x dtype, scale dtype)
using DequantizeParam = std::tuple<std::string, std::string>;
class EveryPair : public testing::TestWithParam<DequantizeParam> {};

// Every (x, zero point) pair against the scale set, into every output.
TEST_P(EveryPair, KernelMatchesOracle) {
  const DTypeInfo& x_type = QT(std::get<0>(GetParam()));
  const DTypeInfo& s_type = QT(std::get<1>(GetParam()));
  std::vector<uint64_t> xs, zps;
  for (uint64_t zp = 0; zp <= x_type.all_bits(); ++zp) {
    for (uint64_t x = 0; x <= x_type.all_bits(); ++x) {
      xs.push_back(x);
      zps.push_back(zp);
    }
  }
  size_t checked = 0;
  for (const char* y : {"float", "float16", "bfloat16"}) {
    for (uint64_t scale : ScaleSet(s_type)) {
      ASSERT_EQ(CheckDequantize(x_type, xs, zps, s_type,
                                std::vector<uint64_t>(xs.size(), scale), QT(y),
                                {}),
                0u);
      checked += xs.size();
    }
  }
  RecordProperty("patterns", std::to_string(checked));
}

std::vector<DequantizeParam> DequantizeParams() {
  std::vector<DequantizeParam> params;
  for (const std::string& x : QuantizedNames()) {
    if (QT(x).bits > 8) continue;
    for (const char* s : {"float", "float16", "bfloat16", "float8e8m0"}) {
      params.emplace_back(x, s);
    }
  }
  return params;
}

INSTANTIATE_TEST_SUITE_P(
    Dequantize, EveryPair, testing::ValuesIn(DequantizeParams()),
    [](const auto& info) {
      return std::get<0>(info.param) + "_" + std::get<1>(info.param);
    });

// 16- and 32-bit x: stratified x against stratified zero points.
TEST(DequantizeKernel, WideXMatchesOracle) {
  for (const char* name : {"int16", "uint16", "int32"}) {
    const DTypeInfo& x_type = QT(name);
    const std::vector<uint64_t> strata = StratifiedPatterns(x_type, 5, 1);
    std::vector<uint64_t> xs, zps;
    for (uint64_t zp : strata) {
      for (uint64_t x : strata) {
        xs.push_back(x);
        zps.push_back(x_type.code == DType::kInt32 ? 0 : zp);
      }
    }
    for (const char* s : {"float", "float16", "bfloat16"}) {
      for (uint64_t scale : ScaleSet(QT(s))) {
        for (const char* y : {"float", "float16", "bfloat16"}) {
          ASSERT_EQ(CheckDequantize(x_type, xs, zps, QT(s),
                                    std::vector<uint64_t>(xs.size(), scale),
                                    QT(y), {}),
                    0u);
        }
      }
    }
  }
}

// The multiplication in a precision other than the output's (what the
// Deviation predicates compute): every uint8 and int4 pair into float16.
TEST(DequantizeKernel, OtherPrecisionsMatchTheOracle) {
  for (const char* name : {"uint8", "int4"}) {
    const DTypeInfo& x_type = QT(name);
    std::vector<uint64_t> xs, zps;
    for (uint64_t zp = 0; zp <= x_type.all_bits(); ++zp) {
      for (uint64_t x = 0; x <= x_type.all_bits(); ++x) {
        xs.push_back(x);
        zps.push_back(zp);
      }
    }
    for (const char* p : {"float", "double", "bfloat16"}) {
      for (uint64_t scale : ScaleSet(Info(DType::kFloat))) {
        ASSERT_EQ(CheckDequantize(x_type, xs, zps, Info(DType::kFloat),
                                  std::vector<uint64_t>(xs.size(), scale),
                                  QT("float16"), {.precision = &QT(p)}),
                  0u);
      }
    }
  }
}

TEST(ScaleLayout, IndexAndCount) {
  // x [2, 5, 3], axis 1.
  const ScaleLayout axis = ScaleLayout::PerAxis(5, 3);
  EXPECT_EQ(axis.Count(30), 5u);
  EXPECT_EQ(axis.Index(0), 0u);
  EXPECT_EQ(axis.Index(3), 1u);
  EXPECT_EQ(axis.Index(14), 4u);
  EXPECT_EQ(axis.Index(15), 0u);
  // Blocks of 2 along the axis: scales [2, 3, 3].
  const ScaleLayout blocked = ScaleLayout::Blocked(5, 3, 2);
  EXPECT_EQ(blocked.Count(30), 18u);
  EXPECT_EQ(blocked.Index(0), 0u);
  EXPECT_EQ(blocked.Index(1), 1u);
  EXPECT_EQ(blocked.Index(3), 0u);   // (0, 1, 0): block 0
  EXPECT_EQ(blocked.Index(6), 3u);   // (0, 2, 0): block 1
  EXPECT_EQ(blocked.Index(14), 8u);  // (0, 4, 2): block 2
  EXPECT_EQ(blocked.Index(15), 9u);  // (1, 0, 0)
  EXPECT_EQ(blocked.Index(29), 17u);
  EXPECT_EQ(ScaleLayout::PerTensor().Index(29), 0u);
  EXPECT_EQ(ScaleLayout::PerTensor().Count(30), 1u);
}

// Per-axis and blocked layouts through the kernel, each element's scale and
// zero point by layout.Index().
TEST(QuantizeKernel, LayoutsPickTheirScales) {
  const DTypeInfo& f32 = Info(DType::kFloat);
  const DTypeInfo& i8 = Info(DType::kInt8);
  std::vector<uint64_t> xs(2 * 5 * 3);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = std::bit_cast<uint32_t>(static_cast<float>(i) * 1.5f - 20.0f);
  }
  for (const ScaleLayout& layout :
       {ScaleLayout::PerTensor(), ScaleLayout::PerAxis(5, 3),
        ScaleLayout::Blocked(5, 3, 2), ScaleLayout::Blocked(5, 3, 5)}) {
    const size_t count = layout.Count(xs.size());
    std::vector<uint64_t> scales(count), zps(count);
    for (size_t k = 0; k < count; ++k) {
      scales[k] = std::bit_cast<uint32_t>(0.25f * static_cast<float>(k + 1));
      zps[k] = k * 3;
    }
    const std::vector<uint8_t> x = Pack(f32, xs), s = Pack(f32, scales),
                               zp = Pack(i8, zps);
    std::vector<uint8_t> y(xs.size());
    QuantizeKernel(f32, x.data(), f32, s.data(), i8, zp.data(), y.data(),
                   xs.size(), layout, {});
    std::vector<uint8_t> dq(xs.size() * 4);
    DequantizeKernel(i8, y.data(), zp.data(), f32, s.data(), f32, dq.data(),
                     xs.size(), layout, {});
    for (size_t i = 0; i < xs.size(); ++i) {
      const size_t k = layout.Index(i);
      const uint64_t want =
          QuantizeOracle(f32, xs[i], f32, scales[k], i8, zps[k], {});
      ASSERT_EQ(y[i], want) << i;
      ASSERT_EQ(Unpack(f32, dq, i),
                DequantizeOracle(i8, want, zps[k], f32, scales[k], f32, {}))
          << i;
    }
  }
}

// A double quotient just above a midpoint (see the oracle's test).
TEST(QuantizeKernel, DoubleQuotientJustAboveAMidpoint) {
  const DTypeInfo& f64 = Info(DType::kDouble);
  EXPECT_EQ(CheckQuantize(f64, {std::bit_cast<uint64_t>(2.5 - 0x1p-50)}, f64,
                          {std::bit_cast<uint64_t>(1 - 0x1p-51)}, QT("uint8"),
                          {0}, {}),
            0u);
}

TEST(QuantizeKernel, NullZeroPointsAreZeroAndEmptyBuffersWork) {
  const DTypeInfo& f32 = Info(DType::kFloat);
  const uint32_t x[2] = {std::bit_cast<uint32_t>(-2.5f),
                         std::bit_cast<uint32_t>(300.0f)};
  const uint32_t s = std::bit_cast<uint32_t>(1.0f);
  uint8_t y[2] = {};
  QuantizeKernel(f32, x, f32, &s, Info(DType::kUint8), nullptr, y, 2,
                 ScaleLayout::PerTensor(), {});
  EXPECT_EQ(y[0], 0);
  EXPECT_EQ(y[1], 255);
  QuantizeKernel(f32, nullptr, f32, &s, Info(DType::kUint8), nullptr, nullptr,
                 0, ScaleLayout::PerTensor(), {});
  DequantizeKernel(Info(DType::kUint8), nullptr, nullptr, f32, &s, f32,
                   nullptr, 0, ScaleLayout::PerTensor(), {});
}

}  // namespace
}  // namespace onnxcts::quantize
