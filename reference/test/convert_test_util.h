// What the Cast tests share: every dtype Cast knows, including rows the
// table may not hold yet, and every option set that changes an answer.
#ifndef ONNXCTS_TEST_CONVERT_TEST_UTIL_H_
#define ONNXCTS_TEST_CONVERT_TEST_UTIL_H_

#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/dtype.h"

namespace onnxcts::convert {

// The sub-byte and MX formats, built here so that the tests do not depend
// on the table holding them (codes from onnx.proto).
inline const std::vector<DTypeInfo>& LocalRows() {
  static const std::vector<DTypeInfo> rows = {
      {static_cast<DType>(21), "uint4", 4, Kind::kUnsigned, {}},
      {static_cast<DType>(22), "int4", 4, Kind::kSigned, {}},
      {static_cast<DType>(23), "float4e2m1", 4, Kind::kFloat,
       MiniFloat<2, 1, 1, Specials::kNoNaN>},
      {static_cast<DType>(24), "float8e8m0", 8, Kind::kFloat,
       MiniFloat<8, 0, 127, Specials::kExponentOnly>},
      {static_cast<DType>(25), "uint2", 2, Kind::kUnsigned, {}},
      {static_cast<DType>(26), "int2", 2, Kind::kSigned, {}},
  };
  return rows;
}

// The table's rows, then the local rows it lacks.
inline std::vector<DTypeInfo> CastDTypes() {
  std::vector<DTypeInfo> all(kDTypes.begin(), kDTypes.end());
  for (const DTypeInfo& row : LocalRows()) {
    if (FindDType(row.name) == nullptr) all.push_back(row);
  }
  return all;
}

inline const DTypeInfo& CastDType(const std::string& name) {
  static const std::vector<DTypeInfo> all = CastDTypes();
  for (const DTypeInfo& t : all) {
    if (t.name == name) return t;
  }
  throw std::invalid_argument("no dtype " + name);
}

// Options only change float8 and float8e8m0 answers: every combination
// there, the defaults elsewhere.
inline std::vector<CastOptions> OptionsFor(const DTypeInfo& to) {
  if (to.kind != Kind::kFloat || to.bits != 8) return {CastOptions{}};
  std::vector<CastOptions> all;
  for (bool saturate : {false, true}) {
    for (RoundMode mode :
         {RoundMode::kUp, RoundMode::kDown, RoundMode::kNearest}) {
      for (int opset : {23, 25}) all.push_back({saturate, mode, opset});
    }
  }
  return all;
}

inline std::string Describe(const CastOptions& o) {
  static const char* const kModes[] = {"up", "down", "nearest"};
  return "saturate=" + std::to_string(o.saturate) + " round_mode=" +
         kModes[static_cast<int>(o.round_mode)] +
         " opset=" + std::to_string(o.opset);
}

}  // namespace onnxcts::convert

#endif  // ONNXCTS_TEST_CONVERT_TEST_UTIL_H_
