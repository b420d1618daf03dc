// Two reports compared (`onnxcts report diff OLD NEW`): what regressed,
// what was fixed, what is new and what is gone, per case id and data set,
// and per cell of the conformance matrix.
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
  std::string op;
  int opset = 0;
  std::string dtype;
  Verdict before;
  Verdict after;
};

struct ReportDiff {
  // Statuses are judged under NEW's policy throughout.
  std::vector<ResultChange> regressed;      // not failing -> failing
  std::vector<ResultChange> fixed;          // failing -> pass, deviation,
                                            // rejected or expected_fail
  std::vector<ResultChange> changed;        // any other change of status
  std::vector<ResultChange> added;          // only in NEW
  std::vector<ResultChange> removed;        // only in OLD
  std::vector<CellChange> cells_regressed;  // verdict got worse
  std::vector<CellChange> cells_improved;
  std::vector<std::string> notes;  // what differs about the runs themselves

  bool HasRegressions() const {
    return !regressed.empty() || !cells_regressed.empty();
  }
};

// VerdictRank()
//
// Orders verdicts from worst (non-conformant, 0) to best (conformant, 3);
// not supported ranks below deviations, as losing support is a regression.
int VerdictRank(Verdict v);

// DiffReports()
//
// What changed from `before` (OLD) to `after` (NEW). Lists follow NEW's
// order, then OLD's for what is gone.
ReportDiff DiffReports(const Report& before, const Report& after);

// FormatDiff()
//
// The diff as text for a terminal: a line per section with its count, then
// a line per change.
std::string FormatDiff(const ReportDiff& diff);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_DIFF_H_
