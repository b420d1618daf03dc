// The runner with the reference backend on real data: Debian's copy of
// ONNX's own test data, and the checked-in suite of malformed cases.
#include "run/runner.h"

#include <gtest/gtest.h>

#include <set>

#include "backends/reference_backend.h"
#include "io/suite.h"

namespace onnxcts {
namespace {

const char* kOnnxNode = "/usr/share/libonnx-testdata/data/node";

std::vector<CaseResult> RunSuite(const std::filesystem::path& root,
                                 const std::string& filter) {
  const std::vector<TestCase> cases = DiscoverCases(root);
  RunOptions options;
  options.backend_spec = "reference";
  options.filter = filter;
  auto backend = MakeReferenceBackend();
  backend->Start();
  std::vector<CaseResult> results;
  for (const TestCase* c : SelectCases(cases, options)) {
    for (CaseResult& r : RunCase(*c, *backend, options)) results.push_back(r);
  }
  return results;
}

TEST(Runner, EveryOnnxIsInfIsNaNAndSignCasePasses) {
  const auto results = RunSuite(kOnnxNode, R"(\.test_(isinf|isnan|sign)($|_))");
  std::set<std::string> ids;
  for (const CaseResult& r : results) {
    ids.insert(r.case_id);
    EXPECT_EQ(r.status, Status::kPass) << r.case_id << ": " << r.message;
    EXPECT_FALSE(r.op.empty()) << r.case_id;
  }
  for (const char* id : {"onnx.node.test_isinf", "onnx.node.test_isinf_negative",
                         "onnx.node.test_isinf_positive", "onnx.node.test_isnan",
                         "onnx.node.test_sign"}) {
    EXPECT_TRUE(ids.contains(id)) << id;
  }
}

TEST(Runner, OtherOpsAreNotSupported) {
  const auto results = RunSuite(kOnnxNode, R"(\.test_(abs|add|softsign)$)");
  ASSERT_EQ(results.size(), 3u);
  for (const CaseResult& r : results) {
    EXPECT_EQ(r.status, Status::kNotSupported) << r.case_id;
    EXPECT_NE(r.message.find("not implemented"), std::string::npos);
  }
}

TEST(Runner, ReproduceCommandSelectsExactlyTheCase) {
  const auto results = RunSuite(kOnnxNode, R"(\.test_isinf$)");
  ASSERT_EQ(results.size(), 1u);
  EXPECT_NE(results[0].reproduce.find(R"(--filter '^onnx\.node\.test_isinf$')"),
            std::string::npos)
      << results[0].reproduce;
}

// Each malformed case gets a status other than pass, with a message naming
// the file at fault, and the run reaches the last case.
TEST(Runner, MalformedCasesAreReportedNotFatal) {
  const auto results =
      RunSuite(ONNXCTS_SOURCE_DIR "/corpora/malformed", "");
  ASSERT_GE(results.size(), 12u);
  for (const CaseResult& r : results) {
    EXPECT_NE(r.status, Status::kPass) << r.case_id;
    EXPECT_TRUE(r.message.find(".pb") != std::string::npos ||
                r.message.find("model.onnx") != std::string::npos ||
                r.message.find("test_data_set") != std::string::npos)
        << r.case_id << ": " << r.message;
  }
}

}  // namespace
}  // namespace onnxcts
