// diff: regressions, fixes, new and gone results, and cell verdicts.
#include "report/diff.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace onnxcts {
namespace {

using testing::Result;

std::vector<std::string> Ids(const std::vector<ResultChange>& changes) {
  std::vector<std::string> ids;
  for (const ResultChange& c : changes) {
    ids.push_back(c.case_id + "/" + std::to_string(c.data_set));
  }
  return ids;
}

Report WithResults(std::vector<CaseResult> results) {
  Report r = testing::EmptyReport();
  r.results = std::move(results);
  return r;
}

TEST(DiffReports, ClassifiesEachResult) {
  const Report old = WithResults({
      Result("a", 0, Status::kPass),
      Result("b", 0, Status::kPass),
      Result("c", 0, Status::kFail),
      Result("d", 0, Status::kPass),
      Result("e", 0, Status::kDeviation),
      Result("g", 0, Status::kCrash),
      Result("h", 0, Status::kExpectedFail),
  });
  const Report now = WithResults({
      Result("a", 0, Status::kFail),            // regressed
      Result("b", 0, Status::kPass),            // same
      Result("c", 0, Status::kPass),            // fixed
      Result("e", 0, Status::kTimeout),         // regressed
      Result("f", 0, Status::kNotSupported),    // new
      Result("g", 0, Status::kFail),            // failing either way: changed
      Result("h", 0, Status::kUnexpectedPass),  // regressed
      Result("a", 1, Status::kPass),            // new data set
  });
  const ReportDiff diff = DiffReports(old, now);
  EXPECT_EQ(Ids(diff.regressed),
            (std::vector<std::string>{"a/0", "e/0", "h/0"}));
  EXPECT_EQ(Ids(diff.fixed), std::vector<std::string>{"c/0"});
  EXPECT_EQ(Ids(diff.changed), std::vector<std::string>{"g/0"});
  EXPECT_EQ(Ids(diff.added), (std::vector<std::string>{"f/0", "a/1"}));
  EXPECT_EQ(Ids(diff.removed), std::vector<std::string>{"d/0"});
  EXPECT_EQ(diff.regressed[0].before, Status::kPass);
  EXPECT_EQ(diff.regressed[0].after, Status::kFail);
  EXPECT_TRUE(diff.HasRegressions());
  EXPECT_TRUE(diff.notes.empty());
}

TEST(DiffReports, OnlyFixesAndNewAreNoRegression) {
  const Report old = WithResults(
      {Result("a", 0, Status::kFail), Result("b", 0, Status::kPass)});
  const Report now =
      WithResults({Result("a", 0, Status::kPass),
                   Result("c", 0, Status::kPass, "sign", 9, "int8")});
  const ReportDiff diff = DiffReports(old, now);
  EXPECT_FALSE(diff.HasRegressions());
  EXPECT_EQ(Ids(diff.fixed), std::vector<std::string>{"a/0"});
  EXPECT_EQ(Ids(diff.removed), std::vector<std::string>{"b/0"});
  ASSERT_EQ(diff.cells_improved.size(), 1u);
  EXPECT_EQ(diff.cells_improved[0].before, Verdict::kNonConformant);
  EXPECT_EQ(diff.cells_improved[0].after, Verdict::kConformant);
}

// pass -> deviation fails no case: it is a section of its own, a failure
// of `report diff` only under --policy strict.
TEST(DiffReports, NewDeviationsAreApartAndFailOnlyWhenStrict) {
  const Report old = WithResults({Result("a", 0, Status::kPass)});
  Report now = WithResults({Result("a", 0, Status::kDeviation)});
  ReportDiff diff = DiffReports(old, now);
  EXPECT_TRUE(diff.regressed.empty());
  EXPECT_TRUE(diff.cells_regressed.empty());
  EXPECT_EQ(Ids(diff.new_deviations), std::vector<std::string>{"a/0"});
  ASSERT_EQ(diff.cells_new_deviations.size(), 1u);
  EXPECT_EQ(diff.cells_new_deviations[0].op, "isinf");
  EXPECT_EQ(diff.cells_new_deviations[0].before, Verdict::kConformant);
  EXPECT_EQ(diff.cells_new_deviations[0].after, Verdict::kDeviations);
  EXPECT_FALSE(diff.HasRegressions());
  now.policy = Policy::kStrict;
  diff = DiffReports(old, now);
  EXPECT_EQ(Ids(diff.new_deviations), std::vector<std::string>{"a/0"});
  EXPECT_TRUE(diff.regressed.empty());
  EXPECT_TRUE(diff.HasRegressions());
}

// The diff against the reference: 425 of 433 "changed" and 192 of
// 199 "cells regressed" were support, burying the deviations.
TEST(DiffReports, SupportChangesAreApartAndNoRegression) {
  const Report old = WithResults({Result("a", 0, Status::kPass),
                                  Result("b", 0, Status::kNotSupported),
                                  Result("c", 0, Status::kNotSupported)});
  const Report now = WithResults({Result("a", 0, Status::kNotSupported),
                                  Result("b", 0, Status::kPass),
                                  Result("c", 0, Status::kFail)});
  const ReportDiff diff = DiffReports(old, now);
  EXPECT_EQ(Ids(diff.support), (std::vector<std::string>{"a/0", "b/0"}));
  EXPECT_EQ(Ids(diff.regressed), std::vector<std::string>{"c/0"});
  EXPECT_TRUE(diff.changed.empty());
  // All three are one cell: isinf 20 float16, not supported -> non-conformant.
  ASSERT_EQ(diff.cells_regressed.size(), 1u);
  EXPECT_TRUE(diff.cells_support.empty());
}

TEST(DiffReports, CellLosingSupportIsASupportChange) {
  const Report old = WithResults({Result("a", 0, Status::kPass)});
  const Report now = WithResults({Result("a", 0, Status::kNotSupported)});
  const ReportDiff diff = DiffReports(old, now);
  EXPECT_TRUE(diff.cells_regressed.empty());
  ASSERT_EQ(diff.cells_support.size(), 1u);
  EXPECT_EQ(diff.cells_support[0].after, Verdict::kNotSupported);
  EXPECT_FALSE(diff.HasRegressions());
}

TEST(DiffReports, MustRejectModelThatNowRunsIsARegressionOfItsCell) {
  CaseResult refused = Result("r", 0, Status::kRejected);
  refused.must_reject = true;
  CaseResult ran = Result("r", 0, Status::kFail);
  ran.must_reject = true;
  const ReportDiff diff =
      DiffReports(WithResults({refused}), WithResults({ran}));
  EXPECT_EQ(Ids(diff.regressed), std::vector<std::string>{"r/0"});
  ASSERT_EQ(diff.cells_regressed.size(), 1u);
  EXPECT_TRUE(diff.cells_regressed[0].must_reject);
  EXPECT_EQ(diff.cells_regressed[0].before, Verdict::kRejects);
  EXPECT_EQ(diff.cells_regressed[0].after, Verdict::kRunsInvalid);
  EXPECT_NE(FormatDiff(diff).find("must-reject isinf opset 20 float16: "
                                  "rejects -> runs invalid"),
            std::string::npos);
}

TEST(DiffReports, JudgesUnderTheNewPolicy) {
  const Report old = WithResults({Result("a", 0, Status::kDeviation)});
  Report now = WithResults({Result("a", 0, Status::kDeviation)});
  now.policy = Policy::kStrict;
  const ReportDiff diff = DiffReports(old, now);
  EXPECT_FALSE(diff.HasRegressions());  // same status, same verdict
  ASSERT_EQ(diff.notes.size(), 1u);
  EXPECT_NE(diff.notes[0].find("policy: spec -> strict"), std::string::npos);
}

TEST(DiffReports, IdenticalReportsDiffToNothing) {
  const Report r = testing::SampleReport();
  const ReportDiff diff = DiffReports(r, r);
  EXPECT_FALSE(diff.HasRegressions());
  EXPECT_TRUE(diff.fixed.empty() && diff.changed.empty() &&
              diff.added.empty() && diff.removed.empty() &&
              diff.cells_improved.empty());
}

TEST(FormatDiff, ListsSectionsWithCountsAndStatuses) {
  const Report old = WithResults({Result("a", 0, Status::kPass)});
  Report now = WithResults({Result("a", 0, Status::kFail)});
  now.results[0].message = "2 elements differ\nmore detail";
  const std::string text = FormatDiff(DiffReports(old, now));
  EXPECT_NE(text.find("regressed: 1\n  a [data set 0]: pass -> fail: 2 "
                      "elements differ\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("cells regressed: 1\n  isinf opset 20 float16: "
                      "conformant -> non-conformant\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("fixed: 0\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("more detail"), std::string::npos) << text;
}

}  // namespace
}  // namespace onnxcts
