// The runner with the reference backend on real data: Debian's copy of
// ONNX's own test data, and the checked-in suite of malformed cases.
#include "run/runner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "io/suite.h"
#include "run/reference_backend.h"

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

TEST(Runner, EveryOnnxCaseOfTheImplementedOpsPasses) {
  const auto results =
      RunSuite(kOnnxNode, R"(\.test_(isinf|isnan|sign|abs|neg)($|_))");
  std::set<std::string> ids;
  for (const CaseResult& r : results) {
    ids.insert(r.case_id);
    EXPECT_EQ(r.status, Status::kPass) << r.case_id << ": " << r.message;
    EXPECT_FALSE(r.op.empty()) << r.case_id;
  }
  for (const char* id : {"onnx.node.test_isinf", "onnx.node.test_isinf_negative",
                         "onnx.node.test_isinf_positive", "onnx.node.test_isnan",
                         "onnx.node.test_sign", "onnx.node.test_abs",
                         "onnx.node.test_neg", "onnx.node.test_neg_example"}) {
    EXPECT_TRUE(ids.contains(id)) << id;
  }
}

// Debian's ONNX 1.12 Cast tests: every numeric one passes; those of
// strings are beyond the reference, and those of bfloat16 hold its
// patterns as uint16 tensors (the data's own fault, a 1.12 bug).
TEST(Runner, OnnxCastCasesPassOrSayWhyNot) {
  const auto results = RunSuite(kOnnxNode, R"(\.test_cast_)");
  ASSERT_EQ(results.size(), 10u);
  size_t passed = 0;
  for (const CaseResult& r : results) {
    const std::string& id = r.case_id;
    if (id.find("string") != std::string::npos) {
      EXPECT_EQ(r.status, Status::kOnnxctsUnsupported) << id;
    } else if (id.find("bfloat16") != std::string::npos) {
      EXPECT_EQ(r.status, Status::kInvalidTestData) << id;
    } else {
      EXPECT_EQ(r.status, Status::kPass) << id << ": " << r.message;
      passed += r.status == Status::kPass;
    }
  }
  EXPECT_EQ(passed, 6u);
}

TEST(Runner, OtherOpsAreNotSupported) {
  const auto results = RunSuite(kOnnxNode, R"(\.test_(cos|tan|softsign)$)");
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

// The reference backend, remembering the thread that made it and noting any
// Run from another.
class OneThreadBackend : public Backend {
 public:
  explicit OneThreadBackend(std::atomic<int>& strays) : strays_(strays) {}
  BackendInfo Start() override { return inner_->Start(); }
  RunOutcome Run(const RunRequest& request) override {
    if (std::this_thread::get_id() != owner_) ++strays_;
    return inner_->Run(request);
  }

 private:
  std::unique_ptr<Backend> inner_ = MakeReferenceBackend();
  std::thread::id owner_ = std::this_thread::get_id();
  std::atomic<int>& strays_;
};

std::string Key(const CaseResult& r) {
  return r.case_id + "#" + std::to_string(r.data_set) + " " +
         std::string(StatusName(r.status)) + " " + r.message;
}

TEST(Runner, RunCasesGivesOneThreadsResultsWithABackendPerThread) {
  std::vector<TestCase> cases =
      DiscoverCases(ONNXCTS_SOURCE_DIR "/corpora/malformed");
  for (TestCase& c : DiscoverCases(kOnnxNode)) cases.push_back(std::move(c));
  RunOptions options;
  options.filter = R"(^malformed\.|\.test_(isinf|isnan|sign|abs))";
  const std::vector<const TestCase*> selected = SelectCases(cases, options);
  ASSERT_GE(selected.size(), 20u);

  std::vector<std::string> expected;
  auto single = MakeReferenceBackend();
  single->Start();
  for (const TestCase* c : selected) {
    for (const CaseResult& r : RunCase(*c, *single, options)) {
      expected.push_back(Key(r));
    }
  }
  std::atomic<int> strays{0};
  std::mutex mutex;
  std::set<int> workers;
  const BackendFor backend_for = [&](int worker) {
    const std::lock_guard lock(mutex);
    EXPECT_TRUE(workers.insert(worker).second) << "worker " << worker;
    return std::make_shared<OneThreadBackend>(strays);
  };
  std::atomic<size_t> done{0};
  RunHooks hooks;
  hooks.done = [&] { ++done; };
  const std::vector<CaseResult> results =
      RunCases(selected, 3, backend_for, options, hooks);
  std::vector<std::string> got;
  for (const CaseResult& r : results) got.push_back(Key(r));
  EXPECT_EQ(got, expected);
  EXPECT_EQ(done, selected.size());
  EXPECT_EQ(strays, 0);
  EXPECT_FALSE(workers.empty());
  EXPECT_LE(*workers.rbegin(), 2);
}

}  // namespace
}  // namespace onnxcts
