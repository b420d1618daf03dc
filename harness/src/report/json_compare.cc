#include "report/json_compare.h"

#include <fmt/core.h>

#include <algorithm>

namespace onnxcts {
namespace {

using nlohmann::json;

// Long values are cut so that a difference in a big array stays readable.
std::string Brief(const json& value) {
  std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

// JSON has one integer type; json's signed and unsigned ones are the same
// kind here, but 1 and 1.0 are not.
json::value_t Kind(const json& value) {
  return value.is_number_unsigned() ? json::value_t::number_integer
                                    : value.type();
}

std::optional<JsonDifference> Differ(const std::string& pointer,
                                     const json& expected, const json& actual) {
  return JsonDifference{pointer, fmt::format("expected {}, found {}",
                                             Brief(expected), Brief(actual))};
}

std::optional<JsonDifference> Compare(const json& expected, const json& actual,
                                      bool wildcards,
                                      const std::string& pointer);

std::optional<JsonDifference> CompareObjects(const json& expected,
                                             const json& actual, bool wildcards,
                                             const std::string& pointer) {
  for (const auto& [key, value] : expected.items()) {
    const std::string here = pointer + "/" + PointerToken(key);
    if (!actual.contains(key)) return JsonDifference{here, "missing"};
    if (auto d = Compare(value, actual[key], wildcards, here)) return d;
  }
  for (const auto& [key, value] : actual.items()) {
    if (!expected.contains(key)) {
      return JsonDifference{pointer + "/" + PointerToken(key), "unexpected"};
    }
  }
  return std::nullopt;
}

std::optional<JsonDifference> CompareArrays(const json& expected,
                                            const json& actual, bool wildcards,
                                            const std::string& pointer) {
  const size_t common = std::min(expected.size(), actual.size());
  for (size_t i = 0; i < common; ++i) {
    const std::string here = pointer + "/" + std::to_string(i);
    if (auto d = Compare(expected[i], actual[i], wildcards, here)) return d;
  }
  if (expected.size() == actual.size()) return std::nullopt;
  return JsonDifference{pointer, fmt::format("expected {} elements, found {}",
                                             expected.size(), actual.size())};
}

std::optional<JsonDifference> Compare(const json& expected, const json& actual,
                                      bool wildcards,
                                      const std::string& pointer) {
  if (wildcards && expected.is_string() && expected == "*") {
    return std::nullopt;
  }
  if (expected.is_object() && actual.is_object()) {
    return CompareObjects(expected, actual, wildcards, pointer);
  }
  if (expected.is_array() && actual.is_array()) {
    return CompareArrays(expected, actual, wildcards, pointer);
  }
  // json's == holds 1 and 1.0 equal; a report's types must match exactly.
  if (Kind(expected) != Kind(actual) || expected != actual) {
    return Differ(pointer, expected, actual);
  }
  return std::nullopt;
}

}  // namespace

std::string PointerToken(std::string_view key) {
  std::string token;
  for (char c : key) {
    if (c == '~') {
      token += "~0";
    } else if (c == '/') {
      token += "~1";
    } else {
      token += c;
    }
  }
  return token;
}

std::optional<JsonDifference> FirstDifference(const json& expected,
                                              const json& actual,
                                              bool wildcards) {
  return Compare(expected, actual, wildcards, "");
}

}  // namespace onnxcts
