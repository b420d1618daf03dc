// Parsing of the comma-separated --ops and --dtypes lists.
#ifndef ONNXCTS_HARNESS_NAMES_H_
#define ONNXCTS_HARNESS_NAMES_H_

#include <string>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/verify.h"

namespace onnxcts {

// The table rows named in `names` (all rows when empty); throws
// std::invalid_argument naming an unknown one.
std::vector<const DTypeInfo*> ParseDTypes(const std::vector<std::string>& names);

// The variants of the ops named (IsInf stands for its four attribute
// combinations); all variants when empty. Case-insensitive.
std::vector<Variant> ParseOps(const std::vector<std::string>& names);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_NAMES_H_
