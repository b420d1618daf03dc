#include "report/diff.h"

#include <fmt/core.h>

#include <map>
#include <tuple>
#include <utility>

namespace onnxcts {
namespace {

using ResultKey = std::pair<std::string, int>;
using CellKey = std::tuple<std::string, int, std::string>;

bool IsGood(Status s, Policy policy) {
  switch (s) {
    case Status::kPass:
    case Status::kRejected:
    case Status::kExpectedFail:
      return true;
    case Status::kDeviation:
      return policy == Policy::kSpec;
    default:
      return false;
  }
}

void Classify(const CaseResult& old, const CaseResult& now, Policy policy,
              ReportDiff& diff) {
  if (old.status == now.status) return;
  ResultChange change{now.case_id, now.data_set, old.status, now.status,
                      now.message};
  const bool was_failing = IsFailure(old.status, policy, false);
  const bool is_failing = IsFailure(now.status, policy, false);
  if (!was_failing && is_failing) {
    diff.regressed.push_back(std::move(change));
  } else if (was_failing && IsGood(now.status, policy)) {
    diff.fixed.push_back(std::move(change));
  } else {
    diff.changed.push_back(std::move(change));
  }
}

void DiffResults(const Report& before, const Report& after, ReportDiff& diff) {
  std::map<ResultKey, const CaseResult*> old_results;
  for (const CaseResult& r : before.results) {
    old_results[{r.case_id, r.data_set}] = &r;
  }
  for (const CaseResult& r : after.results) {
    const auto it = old_results.find({r.case_id, r.data_set});
    if (it == old_results.end()) {
      diff.added.push_back(
          {r.case_id, r.data_set, std::nullopt, r.status, r.message});
      continue;
    }
    Classify(*it->second, r, after.policy, diff);
    old_results.erase(it);
  }
  for (const CaseResult& r : before.results) {
    if (old_results.count({r.case_id, r.data_set}) == 0) continue;
    diff.removed.push_back(
        {r.case_id, r.data_set, r.status, std::nullopt, r.message});
  }
}

void DiffCells(const Report& before, const Report& after, ReportDiff& diff) {
  std::map<CellKey, Verdict> old_cells;
  for (const MatrixCell& c : Summarize(before.results, after.policy).matrix) {
    old_cells[{c.op, c.opset, c.dtype}] = c.verdict;
  }
  for (const MatrixCell& c : Summarize(after.results, after.policy).matrix) {
    const auto it = old_cells.find({c.op, c.opset, c.dtype});
    if (it == old_cells.end() || it->second == c.verdict) continue;
    CellChange change{c.op, c.opset, c.dtype, it->second, c.verdict};
    if (VerdictRank(c.verdict) < VerdictRank(it->second)) {
      diff.cells_regressed.push_back(change);
    } else {
      diff.cells_improved.push_back(change);
    }
  }
}

std::string Describe(const BackendInfo& b) {
  return fmt::format("{} {} ({})", b.name, b.version, b.spec);
}

void NoteRunDifferences(const Report& before, const Report& after,
                        ReportDiff& diff) {
  if (Describe(before.backend) != Describe(after.backend)) {
    diff.notes.push_back(fmt::format("backend: {} -> {}",
                                     Describe(before.backend),
                                     Describe(after.backend)));
  }
  if (before.policy != after.policy) {
    diff.notes.push_back(fmt::format(
        "policy: {} -> {} (both judged under {})", PolicyName(before.policy),
        PolicyName(after.policy), PolicyName(after.policy)));
  }
  if (before.suites != after.suites) diff.notes.push_back("suites differ");
  if (before.filter != after.filter) {
    diff.notes.push_back(
        fmt::format("filter: \"{}\" -> \"{}\"", before.filter, after.filter));
  }
}

std::string StatusText(const std::optional<Status>& s) {
  return s ? std::string(StatusName(*s)) : "-";
}

std::string ResultLines(const char* title,
                        const std::vector<ResultChange>& changes) {
  std::string text = fmt::format("{}: {}\n", title, changes.size());
  for (const ResultChange& c : changes) {
    std::string statuses =
        c.before && c.after
            ? StatusText(c.before) + " -> " + StatusText(c.after)
            : StatusText(c.before ? c.before : c.after);
    text +=
        fmt::format("  {} [data set {}]: {}", c.case_id, c.data_set, statuses);
    // The first line of the message is enough to recognise it.
    const std::string first_line = c.message.substr(0, c.message.find('\n'));
    text += first_line.empty() ? "\n" : ": " + first_line + "\n";
  }
  return text;
}

std::string CellLines(const char* title, const std::vector<CellChange>& cells) {
  std::string text = fmt::format("{}: {}\n", title, cells.size());
  for (const CellChange& c : cells) {
    text += fmt::format("  {} opset {} {}: {} -> {}\n", c.op, c.opset, c.dtype,
                        VerdictName(c.before), VerdictName(c.after));
  }
  return text;
}

}  // namespace

int VerdictRank(Verdict v) {
  switch (v) {
    case Verdict::kNonConformant:
      return 0;
    case Verdict::kNotSupported:
      return 1;
    case Verdict::kDeviations:
      return 2;
    case Verdict::kConformant:
      return 3;
  }
  return 0;
}

ReportDiff DiffReports(const Report& before, const Report& after) {
  ReportDiff diff;
  NoteRunDifferences(before, after, diff);
  DiffResults(before, after, diff);
  DiffCells(before, after, diff);
  return diff;
}

std::string FormatDiff(const ReportDiff& diff) {
  std::string text;
  for (const std::string& note : diff.notes) text += "note: " + note + "\n";
  text += ResultLines("regressed", diff.regressed);
  text += CellLines("cells regressed", diff.cells_regressed);
  text += ResultLines("fixed", diff.fixed);
  text += CellLines("cells improved", diff.cells_improved);
  text += ResultLines("changed", diff.changed);
  text += ResultLines("new", diff.added);
  text += ResultLines("gone", diff.removed);
  return text;
}

}  // namespace onnxcts
