// The command: backend against workers that attack it
// (workers/hostile_worker.py): each attack gets its status, nothing blocks,
// nothing outside the output folder is read, and no process the worker
// started outlives the backend.
//
// The races (an output swapped between a file and a FIFO or a link as the
// harness reads it) run $ONNXCTS_HOSTILE_ITERATIONS times, 20 by default;
// scripts/sanitize runs them a few hundred times.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <cstring>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "backend_test_util.h"
#include "backends/temp_dir.h"
#include "backends/worker_backend.h"
#include "core/chunk_pipe.h"
#include "io/model_io.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using OutcomeKind = RunOutcome::Kind;
using ::testing::AnyOf;
using ::testing::HasSubstr;
using testing::BitsOf;
using testing::MakeTensor;

std::string Worker(const std::string& mode) {
  return std::string("/usr/bin/python3 ") + ONNXCTS_TEST_WORKERS +
         "/hostile_worker.py " + mode;
}

int Iterations() {
  const char* set = std::getenv("ONNXCTS_HOSTILE_ITERATIONS");
  return set != nullptr && std::atoi(set) > 0 ? std::atoi(set) : 20;
}

// The processes whose environment holds `mark`.
int CountMarked(const std::string& mark) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream environ(entry.path() / "environ", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(environ)), {});
    count += text.find(mark) != std::string::npos;
  }
  return count;
}

// A count that settles at zero, as a busy machine may need a while for
// killed processes to go.
int SettledCount(const std::string& mark) {
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::seconds(30);
  int count = CountMarked(mark);
  while (count > 0 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    count = CountMarked(mark);
  }
  return count;
}

class HostileWorkerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Every process a worker starts inherits it.
    mark_ = "ONNXCTS_HOSTILE_MARK=" + std::to_string(getpid()) + "-" +
            std::to_string(std::random_device{}());
    putenv(mark_.data());
    WriteModelFile(suite_.path() / "model.onnx", model_);
  }

  void TearDown() override {
    backend_.reset();
    EXPECT_EQ(SettledCount(mark_), 0) << "processes left behind";
    unsetenv("ONNXCTS_HOSTILE_MARK");
  }

  BackendInfo Start(const std::string& mode) {
    WorkerOptions options;
    options.hello_timeout_seconds = 60;
    backend_ = MakeWorkerBackend("command:hostile", Worker(mode), options);
    return backend_->Start();
  }

  // Runs IsNaN-20 on float16 [1, 0x7E00, 0x7C00, 0x7C01].
  RunOutcome Run(double timeout = 60) {
    cases_.push_back(testing::WriteCase(suite_.path(),
                                        "c" + std::to_string(cases_.size()),
                                        {x_}));
    cases_.back().model = suite_.path() / "model.onnx";
    return backend_->Run(testing::RequestFor(cases_.back(), model_, {x_},
                                             timeout));
  }

  void ExpectRight(const RunOutcome& out) {
    ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
    ASSERT_EQ(out.outputs.size(), 1u);
    EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{0, 1, 0, 1}));
  }

  std::string mark_;
  TempDir suite_{"onnxcts-hostile-test-"};
  Model model_ =
      testing::UnaryModel("IsNaN", 20, DType::kFloat16, DType::kBool);
  Tensor x_ = MakeTensor(DType::kFloat16, {4}, {1, 0x7E00, 0x7C00, 0x7C01});
  std::deque<TestCase> cases_;
  std::unique_ptr<Backend> backend_;
};

TEST_F(HostileWorkerTest, AnHonestWorkerPasses) {
  Start("honest");
  ExpectRight(Run());
}

TEST_F(HostileWorkerTest, AnOutputSwappedWithAFifoNeverBlocks) {
  Start("fifo_swap");
  for (int i = 0; i < Iterations(); ++i) {
    const RunOutcome out = Run();
    if (out.kind == OutcomeKind::kInvalidOutput) {
      EXPECT_THAT(out.message, HasSubstr("FIFO"));
    } else {
      ExpectRight(out);
    }
  }
}

TEST_F(HostileWorkerTest, AnOutputSwappedWithALinkIsNeverFollowed) {
  // The link leads to a decoy of the right shape with every element wrong.
  Start("link_swap");
  for (int i = 0; i < Iterations(); ++i) {
    const RunOutcome out = Run();
    if (out.kind == OutcomeKind::kInvalidOutput) {
      EXPECT_THAT(out.message, HasSubstr("symbolic link"));
    } else {
      ExpectRight(out);
    }
  }
}

TEST_F(HostileWorkerTest, AnOutputFolderReplacedByALinkIsInvalidOutput) {
  // The folder linked in holds the right answer: followed, it would pass.
  Start("dir_symlink");
  const RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("replaced by a symbolic link"));
}

TEST_F(HostileWorkerTest, LinksAndFifosAsOutputsAreInvalidOutput) {
  for (const char* mode : {"link_passwd", "link_proc_mem", "fifo"}) {
    Start(mode);
    EXPECT_EQ(Run().kind, OutcomeKind::kInvalidOutput) << mode;
  }
}

TEST_F(HostileWorkerTest, AnIdNestedDeepIsAProtocolError) {
  Start("deep_id");
  const RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(out.message, HasSubstr("nests arrays or objects"));
  EXPECT_LT(out.message.size(), 400u);
}

TEST_F(HostileWorkerTest, HelloOptionsNestedDeepRefuseTheWorker) {
  try {
    Start("deep_options");
    FAIL() << "started";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("nests arrays or objects"));
  }
}

TEST_F(HostileWorkerTest, ADuplicateAnswerIsItsOwnRequestsProtocolError) {
  Start("duplicate");
  const RunOutcome first = Run();
  EXPECT_EQ(first.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(first.message, HasSubstr("request 1 more than once"));
  ExpectRight(Run());  // not charged to the next
}

TEST_F(HostileWorkerTest, ARepeatThatComesLateIsNotChargedToTheNextRequest) {
  // Its answer to each request is preceded by its answer to the one before.
  Start("late_repeat");
  ExpectRight(Run());
  const RunOutcome second = Run();
  ExpectRight(second);  // sent again, to a new worker
  EXPECT_THAT(second.stderr_tail,
              HasSubstr("the worker repeated its answer to request 1; it was "
                        "restarted and request 2 sent again"));
}

TEST_F(HostileWorkerTest, ARepeatThatComesLateHasTheNextChunkSentAgain) {
  Start("late_repeat");
  std::unique_ptr<ChunkPipe> pipe = backend_->OpenPipe();
  ASSERT_NE(pipe, nullptr);
  pipe->Reserve(8192);
  WriteModelFile(suite_.path() / "model.onnx", model_);
  std::memcpy(pipe->memory(), x_.bytes.data(), x_.bytes.size());
  const ChunkRequest request{&model_, suite_.path() / "model.onnx",
                             {{10, {4}, 0, 8}}, {{9, {4}, 4096, 4}}, 60};
  pipe->Send(request);
  const ChunkAnswer first = pipe->Receive();
  EXPECT_EQ(first.outcome.kind, OutcomeKind::kOk) << first.outcome.message;
  EXPECT_FALSE(first.resend);
  pipe->Send(request);
  EXPECT_TRUE(pipe->Receive().resend);  // not charged with the repeat
  pipe->Send(request);
  const ChunkAnswer again = pipe->Receive();
  EXPECT_EQ(again.outcome.kind, OutcomeKind::kOk) << again.outcome.message;
  EXPECT_THAT(again.outcome.stderr_tail, HasSubstr("sent again"));
}

TEST_F(HostileWorkerTest, ControlCharactersOfANameAreEscaped) {
  const BackendInfo info = Start("forged_name");
  EXPECT_EQ(info.name, "hostile\\x1b[2K\\x0d  pass 999\\x0aforged");
}

TEST_F(HostileWorkerTest, AnExitIsACrashWhileAGrandchildHoldsStdout) {
  Start("grandchild_holds_stdout");
  const RunOutcome out = Run(/*timeout=*/600);
  EXPECT_EQ(out.kind, OutcomeKind::kCrash) << out.message;
  EXPECT_THAT(out.message, HasSubstr("exited with status 3"));
}

TEST_F(HostileWorkerTest, ChildrenInSessionsOfTheirOwnEndWithTheWorker) {
  Start("setsid_child");
  for (int i = 0; i < 3; ++i) ExpectRight(Run());
  EXPECT_GE(CountMarked(mark_), 4);  // the worker and its three
  // TearDown() counts what is left once the backend is gone.
}

TEST_F(HostileWorkerTest, AWorkerIgnoringSigtermTimesOutAndGoes) {
  Start("hang");
  EXPECT_EQ(Run(0.5).kind, OutcomeKind::kTimeout);
}

}  // namespace
}  // namespace onnxcts
