// Two reports compared (`onnxcts report diff OLD NEW`): what regressed, what
// newly deviates, where support changed, what was fixed, what is new and
// what is gone, per case id and data set, and per cell of the conformance
// and must-reject matrices. Only regressions (and, under --policy strict,
// new deviations) fail.
#ifndef ONNXCTS_HARNESS_REPORT_DIFF_H_
#define ONNXCTS_HARNESS_REPORT_DIFF_H_

#include <optional>
#include <string>
#include <vector>

#include "report/report.h"
#include "report/summary.h"

namespace onnxcts {

// One case id and data set, in OLD (`before`), NEW (`after`) or both.
struct ResultChange {
  std::string case_id;
  int data_set = 0;
  std::optional<Status> before;
  std::optional<Status> after;
  std::string message;  // NEW's, else OLD's
};

struct CellChange {
  bool must_reject = false;
  std::string op;
  int opset = 0;
  std::string dtype;
  Verdict before;
  Verdict after;
};

struct ReportDiff {
  // Statuses are judged under NEW's policy throughout.
  std::vector<ResultChange> regressed;       // not failing -> failing
  std::vector<ResultChange> new_deviations;  // anything else -> deviation
  std::vector<ResultChange> support;         // to or from not_supported
  std::vector<ResultChange> fixed;           // failing -> pass, deviation,
                                             // rejected or expected_fail
  std::vector<ResultChange> changed;         // any other change of status
  std::vector<ResultChange> added;           // only in NEW
  std::vector<ResultChange> removed;         // only in OLD
  std::vector<CellChange> cells_regressed;   // -> non-conformant, runs invalid
  std::vector<CellChange> cells_new_deviations;  // -> deviations
  std::vector<CellChange> cells_support;     // to or from not supported
  std::vector<CellChange> cells_improved;    // any other change
  std::vector<std::string> notes;  // what differs about the runs themselves
  Policy policy = Policy::kSpec;   // NEW's

  // Whether `report diff` exits 1: a regression, or under --policy strict
  // a new deviation.
  bool HasRegressions() const {
    return !regressed.empty() || !cells_regressed.empty() ||
           (policy == Policy::kStrict &&
            (!new_deviations.empty() || !cells_new_deviations.empty()));
  }
};

// DiffReports()
//
// What changed from `before` (OLD) to `after` (NEW). Lists follow NEW's
// order, then OLD's for what is gone.
ReportDiff DiffReports(const Report& before, const Report& after);

// FormatDiff()
//
// The diff as text for a terminal: a line per section with its count, then
// a line per change; regressions first.
std::string FormatDiff(const ReportDiff& diff);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_DIFF_H_
