#include "report/diff.h"

#include <fmt/core.h>

#include <map>
#include <tuple>
#include <utility>

namespace onnxcts {
namespace {

using ResultKey = std::pair<std::string, int>;

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

// A deviation is judged apart from failures even under --policy strict,
// where HasRegressions() counts it: a reader must see which is which.
std::vector<ResultChange>& SectionOf(Status old, Status now, Policy policy,
                                     ReportDiff& diff) {
  const bool was_failing = IsFailure(old, policy, false);
  if (now == Status::kDeviation) {
    return was_failing ? diff.fixed : diff.new_deviations;
  }
  if (!was_failing && IsFailure(now, policy, false)) return diff.regressed;
  if (was_failing && IsGood(now, policy)) return diff.fixed;
  if (old == Status::kNotSupported || now == Status::kNotSupported) {
    return diff.support;
  }
  return diff.changed;
}

void Classify(const CaseResult& old, const CaseResult& now, Policy policy,
              ReportDiff& diff) {
  if (old.status == now.status) return;
  SectionOf(old.status, now.status, policy, diff)
      .push_back({now.case_id, now.data_set, old.status, now.status,
                  now.message});
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

bool IsFailing(Verdict v) {
  return v == Verdict::kNonConformant || v == Verdict::kRunsInvalid;
}

std::vector<CellChange>& CellSectionOf(Verdict old, Verdict now,
                                       ReportDiff& diff) {
  if (IsFailing(now)) return diff.cells_regressed;
  if (now == Verdict::kDeviations && !IsFailing(old)) {
    return diff.cells_new_deviations;
  }
  if (old == Verdict::kNotSupported || now == Verdict::kNotSupported) {
    return diff.cells_support;
  }
  return diff.cells_improved;
}

void DiffCells(const Report& before, const Report& after, ReportDiff& diff) {
  const std::map<CellId, Verdict> old_cells =
      VerdictsByCell(Summarize(before.results, after.policy));
  for (const auto& [key, verdict] :
       VerdictsByCell(Summarize(after.results, after.policy))) {
    const auto it = old_cells.find(key);
    if (it == old_cells.end() || it->second == verdict) continue;
    const auto& [must_reject, op, opset, dtype] = key;
    CellSectionOf(it->second, verdict, diff)
        .push_back({must_reject, op, opset, dtype, it->second, verdict});
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
    text += fmt::format("  {}{} opset {} {}: {} -> {}\n",
                        c.must_reject ? "must-reject " : "", c.op, c.opset,
                        c.dtype, VerdictName(c.before), VerdictName(c.after));
  }
  return text;
}

}  // namespace

ReportDiff DiffReports(const Report& before, const Report& after) {
  ReportDiff diff;
  diff.policy = after.policy;
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
  text += ResultLines("new deviations", diff.new_deviations);
  text += CellLines("cells newly deviating", diff.cells_new_deviations);
  text += ResultLines("support changed", diff.support);
  text += CellLines("cells whose support changed", diff.cells_support);
  text += ResultLines("fixed", diff.fixed);
  text += CellLines("cells improved", diff.cells_improved);
  text += ResultLines("changed", diff.changed);
  text += ResultLines("new", diff.added);
  text += ResultLines("gone", diff.removed);
  return text;
}

}  // namespace onnxcts
