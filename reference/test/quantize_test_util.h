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
