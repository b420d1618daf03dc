// The command: backend against a worker that misbehaves on demand
// (workers/fake_worker.py): every misbehaviour gets its outcome kind, and
// the next run on the same backend still works.
#include "backends/worker_backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <regex>
#include <thread>

#include "backend_test_util.h"
#include "process_probe.h"
#include "backends/temp_dir.h"
#include "backends/worker_memory.h"
#include "io/model_io.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using testing::BitsOf;
using ::testing::HasSubstr;
using testing::MakeTensor;
using testing::RequestFor;
using testing::UnaryModel;
using testing::WriteCase;

const std::string kFakeWorker =
    std::string("/usr/bin/python3 ") + ONNXCTS_TEST_WORKERS + "/fake_worker.py";

class WorkerBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WorkerOptions options;
    options.hello_timeout_seconds = 5;
    backend_ = MakeWorkerBackend("command:fake", kFakeWorker, options);
    info_ = backend_->Start();
  }

  // Runs the behaviour `mode` of the fake worker on a float input.
  RunOutcome RunMode(const std::string& mode, double timeout = 5) {
    const Tensor x = MakeTensor(DType::kFloat, {3}, {0x3F800000, 0, 1});
    cases_.push_back(WriteCase(suite_.path(), mode, {x}));
    return backend_->Run(RequestFor(cases_.back(), model_, {x}, timeout));
  }

  // The next run after a failure: the worker must be back.
  void ExpectRecovered() {
    const RunOutcome next = RunMode("copy");
    ASSERT_EQ(next.kind, OutcomeKind::kOk) << next.message;
    ASSERT_EQ(next.outputs.size(), 1u);
    EXPECT_EQ(BitsOf(next.outputs[0]),
              (std::vector<uint64_t>{0x3F800000, 0, 1}));
  }

  TempDir suite_{"onnxcts-worker-test-"};
  Model model_ = UnaryModel("Identity", 13, DType::kFloat, DType::kFloat);
  std::deque<TestCase> cases_;  // runs point into them
  std::unique_ptr<Backend> backend_;
  BackendInfo info_;
};

TEST_F(WorkerBackendTest, HelloNamesTheBackend) {
  EXPECT_EQ(info_.spec, "command:fake");
  EXPECT_EQ(info_.name, "fake");
  EXPECT_EQ(info_.version, "1.2.3");
}

TEST_F(WorkerBackendTest, OkAnswerReturnsTheOutputsAsWritten) {
  ExpectRecovered();
  ExpectRecovered();  // the same worker, a second request
}

TEST_F(WorkerBackendTest, OutputOfAnotherShapeAndDtypeIsReturnedAsRead) {
  // The model promises float [3]; the worker hands back int8 [2, 2]. The
  // runner judges that; the backend must hand it over untouched.
  const Tensor x = MakeTensor(DType::kInt8, {2, 2}, {1, 0x80, 0x7F, 0xFF});
  cases_.push_back(WriteCase(suite_.path(), "copy", {x}));
  const RunOutcome out =
      backend_->Run(RequestFor(cases_.back(), model_, {x}, 5));
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  ASSERT_EQ(out.outputs.size(), 1u);
  EXPECT_EQ(out.outputs[0].dtype, DType::kInt8);
  EXPECT_EQ(out.outputs[0].dims, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(BitsOf(out.outputs[0]),
            (std::vector<uint64_t>{1, 0x80, 0x7F, 0xFF}));
}

TEST_F(WorkerBackendTest, AdapterStepsAreKept) {
  const RunOutcome out = RunMode("adapter");
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(out.adapter_steps,
            (std::vector<std::string>{"inlined x", "widened y to float"}));
}

TEST_F(WorkerBackendTest, MustRejectCheckSendsLoadOnly) {
  cases_.push_back(WriteCase(suite_.path(), "load_only", {}));
  RunRequest request = RequestFor(cases_.back(), model_, {}, 5);
  request.data_set = nullptr;
  const RunOutcome out = backend_->Run(request);
  EXPECT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_TRUE(out.outputs.empty());
}

TEST_F(WorkerBackendTest, NotSupportedAndErrorKeepTheirMessages) {
  RunOutcome out = RunMode("not_supported");
  EXPECT_EQ(out.kind, OutcomeKind::kNotSupported);
  EXPECT_EQ(out.message, "no float8 here");
  ExpectRecovered();
  out = RunMode("error");
  EXPECT_EQ(out.kind, OutcomeKind::kError);
  EXPECT_EQ(out.message, "model refused");
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, WorkerExitingMidRunIsACrash) {
  const RunOutcome out = RunMode("crash");
  EXPECT_EQ(out.kind, OutcomeKind::kCrash);
  EXPECT_THAT(out.message, HasSubstr("exited with status 3"));
  EXPECT_THAT(out.stderr_tail, HasSubstr("fake worker: giving up"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, WorkerKilledBySignalIsACrash) {
  const RunOutcome out = RunMode("segfault");
  EXPECT_EQ(out.kind, OutcomeKind::kCrash);
  EXPECT_THAT(out.message, HasSubstr("signal 11"));  // via sh
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, HangIsATimeoutAndTheWorkerRestarts) {
  const auto start = std::chrono::steady_clock::now();
  const RunOutcome out = RunMode("hang", 0.3);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_EQ(out.kind, OutcomeKind::kTimeout);
  EXPECT_THAT(out.message, HasSubstr("0.3 s"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, TimeoutKillsTheWorkersChildrenToo) {
  const RunOutcome out = RunMode("hang_with_child", 1.0);
  ASSERT_EQ(out.kind, OutcomeKind::kTimeout);
  std::smatch match;
  ASSERT_TRUE(std::regex_search(out.stderr_tail, match,
                                std::regex("grandchild (\\d+)")))
      << out.stderr_tail;
  const pid_t grandchild = std::stoi(match[1]);
  EXPECT_TRUE(Ends(grandchild));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, GarbageOnStdoutIsAProtocolError) {
  const RunOutcome out = RunMode("garbage");
  EXPECT_EQ(out.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(out.message, HasSubstr("this is not JSON"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, AnswerWithTheWrongIdIsAProtocolError) {
  const RunOutcome out = RunMode("wrong_id");
  EXPECT_EQ(out.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(out.message, HasSubstr("answer has id"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, AnswerWithoutStatusIsAProtocolError) {
  const RunOutcome out = RunMode("no_status");
  EXPECT_EQ(out.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(out.message, HasSubstr("status"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, OverlongAnswerLineIsAProtocolError) {
  const RunOutcome out = RunMode("long_line");
  EXPECT_EQ(out.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(out.message, HasSubstr("longer than"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, ASecondAnswerIsNeverChargedToTheNextRun) {
  ExpectRecovered();
  // Two writes: the second answer is there with the first (the protocol
  // error of this request) or comes later (the worker is replaced before
  // the next request, which the note in its stderr tail tells).
  const RunOutcome first = RunMode("two_answers");
  if (first.kind == OutcomeKind::kProtocolError) {
    EXPECT_THAT(first.message, HasSubstr("request 2 more than once"));
  } else {
    EXPECT_EQ(first.kind, OutcomeKind::kOk) << first.message;
  }
  const RunOutcome second = RunMode("copy");
  EXPECT_EQ(second.kind, OutcomeKind::kOk) << second.message;
  if (first.kind == OutcomeKind::kOk) {
    EXPECT_THAT(second.stderr_tail,
                HasSubstr("after its answer to request 2 the worker wrote a "
                          "second one, and was restarted"));
  }
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, UnreadableOutputIsInvalidOutputNamingTheFile) {
  const RunOutcome out = RunMode("unreadable");
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("output_0.pb"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, MissingOutputIsInvalidOutputNamingTheFile) {
  const RunOutcome out = RunMode("missing");
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("output_0.pb"));
  ExpectRecovered();
}

TEST_F(WorkerBackendTest, StderrIsDrainedAndOnlyItsTailKept) {
  // 200 KiB of stderr would fill the pipe and block a worker whose stderr
  // nobody reads.
  const RunOutcome out = RunMode("stderr_flood");
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_LE(out.stderr_tail.size(), 4096u);
  EXPECT_THAT(out.stderr_tail, HasSubstr("flood line 1999"));
  EXPECT_TRUE(out.stderr_tail.ends_with("END OF FLOOD\n"));
}

TEST_F(WorkerBackendTest, OutputFoldersAreFreshPrivateAndRemoved) {
  const RunOutcome out = RunMode("copy");
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  std::smatch match;
  ASSERT_TRUE(std::regex_search(out.stderr_tail, match,
                                std::regex("output_dir (\\S+)")))
      << out.stderr_tail;
  const std::filesystem::path dir = match[1].str();
  EXPECT_FALSE(std::filesystem::exists(dir));  // removed after the run
  const std::filesystem::path temp = dir.parent_path();
  EXPECT_EQ(
      std::filesystem::status(temp).permissions() & std::filesystem::perms::all,
      std::filesystem::perms::owner_all);
  backend_.reset();
  EXPECT_FALSE(std::filesystem::exists(temp));  // removed with the backend
}

// The same worker started under a --worker-memory cap of 256 MiB.
class CappedWorkerBackendTest : public WorkerBackendTest {
 protected:
  void SetUp() override {
    SetWorkerMemoryLimit(256ull << 20);
    WorkerBackendTest::SetUp();
  }
  void TearDown() override { SetWorkerMemoryLimit(0); }
};

TEST_F(CappedWorkerBackendTest, WorkerBeyondTheCapIsACrashForOutOfMemory) {
  const RunOutcome out = RunMode("eat_memory");
  EXPECT_EQ(out.kind, OutcomeKind::kCrash) << out.message;
  EXPECT_EQ(out.message,
            "worker ran out of memory under --worker-memory 256 MiB and "
            "exited with status 1 during request 1");
  EXPECT_THAT(out.stderr_tail, HasSubstr("MemoryError"));
  ExpectRecovered();  // restarted, under the cap again
  EXPECT_EQ(RunMode("eat_memory").kind, OutcomeKind::kCrash);
}

TEST_F(WorkerBackendTest, WithoutACapTheSameRequestIsAnswered) {
  const RunOutcome out = RunMode("eat_memory");
  EXPECT_EQ(out.kind, OutcomeKind::kError);
  EXPECT_EQ(out.message, "got 1073741824 bytes: no cap?");
}

std::string StartError(const std::string& cmdline, double hello_timeout = 5) {
  WorkerOptions options;
  options.hello_timeout_seconds = hello_timeout;
  auto backend = MakeWorkerBackend("command:x", cmdline, options);
  try {
    backend->Start();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(WorkerStartTest, WorkerThatExitsIsRefused) {
  EXPECT_THAT(StartError("echo oops >&2; exit 4"),
              HasSubstr("exited with status 4"));
  EXPECT_THAT(StartError("echo oops >&2; exit 4"), HasSubstr("oops"));
}

TEST(WorkerStartTest, WorkerThatAnswersGarbageIsRefused) {
  EXPECT_THAT(StartError("echo hello there; cat"), HasSubstr("not JSON"));
}

TEST(WorkerStartTest, WorkerOfAnotherProtocolIsRefused) {
  EXPECT_THAT(
      StartError(
          R"(echo '{"protocol":3,"name":"n","version":"v"}'; cat >/dev/null)"),
      HasSubstr("protocol"));
}

TEST(WorkerStartTest, WorkerWithoutNameIsRefused) {
  EXPECT_THAT(StartError(R"(echo '{"protocol":1,"version":"v"}'; cat)"),
              HasSubstr("name"));
}

TEST(WorkerStartTest, SilentWorkerTimesOut) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THAT(StartError("sleep 30", 0.3), HasSubstr("within 0.3 s"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

TEST(WorkerStartTest, OrtCommandHonoursTheEnvironment) {
  const char* before = std::getenv("ONNXCTS_ORT_WORKER");
  const std::string saved = before == nullptr ? "" : before;
  ASSERT_EQ(setenv("ONNXCTS_ORT_WORKER", "my-worker --flag", 1), 0);
  EXPECT_EQ(OrtWorkerCommand(), "my-worker --flag");
  // The worker beside the program (share/onnxcts, core/data_dir.h), which
  // in the build tree is the source tree's file.
  ASSERT_EQ(setenv("ONNXCTS_ORT_WORKER", "", 1), 0);
  const std::string cmd = OrtWorkerCommand();
  ASSERT_THAT(cmd, ::testing::StartsWith("node '"));
  const std::string path = cmd.substr(6, cmd.size() - 7);
  EXPECT_THAT(path, ::testing::EndsWith("/share/onnxcts/workers/ort/worker.js"));
  EXPECT_TRUE(std::filesystem::equivalent(
      path, std::string(ONNXCTS_SOURCE_DIR) + "/harness/workers/ort/worker.js"));
  EXPECT_EQ(OrtWorkerCommand("web"), cmd + " --runtime 'web'");
  setenv("ONNXCTS_ORT_WORKER", saved.c_str(), 1);
}

// The real thing, when scripts/setup has installed onnxruntime-node.
TEST(OrtBackendTest, RunsIsNaNThroughOnnxRuntime) {
  const char* custom = std::getenv("ONNXCTS_ORT_WORKER");
  const bool installed =
      (custom != nullptr && *custom != '\0') ||
      std::filesystem::exists(std::filesystem::path(ONNXCTS_SOURCE_DIR) /
                              "harness/workers/ort/node_modules");
  if (!installed || std::system("command -v node >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "node or onnxruntime-node missing (run scripts/setup)";
  }
  TempDir suite("onnxcts-ort-test-");
  const Tensor x =
      MakeTensor(DType::kFloat, {4}, {0x7FC00000, 0, 0xFF800001, 0x3F800000});
  const TestCase test_case = WriteCase(suite.path(), "isnan", {x});
  const Model model = UnaryModel("IsNaN", 13, DType::kFloat, DType::kBool);
  WriteModelFile(test_case.model, model);
  auto backend = MakeWorkerBackend("ort", OrtWorkerCommand());
  const BackendInfo info = backend->Start();
  EXPECT_EQ(info.spec, "ort");
  EXPECT_EQ(info.name, "onnxruntime");
  EXPECT_FALSE(info.version.empty());
  const RunOutcome out = backend->Run(RequestFor(test_case, model, {x}, 30));
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message << out.stderr_tail;
  ASSERT_EQ(out.outputs.size(), 1u);
  EXPECT_EQ(out.outputs[0].dtype, DType::kBool);
  EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{1, 0, 1, 0}));
}

}  // namespace
}  // namespace onnxcts
