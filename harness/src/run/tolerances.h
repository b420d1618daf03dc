// Per-case tolerance overrides for float outputs of ops other than the
// reference ones, from a checked-in JSON file:
//
//   {"overrides": [{"case": "onnx.real.*", "rtol": 1e-2, "atol": 1e-5,
//                   "why": "..."}]}
//
// The first entry whose glob matches a case id wins.
#ifndef ONNXCTS_HARNESS_RUN_TOLERANCES_H_
#define ONNXCTS_HARNESS_RUN_TOLERANCES_H_

#include <filesystem>
#include <string>
#include <vector>

#include "run/compare.h"

namespace onnxcts {

struct ToleranceOverride {
  std::string glob;
  double rtol = 1e-3;
  double atol = 1e-7;
};

// Throws InputError naming the file and the entry's field.
std::vector<ToleranceOverride> ReadTolerances(
    const std::filesystem::path& file);

// The comparison rules of a case (`schema` and `attributes`, resolved, for
// a node of the reference's ops; else null).
CompareRules RulesFor(const std::vector<ToleranceOverride>& overrides,
                      const std::string& case_id, const OpSchema* schema,
                      const Attributes* attributes);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_TOLERANCES_H_
