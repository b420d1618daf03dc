#include "report/summary.h"

#include <functional>
#include <tuple>

namespace onnxcts {
namespace {

bool AnyOf(const StatusCounts& counts, std::initializer_list<Status> statuses) {
  for (Status s : statuses) {
    if (counts.at(s) > 0) return true;
  }
  return false;
}

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kConformant:
      return "conformant";
    case Verdict::kDeviations:
      return "deviations";
    case Verdict::kNonConformant:
      return "non-conformant";
    case Verdict::kNotSupported:
      return "not supported";
    case Verdict::kRejects:
      return "rejects";
    case Verdict::kRunsInvalid:
      return "runs invalid";
  }
  return "";
}

std::optional<Verdict> ParseVerdict(std::string_view name) {
  for (Verdict v : kAllVerdicts) {
    if (VerdictName(v) == name) return v;
  }
  return std::nullopt;
}

// A verdict says what the backend does, not what the run's exit code makes
// of it: a known failure is still a failure, and a listed case that passes
// (unexpected_pass) still passes.
Verdict CellVerdict(const StatusCounts& counts, Policy policy) {
  for (const auto& [status, n] : counts) {
    if (n == 0 || status == Status::kUnexpectedPass) continue;
    // Under --policy strict a deviation is a failure, and so is the cell.
    if (status == Status::kExpectedFail ||
        IsFailure(status, policy, /*require_support=*/false)) {
      return Verdict::kNonConformant;
    }
  }
  // A cell is conformant only when the backend computed all of it: a
  // backend without kernels must never look conformant.
  if (AnyOf(counts, {Status::kNotSupported})) return Verdict::kNotSupported;
  if (AnyOf(counts, {Status::kDeviation})) return Verdict::kDeviations;
  if (AnyOf(counts, {Status::kPass, Status::kUnexpectedPass})) {
    return Verdict::kConformant;
  }
  return Verdict::kNotSupported;
}

Verdict RejectVerdict(const StatusCounts& counts) {
  for (const auto& [status, n] : counts) {
    if (n == 0 || status == Status::kRejected) continue;
    // A must-reject model that ran is a fail (known or not); anything else
    // is a crash, a hang or a broken answer.
    return status == Status::kFail || status == Status::kExpectedFail ||
                   status == Status::kUnexpectedPass
               ? Verdict::kRunsInvalid
               : Verdict::kNonConformant;
  }
  return Verdict::kRejects;
}

namespace {

using CellKey = std::tuple<std::string, int, std::string>;
struct Tally {
  StatusCounts counts;
  std::optional<uint64_t> max_ulp;
};
using Cells = std::map<CellKey, Tally>;

void Count(Cells& cells, const CaseResult& r) {
  auto [it, added] = cells.try_emplace(CellKey{r.op, r.opset, r.dtype});
  Tally& tally = it->second;
  ++tally.counts[r.status];
  for (const OutputComparison& c : r.comparisons) {
    tally.max_ulp = MaxUlp(tally.max_ulp, c.max_ulp);
  }
}

std::vector<MatrixCell> CellsOf(Cells& cells,
                                const std::function<Verdict(const StatusCounts&)>& verdict) {
  std::vector<MatrixCell> matrix;
  for (auto& [key, tally] : cells) {
    const auto& [op, opset, dtype] = key;
    matrix.push_back({op, opset, dtype, verdict(tally.counts),
                      std::move(tally.counts), tally.max_ulp});
  }
  return matrix;
}

}  // namespace

Summary Summarize(const std::vector<CaseResult>& results, Policy policy) {
  Summary summary;
  Cells valid;
  Cells reject;
  for (const CaseResult& r : results) {
    ++summary.total;
    ++summary.counts[r.status];
    if (r.op.empty() || !JudgesBackend(r.status)) continue;
    Count(r.must_reject ? reject : valid, r);
  }
  summary.matrix = CellsOf(valid, [policy](const StatusCounts& counts) {
    return CellVerdict(counts, policy);
  });
  summary.must_reject = CellsOf(reject, RejectVerdict);
  return summary;
}

nlohmann::json ToJson(const StatusCounts& counts) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [status, n] : counts) {
    // Only a run that stopped early has not_run results: the reports of
    // complete runs read as they did before the status existed.
    if (n == 0 && (status == Status::kNotRun ||
                   status == Status::kOnnxctsUnsupported ||
                   status == Status::kUnreleasedOpset)) {
      continue;
    }
    j[std::string(StatusName(status))] = n;
  }
  return j;
}

std::string CountsText(const StatusCounts& counts) {
  std::string text;
  for (const auto& [status, n] : counts) {
    if (n == 0) continue;
    text += (text.empty() ? "" : ", ") + std::to_string(n) + " " +
            std::string(StatusName(status));
  }
  return text;
}

std::string MaxUlpText(const std::optional<uint64_t>& max_ulp) {
  return max_ulp ? "max " + std::to_string(*max_ulp) + " ulp" : "";
}

std::string CellCountsText(const MatrixCell& cell) {
  const std::string ulp = MaxUlpText(cell.max_ulp);
  return CountsText(cell.counts) + (ulp.empty() ? "" : "; " + ulp);
}

std::map<CellId, Verdict> VerdictsByCell(const Summary& summary) {
  std::map<CellId, Verdict> verdicts;
  for (const MatrixCell& c : summary.matrix) {
    verdicts[{false, c.op, c.opset, c.dtype}] = c.verdict;
  }
  for (const MatrixCell& c : summary.must_reject) {
    verdicts[{true, c.op, c.opset, c.dtype}] = c.verdict;
  }
  return verdicts;
}

namespace {

nlohmann::json ToJson(const std::vector<MatrixCell>& cells) {
  nlohmann::json matrix = nlohmann::json::array();
  for (const MatrixCell& c : cells) matrix.push_back(ToJson(c));
  return matrix;
}

}  // namespace

nlohmann::json ToJson(const MatrixCell& c) {
  nlohmann::json cell = {{"op", c.op},
                         {"opset", c.opset},
                         {"dtype", c.dtype},
                         {"verdict", VerdictName(c.verdict)},
                         {"counts", ToJson(c.counts)}};
  if (c.max_ulp) cell["max_ulp"] = *c.max_ulp;
  return cell;
}

nlohmann::json ToJson(const Summary& summary) {
  return {{"total", summary.total},
          {"counts", ToJson(summary.counts)},
          {"matrix", ToJson(summary.matrix)},
          {"must_reject", ToJson(summary.must_reject)}};
}

}  // namespace onnxcts
