// The summary: counts per status and the op x opset x dtype verdicts.
#include "report/summary.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace onnxcts {
namespace {

using testing::Result;

Verdict VerdictOf(std::initializer_list<Status> statuses,
                  Policy policy = Policy::kSpec) {
  std::vector<CaseResult> results;
  int n = 0;
  for (Status s : statuses) results.push_back(Result("c", n++, s));
  const Summary summary = Summarize(results, policy);
  EXPECT_EQ(summary.matrix.size(), 1u);
  return summary.matrix.at(0).verdict;
}

CaseResult MustReject(const std::string& id, Status s) {
  CaseResult r = Result(id, 0, s);
  r.must_reject = true;
  return r;
}

// A verdict is about the backend: a listed case that passes passes.
TEST(CellVerdict, ConformantOnlyWhenEveryValidCasePasses) {
  EXPECT_EQ(VerdictOf({Status::kPass}), Verdict::kConformant);
  EXPECT_EQ(VerdictOf({Status::kPass, Status::kUnexpectedPass}),
            Verdict::kConformant);
}

TEST(CellVerdict, DeviationsWhenSomeDeviateAndNoneFail) {
  EXPECT_EQ(VerdictOf({Status::kPass, Status::kDeviation}),
            Verdict::kDeviations);
}

TEST(CellVerdict, NonConformantOnAnyFailure) {
  for (Status failing : {Status::kFail, Status::kCrash, Status::kTimeout,
                         Status::kError, Status::kInvalidOutput,
                         Status::kProtocolError, Status::kExpectedFail}) {
    EXPECT_EQ(VerdictOf({Status::kPass, Status::kDeviation, failing}),
              Verdict::kNonConformant)
        << StatusName(failing);
  }
}

TEST(CellVerdict, StrictPolicyMakesDeviationsFailures) {
  EXPECT_EQ(VerdictOf({Status::kPass, Status::kDeviation}, Policy::kStrict),
            Verdict::kNonConformant);
  EXPECT_EQ(VerdictOf({Status::kPass}, Policy::kStrict), Verdict::kConformant);
}

// A backend without kernels must never look conformant: one case it does
// not support makes the cell not supported, however many others pass.
TEST(CellVerdict, NotSupportedWhenAnyValidCaseIsAndNoneFails) {
  EXPECT_EQ(VerdictOf({Status::kNotSupported, Status::kNotSupported}),
            Verdict::kNotSupported);
  EXPECT_EQ(VerdictOf({Status::kNotSupported, Status::kPass}),
            Verdict::kNotSupported);
  EXPECT_EQ(VerdictOf({Status::kDeviation, Status::kNotSupported}),
            Verdict::kNotSupported);
  EXPECT_EQ(VerdictOf({Status::kNotSupported, Status::kFail}),
            Verdict::kNonConformant);
}

// The case: Max-6 float with one valid case not supported and two
// must-reject models refused was shown "conformant".
TEST(Summarize, MustRejectResultsAreACellOfTheirOwn) {
  std::vector<CaseResult> results = {Result("max", 0, Status::kNotSupported),
                                     MustReject("max.bool", Status::kRejected),
                                     MustReject("max.extra", Status::kRejected)};
  const Summary s = Summarize(results, Policy::kSpec);
  ASSERT_EQ(s.matrix.size(), 1u);
  EXPECT_EQ(s.matrix[0].verdict, Verdict::kNotSupported);
  EXPECT_EQ(s.matrix[0].counts.at(Status::kRejected), 0u);
  ASSERT_EQ(s.must_reject.size(), 1u);
  EXPECT_EQ(s.must_reject[0].verdict, Verdict::kRejects);
  EXPECT_EQ(s.must_reject[0].counts.at(Status::kRejected), 2u);
}

TEST(RejectVerdict, RunsInvalidWhenAModelRanAndNonConformantOnAFault) {
  const auto verdict = [](std::initializer_list<Status> statuses) {
    std::vector<CaseResult> results;
    for (Status st : statuses) {
      results.push_back(MustReject("r" + std::to_string(results.size()), st));
    }
    return Summarize(results, Policy::kSpec).must_reject.at(0).verdict;
  };
  EXPECT_EQ(verdict({Status::kRejected, Status::kRejected}), Verdict::kRejects);
  EXPECT_EQ(verdict({Status::kRejected, Status::kFail}), Verdict::kRunsInvalid);
  EXPECT_EQ(verdict({Status::kExpectedFail}), Verdict::kRunsInvalid);
  EXPECT_EQ(verdict({Status::kRejected, Status::kCrash}),
            Verdict::kNonConformant);
  EXPECT_EQ(verdict({Status::kFail, Status::kTimeout}),
            Verdict::kRunsInvalid);
}

// What onnxcts cannot carry, unreleased opsets, broken test data and what
// did not run say nothing of the backend: no cell holds them.
TEST(Summarize, StatusesThatDoNotJudgeTheBackendStayOutOfCells) {
  const Summary s = Summarize(
      {Result("a", 0, Status::kOnnxctsUnsupported),
       Result("b", 0, Status::kUnreleasedOpset),
       Result("c", 0, Status::kInvalidTestData), Result("d", 0, Status::kNotRun)},
      Policy::kSpec);
  EXPECT_EQ(s.total, 4u);
  EXPECT_EQ(s.counts.at(Status::kOnnxctsUnsupported), 1u);
  EXPECT_TRUE(s.matrix.empty());
  EXPECT_TRUE(s.must_reject.empty());
}

TEST(Summarize, CountsEverythingButMatrixHoldsOnlyOps) {
  const std::vector<CaseResult> results = {
      Result("a", 0, Status::kPass, "sign", 13, "int8"),
      Result("a", 1, Status::kFail, "sign", 13, "int8"),
      Result("b", 0, Status::kPass, "sign", 9, "int8"),
      Result("c", 0, Status::kPass, "isinf", 20, "float8e5m2"),
      Result("d", 0, Status::kInvalidTestData, "isnan", 9, "float"),
      Result("onnx.node.test_abs", 0, Status::kCrash, "", 0, "")};
  const Summary s = Summarize(results, Policy::kSpec);
  EXPECT_EQ(s.total, 6u);
  EXPECT_EQ(s.counts.at(Status::kPass), 3u);
  EXPECT_EQ(s.counts.at(Status::kFail), 1u);
  EXPECT_EQ(s.counts.at(Status::kCrash), 1u);
  EXPECT_EQ(s.counts.at(Status::kInvalidTestData), 1u);
  EXPECT_EQ(s.counts.at(Status::kTimeout), 0u);
  ASSERT_EQ(s.matrix.size(), 3u);  // no "" op, no invalid_test_data cell
  EXPECT_EQ(s.matrix[0].op, "isinf");
  EXPECT_EQ(s.matrix[1].op, "sign");
  EXPECT_EQ(s.matrix[1].opset, 9);
  EXPECT_EQ(s.matrix[1].verdict, Verdict::kConformant);
  EXPECT_EQ(s.matrix[2].opset, 13);
  EXPECT_EQ(s.matrix[2].verdict, Verdict::kNonConformant);
  EXPECT_EQ(s.matrix[2].counts.at(Status::kPass), 1u);
  EXPECT_EQ(s.matrix[2].counts.at(Status::kFail), 1u);
}

TEST(Summarize, JsonListsEveryStatusAndVerdictNames) {
  const nlohmann::json j =
      ToJson(Summarize({Result("a", 0, Status::kNotSupported)}, Policy::kSpec));
  EXPECT_EQ(j["total"], 1);
  EXPECT_EQ(j["counts"].size(), 13u);  // not_run and the harness's own two
                                        // only when there are some
  EXPECT_EQ(j["counts"]["not_supported"], 1);
  EXPECT_EQ(j["counts"]["unexpected_pass"], 0);
  EXPECT_EQ(j["matrix"][0]["verdict"], "not supported");
  EXPECT_EQ(j["matrix"][0]["dtype"], "float16");
  EXPECT_TRUE(j["must_reject"].is_array());
}

TEST(Verdict, NamesRoundTrip) {
  for (Verdict v : kAllVerdicts) EXPECT_EQ(ParseVerdict(VerdictName(v)), v);
  EXPECT_EQ(VerdictName(Verdict::kNonConformant), "non-conformant");
  EXPECT_FALSE(ParseVerdict("nonconformant"));
}

}  // namespace
}  // namespace onnxcts
