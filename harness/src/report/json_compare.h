// Comparing JSON documents down to the first difference, named by its JSON
// pointer: how a report's stored summary is checked against its results,
// and how tests compare reports with golden files.
#ifndef ONNXCTS_HARNESS_REPORT_JSON_COMPARE_H_
#define ONNXCTS_HARNESS_REPORT_JSON_COMPARE_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace onnxcts {

// PointerToken()
//
// `key` escaped as one reference token of a JSON pointer ("~" -> "~0",
// "/" -> "~1").
std::string PointerToken(std::string_view key);

struct JsonDifference {
  std::string pointer;  // "" for the root
  std::string message;  // what `expected` has there and `actual` has instead
};

// FirstDifference()
//
// The first place where `actual` differs from `expected`, in document order;
// nullopt when they are equal. With `wildcards`, the string "*" in
// `expected` matches any value (as in googletest's JSON output tests).
std::optional<JsonDifference> FirstDifference(const nlohmann::json& expected,
                                              const nlohmann::json& actual,
                                              bool wildcards = false);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_JSON_COMPARE_H_
