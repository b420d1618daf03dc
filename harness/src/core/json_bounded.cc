#include "core/json_bounded.h"

#include "core/input_error.h"

namespace onnxcts {

using nlohmann::json;

namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
// without the bracketed prefix, which means nothing to a user.
std::string ParseErrorText(const json::exception& e) {
  std::string text = e.what();
  const size_t close = text.find("] ");
  return close == std::string::npos ? text : text.substr(close + 2);
}

}  // namespace

json ParseJsonBounded(std::string_view text, const std::string& file,
                      int max_depth) {
  bool too_deep = false;
  const auto limit = [&](int depth, json::parse_event_t, json&) {
    if (depth > max_depth) too_deep = true;
    return !too_deep;
  };
  json value;
  try {
    value = json::parse(text, limit);
  } catch (const json::exception& e) {
    // Not only parse_error: a number beyond a double ("1e400") throws
    // out_of_range.406 from inside the parser.
    throw InputError(file, "", "not JSON: " + ParseErrorText(e));
  }
  if (too_deep || value.is_discarded()) {
    throw InputError(file, "",
                     "JSON nested deeper than " + std::to_string(max_depth) +
                         " levels");
  }
  return value;
}

}  // namespace onnxcts
