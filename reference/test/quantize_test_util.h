// What the QuantizeLinear and DequantizeLinear tests share: the dtypes of
// each op's inputs and outputs, the scales every test runs against, and
// the zero points and option sets that change an answer.
#ifndef ONNXCTS_TEST_QUANTIZE_TEST_UTIL_H_
#define ONNXCTS_TEST_QUANTIZE_TEST_UTIL_H_

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "convert_test_util.h"
#include "onnxcts/convert.h"
#include "onnxcts/quantize.h"

namespace onnxcts::quantize {

using convert::CastDType;

inline const DTypeInfo& QT(const std::string& name) { return CastDType(name); }

// Every output dtype of QuantizeLinear-25 (and every x dtype of
// DequantizeLinear-25 but int32).
inline std::vector<std::string> QuantizedNames() {
  return {"int8",           "uint8",      "int16",          "uint16",
          "float8e4m3fn",   "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz",
          "uint4",          "int4",       "float4e2m1",     "uint2", "int2"};
}

// Scales that matter: powers of two (exact quotients, ties at x = k + 0.5),
// 3 and 0.1 (inexact quotients; x = 7.5 over 3 is a tie), subnormal, large,
// negative, zeros, infinities and NaN; each converted to `t` by Cast's
// oracle (out-of-range values become its infinities or zeros) and kept
// once. A float8e8m0 set keeps the positive powers of two and its NaN.
inline std::vector<uint64_t> ScaleSet(const DTypeInfo& t) {
  const double kInf = std::numeric_limits<double>::infinity();
  const std::vector<double> values = {
      1,       2,        4,       0.5,    0.25,    0x1p-10, 0x1p-20, 0x1p-24,
      0x1p-14, 0x1.ff8p-15 /* float16's largest subnormal */,
      0x1p-126, 0x1p-133, 0x1p-149, 0x1p127, 3,    0.1,     0.3,     1.5,
      0.75,    10,       100,     1000,   65504,   1e30,    0x1.fep127,
      -1,      -0.5,     -3,      -0.1,   -0x1p-24, 0.0,    -0.0,    kInf,
      -kInf,   std::numeric_limits<double>::quiet_NaN()};
  std::vector<uint64_t> out;
  const DTypeInfo& f64 = Info(DType::kDouble);
  for (double v : values) {
    if (t.format.specials == Specials::kExponentOnly && !(v > 0)) continue;
    const uint64_t bits = convert::CastOracle(f64, std::bit_cast<uint64_t>(v),
                                              t, {.saturate = false});
    if (std::find(out.begin(), out.end(), bits) == out.end()) {
      out.push_back(bits);
    }
  }
  if (t.format.specials == Specials::kExponentOnly) out.push_back(0xFF);
  return out;
}

// Zero points of a quantized dtype that a sweep over every x uses: zero,
// and values near the range's ends (integers) or a positive and a negative
// value and a NaN (floats).
inline std::vector<uint64_t> SomeZeroPoints(const DTypeInfo& y) {
  if (y.is_integer()) {
    const uint64_t max = y.kind == Kind::kSigned ? y.all_bits() >> 1 : y.all_bits();
    const uint64_t min = y.kind == Kind::kSigned ? max + 1 : 0;
    return {0, 1, max, min, y.all_bits()};
  }
  return {0, y.format.one(), y.format.one() | y.format.sign_mask(),
          y.format.magnitude_mask()};
}

inline std::vector<QuantizeOptions> OptionsFor(const DTypeInfo& y) {
  if (y.is_float() && y.bits == 8) {
    return {{.saturate = true, .opset = 25}, {.saturate = false, .opset = 25},
            {.saturate = true, .opset = 21}};
  }
  return {QuantizeOptions{}};
}

inline std::string Describe(const QuantizeOptions& o) {
  return "saturate=" + std::to_string(o.saturate) +
         " precision=" + (o.precision ? std::string(o.precision->name) : "-") +
         " opset=" + std::to_string(o.opset);
}

}  // namespace onnxcts::quantize

#endif  // ONNXCTS_TEST_QUANTIZE_TEST_UTIL_H_
