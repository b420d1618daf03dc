#include "report/summary.h"

#include <tuple>

namespace onnxcts {
namespace {

StatusCounts ZeroCounts() {
  StatusCounts counts;
  for (Status s : kAllStatuses) counts[s] = 0;
  return counts;
}

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
  if (AnyOf(counts, {Status::kDeviation})) return Verdict::kDeviations;
  if (AnyOf(counts,
            {Status::kPass, Status::kRejected, Status::kUnexpectedPass})) {
    return Verdict::kConformant;
  }
  return Verdict::kNotSupported;
}

Summary Summarize(const std::vector<CaseResult>& results, Policy policy) {
  Summary summary;
  summary.counts = ZeroCounts();
  using Key = std::tuple<std::string, int, std::string>;
  std::map<Key, StatusCounts> cells;
  for (const CaseResult& r : results) {
    ++summary.total;
    ++summary.counts[r.status];
    // Neither broken test data nor what did not run says what the backend
    // does.
    if (r.op.empty() || r.status == Status::kInvalidTestData ||
        r.status == Status::kNotRun) {
      continue;
    }
    auto [it, added] = cells.try_emplace(Key{r.op, r.opset, r.dtype});
    if (added) it->second = ZeroCounts();
    ++it->second[r.status];
  }
  for (auto& [key, counts] : cells) {
    const auto& [op, opset, dtype] = key;
    summary.matrix.push_back(
        {op, opset, dtype, CellVerdict(counts, policy), std::move(counts)});
  }
  return summary;
}

nlohmann::json ToJson(const StatusCounts& counts) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [status, n] : counts) {
    // Only a run that stopped early has not_run results: the reports of
    // complete runs read as they did before the status existed.
    if (status == Status::kNotRun && n == 0) continue;
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

nlohmann::json ToJson(const Summary& summary) {
  nlohmann::json matrix = nlohmann::json::array();
  for (const MatrixCell& c : summary.matrix) {
    matrix.push_back({{"op", c.op},
                      {"opset", c.opset},
                      {"dtype", c.dtype},
                      {"verdict", VerdictName(c.verdict)},
                      {"counts", ToJson(c.counts)}});
  }
  return {{"total", summary.total},
          {"counts", ToJson(summary.counts)},
          {"matrix", std::move(matrix)}};
}

}  // namespace onnxcts
