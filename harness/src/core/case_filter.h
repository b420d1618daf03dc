// The --filter texts that reproduce commands give: regexes that keep exactly
// the named case ids.
#ifndef ONNXCTS_HARNESS_CORE_CASE_FILTER_H_
#define ONNXCTS_HARNESS_CORE_CASE_FILTER_H_

#include <string>
#include <vector>

namespace onnxcts {

// IdFilterFor()
//
// A --filter that keeps `id` alone. Ids are dotted lowercase words, so the
// dots are all that needs escaping.
std::string IdFilterFor(const std::string& id);

// IdFilterForAll()
//
// A --filter that keeps every id of `ids` and no other: "^(a|b)$".
std::string IdFilterForAll(const std::vector<std::string>& ids);

// WithFilter()
//
// `command` (a reproduce command with a --filter) with its filter replaced
// by one that keeps every id of `ids`; `command` itself when it has none.
std::string WithFilter(const std::string& command,
                       const std::vector<std::string>& ids);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_CASE_FILTER_H_
