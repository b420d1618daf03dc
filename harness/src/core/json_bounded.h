// Parsing JSON text that may be hostile: nesting bounded while parsing.
#ifndef ONNXCTS_HARNESS_CORE_JSON_BOUNDED_H_
#define ONNXCTS_HARNESS_CORE_JSON_BOUNDED_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace onnxcts {

// ParseJsonBounded()
//
// `text`, read from `file`, as JSON. nlohmann's parser, copies and
// comparisons recurse once per level, so nesting deeper than `max_depth`
// (2 bytes a level would overflow the stack) is refused while parsing,
// before any of it is built. Throws InputError naming `file` for text that
// is not JSON or nests too deep.
nlohmann::json ParseJsonBounded(std::string_view text, const std::string& file,
                                int max_depth);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_JSON_BOUNDED_H_
