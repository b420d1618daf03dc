// Parsing of the comma-separated --ops, --dtypes and --opsets lists.
#ifndef ONNXCTS_HARNESS_GENERATE_NAMES_H_
#define ONNXCTS_HARNESS_GENERATE_NAMES_H_

#include <string>
#include <vector>

#include "generate/case_spec.h"
#include "onnxcts/dtype.h"
#include "onnxcts/verify.h"

namespace onnxcts {

// The table rows named in `names` (all rows when empty); throws
// std::invalid_argument naming an unknown one.
std::vector<const DTypeInfo*> ParseDTypes(const std::vector<std::string>& names);

// The variants of the ops named (an op stands for all its variants: IsInf
// for its four attribute combinations; CastLike for Cast's, which it
// borrows); all variants when empty. Case-insensitive; throws for an op
// the schema table lacks.
std::vector<const Variant*> ParseOps(const std::vector<std::string>& names);

// ParseSuiteFilter()
//
// The generated-suite filter of --ops (any op of the schema table, with
// variants of its own or not), --dtypes and --opsets (op versions, by
// since_version); throws as ParseOps() and ParseDTypes() do.
SuiteFilter ParseSuiteFilter(const std::vector<std::string>& ops,
                             const std::vector<std::string>& dtypes,
                             const std::vector<int>& opsets);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_GENERATE_NAMES_H_
