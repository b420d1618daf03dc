// The bit-pattern map of the HTML page: the value class of every pattern of
// a dtype of 16 bits or fewer, laid out as the page draws it (one panel per
// sign, rows by exponent field, columns by mantissa field), so that the page
// can colour the classes where a backend departs from the reference.
#ifndef ONNXCTS_HARNESS_REPORT_HTML_PATTERN_MAP_H_
#define ONNXCTS_HARNESS_REPORT_HTML_PATTERN_MAP_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace onnxcts {

// Dtypes wider than this have no map: too many patterns to draw.
inline constexpr int kMaxMappedBits = 16;

struct PatternMap {
  std::string dtype;
  int bits = 0;
  // A pattern is sign:row:col, high bits to low. sign_bits is 1 where the
  // top bit is a sign (floats, signed ints), 0 otherwise.
  int sign_bits = 0;
  int row_bits = 0;
  int col_bits = 0;
  std::string row_label;  // "exponent", "high bits"
  std::string col_label;  // "mantissa", "low bits"
  // Class names ("+qnan", "int_min", ...) in the order patterns meet them.
  std::vector<std::string> classes;
  // The class (index into `classes`) of every pattern from 0 up, as runs of
  // (class, length): the classes of a format are few long ranges.
  std::vector<std::pair<int, uint64_t>> runs;
};

// MapPatterns()
//
// The map of the dtype named `dtype`; nullopt for bool, for dtypes wider
// than kMaxMappedBits and for names the dtype table lacks.
std::optional<PatternMap> MapPatterns(std::string_view dtype);

// ToJson()
//
// {"dtype", "bits", "sign_bits", "row_bits", "col_bits", "row_label",
// "col_label", "classes": [...], "runs": [[class, length], ...]}.
nlohmann::json ToJson(const PatternMap& map);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_HTML_PATTERN_MAP_H_
