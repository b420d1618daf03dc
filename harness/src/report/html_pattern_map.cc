#include "report/html_pattern_map.h"

#include <map>

#include "onnxcts/dtype.h"
#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

// Floats split at their fields; integers at the middle of what the sign
// leaves, so the map is about square.
void SetLayout(const DTypeInfo& t, PatternMap& map) {
  if (t.is_float()) {
    map.sign_bits = t.format.has_sign() ? 1 : 0;  // float8e8m0 has none
    map.row_bits = t.format.exponent_bits;
    map.col_bits = t.format.mantissa_bits;
    map.row_label = "exponent";
    map.col_label = "mantissa";
    return;
  }
  map.sign_bits = t.kind == Kind::kSigned ? 1 : 0;
  const int rest = t.bits - map.sign_bits;
  map.row_bits = rest / 2;
  map.col_bits = rest - map.row_bits;
  map.row_label = "high bits";
  map.col_label = "low bits";
}

}  // namespace

std::optional<PatternMap> MapPatterns(std::string_view dtype) {
  const DTypeInfo* t = FindDType(dtype);
  if (t == nullptr || t->kind == Kind::kBool || t->bits > kMaxMappedBits) {
    return std::nullopt;
  }
  PatternMap map;
  map.dtype = std::string(t->name);
  map.bits = t->bits;
  SetLayout(*t, map);
  std::map<std::string, int> index;
  for (uint64_t bits = 0; bits <= t->all_bits(); ++bits) {
    const std::string name = oracle::ClassName(*t, bits);
    const auto [it, added] =
        index.emplace(name, static_cast<int>(map.classes.size()));
    if (added) map.classes.push_back(name);
    if (!map.runs.empty() && map.runs.back().first == it->second) {
      ++map.runs.back().second;
    } else {
      map.runs.emplace_back(it->second, 1);
    }
  }
  return map;
}

nlohmann::json ToJson(const PatternMap& map) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& [value_class, length] : map.runs) {
    runs.push_back({value_class, length});
  }
  return {{"dtype", map.dtype},         {"bits", map.bits},
          {"sign_bits", map.sign_bits}, {"row_bits", map.row_bits},
          {"col_bits", map.col_bits},   {"row_label", map.row_label},
          {"col_label", map.col_label}, {"classes", map.classes},
          {"runs", std::move(runs)}};
}

}  // namespace onnxcts
