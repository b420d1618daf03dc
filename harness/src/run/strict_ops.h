// --strict-ops: a team gates on the deviations of some ops (those whose
// silent spots its users depend on) without gating on every deviation, as
// --policy strict does.
#ifndef ONNXCTS_HARNESS_RUN_STRICT_OPS_H_
#define ONNXCTS_HARNESS_RUN_STRICT_OPS_H_

#include <string>
#include <vector>

#include "core/result.h"

namespace onnxcts {

// ParseStrictOps()
//
// The ops of "Sign,Max" (any case) as the schema table spells them; throws
// std::invalid_argument naming an op onnxcts does not know.
std::vector<std::string> ParseStrictOps(const std::string& text);

// ApplyStrictOps()
//
// Makes each deviation of an op in `ops` a fail, its message saying why.
void ApplyStrictOps(const std::vector<std::string>& ops,
                    std::vector<CaseResult>& results);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_STRICT_OPS_H_
