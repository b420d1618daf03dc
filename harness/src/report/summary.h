// The summary of a report: how many results have each status, and the
// conformance matrix op x opset x dtype -> verdict.
#ifndef ONNXCTS_HARNESS_REPORT_SUMMARY_H_
#define ONNXCTS_HARNESS_REPORT_SUMMARY_H_

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/status.h"

namespace onnxcts {

enum class Verdict {
  kConformant,     // every result passed or was rightly rejected
  kDeviations,     // some differ where the spec is silent; none fail
  kNonConformant,  // some fail (under the policy), known failures included
  kNotSupported,   // the backend supports none of it
};

inline constexpr Verdict kAllVerdicts[] = {
    Verdict::kConformant, Verdict::kDeviations, Verdict::kNonConformant,
    Verdict::kNotSupported};

// "conformant", "deviations", "non-conformant", "not supported".
std::string_view VerdictName(Verdict v);
std::optional<Verdict> ParseVerdict(std::string_view name);

// Results per status; every status is present, most with zero.
using StatusCounts = std::map<Status, uint64_t>;

struct MatrixCell {
  std::string op;
  int opset = 0;
  std::string dtype;
  Verdict verdict = Verdict::kConformant;
  StatusCounts counts;
};

struct Summary {
  uint64_t total = 0;
  StatusCounts counts;
  std::vector<MatrixCell> matrix;  // sorted by op, opset, dtype
};

// CellVerdict()
//
// The verdict of a cell whose results have `counts`. Results with status
// invalid_test_data never reach a cell (see Summarize); not_supported ones
// count only when nothing else is there.
Verdict CellVerdict(const StatusCounts& counts, Policy policy);

// Summarize()
//
// Counts all `results`; puts in the matrix those with an op, except
// invalid_test_data ones, which say something about the suite, not the
// backend.
Summary Summarize(const std::vector<CaseResult>& results, Policy policy);

// ToJson()
//
// {"total", "counts": {status: n}, "matrix": [{op, opset, dtype, verdict,
// counts}]}.
nlohmann::json ToJson(const Summary& summary);
nlohmann::json ToJson(const StatusCounts& counts);

// CountsText()
//
// "3 pass, 1 fail": the non-zero counts, in status order.
std::string CountsText(const StatusCounts& counts);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_SUMMARY_H_
