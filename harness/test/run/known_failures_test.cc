#include "run/known_failures.h"

#include <gtest/gtest.h>

#include <fstream>

#include "core/input_error.h"

namespace onnxcts {
namespace {

// One file per test: CTest runs the tests of this binary as parallel
// processes, and a shared name let one test read another's lines.
std::filesystem::path WriteFile(const std::string& text) {
  const std::string test =
      testing::UnitTest::GetInstance()->current_test_info()->name();
  const auto path =
      std::filesystem::path(testing::TempDir()) / (test + "-known.txt");
  std::ofstream(path) << text;
  return path;
}

CaseResult Result(const std::string& id, Status s) {
  CaseResult r;
  r.case_id = id;
  r.status = s;
  return r;
}

TEST(KnownFailures, TurnListedFailuresAndPassesAround) {
  auto entries = ReadKnownFailures(
      WriteFile("# comment\n"
                "onnx.node.test_sign* | Sign(NaN) is 0 | https://x/1#c | 2027-01-01\n"
                "onnx.node.test_isnan | old | https://x/2 | 2026-01-01\n"),
      "2026-11-29");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_FALSE(entries[0].expired);
  EXPECT_EQ(entries[0].link, "https://x/1#c");
  EXPECT_TRUE(entries[1].expired);
  std::vector<CaseResult> results = {
      Result("onnx.node.test_sign", Status::kFail),
      Result("onnx.node.test_sign_2", Status::kPass),
      Result("onnx.node.test_sign_3", Status::kNotSupported),
      Result("onnx.node.test_isnan", Status::kFail)};
  ApplyKnownFailures(entries, results, Policy::kSpec);
  EXPECT_EQ(results[0].status, Status::kExpectedFail);
  EXPECT_EQ(results[0].known_failure, "onnx.node.test_sign*");
  EXPECT_EQ(results[1].status, Status::kUnexpectedPass);
  EXPECT_EQ(results[2].status, Status::kNotSupported);
  EXPECT_EQ(results[3].status, Status::kFail);  // its entry expired
  EXPECT_EQ(entries[0].matched, 2);
}

TEST(KnownFailures, DeviationsAreListableUnderStrictPolicy) {
  auto entries = ReadKnownFailures(WriteFile("a.* | r | l | 2099-01-01\n"),
                                   "2026-11-29");
  std::vector<CaseResult> spec = {Result("a.b", Status::kDeviation)};
  std::vector<CaseResult> strict = spec;
  ApplyKnownFailures(entries, spec, Policy::kSpec);
  ApplyKnownFailures(entries, strict, Policy::kStrict);
  EXPECT_EQ(spec[0].status, Status::kDeviation);
  EXPECT_EQ(strict[0].status, Status::kExpectedFail);
}

TEST(KnownFailures, MalformedLinesNameTheLineAndField) {
  try {
    ReadKnownFailures(WriteFile("\na.* | r | l | tomorrow\n"), "2026-11-29");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "expiry");
    EXPECT_NE(e.file().find("known.txt:2"), std::string::npos);
  }
  EXPECT_THROW(ReadKnownFailures(WriteFile("a.* | r\n"), "2026-11-29"),
               InputError);
}

}  // namespace
}  // namespace onnxcts
