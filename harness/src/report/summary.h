// The summary of a report: how many results have each status, and the
// conformance matrix op x opset x dtype -> verdict.
#ifndef ONNXCTS_HARNESS_REPORT_SUMMARY_H_
#define ONNXCTS_HARNESS_REPORT_SUMMARY_H_

#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/result.h"
#include "core/status.h"

namespace onnxcts {

// A cell of valid cases has one of the first four; a cell of must-reject
// cases one of kRejects, kRunsInvalid and kNonConformant: refusing an invalid
// model says that the backend checks its input, not that it computes the op,
// so the two never share a cell.
enum class Verdict {
  kConformant,     // every valid case ran and passed
  kDeviations,     // some differ where the spec is silent; none fail
  kNonConformant,  // some fail (under the policy), known failures included
  kNotSupported,   // some were not supported, none fail
  kRejects,        // every must-reject model was refused
  kRunsInvalid,    // the backend ran a must-reject model
};

inline constexpr Verdict kAllVerdicts[] = {
    Verdict::kConformant,   Verdict::kDeviations, Verdict::kNonConformant,
    Verdict::kNotSupported, Verdict::kRejects,    Verdict::kRunsInvalid};

// "conformant", "deviations", "non-conformant", "not supported", "rejects",
// "runs invalid".
std::string_view VerdictName(Verdict v);
std::optional<Verdict> ParseVerdict(std::string_view name);

// How many results have each status: every status, 0 where none, in the
// order of Status, with a map's [], at() and iteration. Flat, since a run
// of ONNX's whole suite keeps thousands of cells, each with its counts.
class StatusCounts {
 public:
  uint64_t& operator[](Status s) { return counts_[Index(s)].second; }
  uint64_t at(Status s) const { return counts_[Index(s)].second; }
  auto begin() const { return counts_.begin(); }
  auto end() const { return counts_.end(); }
  bool operator==(const StatusCounts&) const = default;

 private:
  static constexpr size_t kCount = std::size(kAllStatuses);
  static_assert(
      [] {
        for (size_t i = 0; i < kCount; ++i) {
          if (static_cast<size_t>(kAllStatuses[i]) != i) return false;
        }
        return true;
      }(),
      "kAllStatuses lists every Status in its order");
  static size_t Index(Status s) { return static_cast<size_t>(s); }
  static constexpr std::array<std::pair<Status, uint64_t>, kCount> Zeros() {
    std::array<std::pair<Status, uint64_t>, kCount> zeros{};
    for (size_t i = 0; i < kCount; ++i) zeros[i] = {static_cast<Status>(i), 0};
    return zeros;
  }

  std::array<std::pair<Status, uint64_t>, kCount> counts_ = Zeros();
};

struct MatrixCell {
  std::string op;
  int opset = 0;
  std::string dtype;
  Verdict verdict = Verdict::kConformant;
  StatusCounts counts;
  // The largest ULP distance of the cell's results' outputs, if any has one.
  std::optional<uint64_t> max_ulp;
};

struct Summary {
  uint64_t total = 0;
  StatusCounts counts;
  std::vector<MatrixCell> matrix;       // valid cases, by op, opset, dtype
  std::vector<MatrixCell> must_reject;  // must-reject cases, likewise
};

// A cell of either matrix: must-reject or not, op, opset, dtype.
using CellId = std::tuple<bool, std::string, int, std::string>;

// VerdictsByCell()
//
// The verdict of every cell of both matrices of `summary`.
std::map<CellId, Verdict> VerdictsByCell(const Summary& summary);

// CellVerdict()
//
// The verdict of a cell of valid cases whose results have `counts`: a
// failure makes it non-conformant; else a not_supported case makes it not
// supported; else a deviation; it is conformant only when every case passed.
Verdict CellVerdict(const StatusCounts& counts, Policy policy);

// RejectVerdict()
//
// The verdict of a cell of must-reject cases whose results have `counts`.
Verdict RejectVerdict(const StatusCounts& counts);

// Summarize()
//
// Counts all `results`; puts those with an op in the matrix or, for
// must-reject cases, the must-reject matrix, except the statuses that do not
// judge the backend (JudgesBackend).
Summary Summarize(const std::vector<CaseResult>& results, Policy policy);

// ToJson()
//
// {"total", "counts": {status: n}, "matrix": [{op, opset, dtype, verdict,
// counts, max_ulp (only when there is one)}], "must_reject": [the same]}.
nlohmann::json ToJson(const Summary& summary);
nlohmann::json ToJson(const MatrixCell& cell);
nlohmann::json ToJson(const StatusCounts& counts);

// CountsText()
//
// "3 pass, 1 fail": the non-zero counts, in status order.
std::string CountsText(const StatusCounts& counts);

// MaxUlpText()
//
// "max 3 ulp", or "" when there is no distance.
std::string MaxUlpText(const std::optional<uint64_t>& max_ulp);

// CellCountsText()
//
// A cell's counts and largest ULP distance: "3 pass, 1 fail; max 2 ulp".
std::string CellCountsText(const MatrixCell& cell);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_SUMMARY_H_
