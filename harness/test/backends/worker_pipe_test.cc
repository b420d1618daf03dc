// Protocol 2 through the command: backend's pipe, against a worker that
// misbehaves on demand (workers/fake_memory_worker.py): tensors in shared
// memory, requests in flight two at a time, and every failure ending the
// requests behind it while the next request still gets a worker.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

#include "backend_test_util.h"
#include "backends/temp_dir.h"
#include "backends/worker_backend.h"
#include "core/chunk_pipe.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using testing::UnaryModel;

const std::string kWorker = std::string("/usr/bin/python3 ") +
                            ONNXCTS_TEST_WORKERS + "/fake_memory_worker.py";
const std::string kOldWorker =
    std::string("/usr/bin/python3 ") + ONNXCTS_TEST_WORKERS + "/fake_worker.py";
constexpr size_t kSlot = 4096;

class WorkerPipeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WorkerOptions options;
    options.hello_timeout_seconds = 5;
    backend_ = MakeWorkerBackend("command:fake", kWorker, options);
    backend_->Start();
    pipe_ = backend_->OpenPipe();
    ASSERT_NE(pipe_, nullptr);
    pipe_->Reserve(4 * kSlot);
  }

  // A request of `mode` whose input is the 4 floats `first`, first + 1, ...
  // at slot `k`, its output at slot k + 1.
  ChunkRequest Request(const std::string& mode, int k, uint32_t first,
                       double timeout = 5) {
    const std::filesystem::path dir = root_.path() / mode;
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "model.onnx") << "unread";
    uint32_t values[4] = {first, first + 1, first + 2, first + 3};
    std::memcpy(pipe_->memory() + k * kSlot, values, sizeof values);
    std::memset(pipe_->memory() + (k + 1) * kSlot, 0xAB, 16);
    const Slot in{1, {4}, k * kSlot, 16}, out{1, {4}, (k + 1) * kSlot, 16};
    return {&model_, dir / "model.onnx", {in}, {out}, timeout};
  }

  uint32_t OutputAt(int k, int i) {
    uint32_t v;
    std::memcpy(&v, pipe_->memory() + (k + 1) * kSlot + 4 * i, 4);
    return v;
  }

  void ExpectCopied(int k, uint32_t first) {
    const ChunkAnswer answer = pipe_->Receive();
    ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk) << answer.outcome.message;
    ASSERT_EQ(answer.outputs.size(), 1u);
    EXPECT_EQ(answer.outputs[0].dtype, 1);
    EXPECT_EQ(answer.outputs[0].dims, std::vector<int64_t>{4});
    ASSERT_TRUE(answer.times.has_value());
    EXPECT_DOUBLE_EQ(answer.times->write, 0.003);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(OutputAt(k, i), first + i);
  }

  TempDir root_{"onnxcts-pipe-test-"};
  Model model_ = UnaryModel("Identity", 13, DType::kFloat, DType::kFloat);
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<ChunkPipe> pipe_;
};

TEST_F(WorkerPipeTest, TwoRequestsInFlightAreAnsweredInOrder) {
  EXPECT_EQ(pipe_->depth(), 2);
  pipe_->Send(Request("copy", 0, 100));
  pipe_->Send(Request("copy", 2, 200));
  EXPECT_EQ(pipe_->in_flight(), 2);
  ExpectCopied(0, 100);
  ExpectCopied(2, 200);
  EXPECT_EQ(pipe_->in_flight(), 0);
}

TEST_F(WorkerPipeTest, GrownMemoryIsMappedAgainByTheWorker) {
  pipe_->Send(Request("copy", 0, 1));
  ExpectCopied(0, 1);
  pipe_->Reserve(64 * kSlot);
  pipe_->Send(Request("copy", 60, 7));
  ExpectCopied(60, 7);
}

TEST_F(WorkerPipeTest, ACrashDropsTheRequestBehindItAndTheWorkerComesBack) {
  pipe_->Send(Request("crash", 0, 1));
  pipe_->Send(Request("copy", 2, 5));
  const ChunkAnswer crash = pipe_->Receive();
  EXPECT_EQ(crash.outcome.kind, OutcomeKind::kCrash);
  EXPECT_NE(crash.outcome.message.find("exited with status 3"),
            std::string::npos)
      << crash.outcome.message;
  EXPECT_EQ(pipe_->in_flight(), 0);
  pipe_->Send(Request("copy", 2, 9));
  ExpectCopied(2, 9);
}

TEST_F(WorkerPipeTest, AHangIsATimeout) {
  pipe_->Send(Request("hang", 0, 1, 0.5));
  EXPECT_EQ(pipe_->Receive().outcome.kind, OutcomeKind::kTimeout);
  pipe_->Send(Request("copy", 0, 3));
  ExpectCopied(0, 3);
}

TEST_F(WorkerPipeTest, AnOkWithoutOutputsOrNotJsonIsAProtocolError) {
  for (const char* mode : {"no_outputs", "garbage"}) {
    pipe_->Send(Request(mode, 0, 1));
    const ChunkAnswer answer = pipe_->Receive();
    EXPECT_EQ(answer.outcome.kind, OutcomeKind::kProtocolError) << mode;
  }
  pipe_->Send(Request("copy", 0, 4));
  ExpectCopied(0, 4);
}

TEST_F(WorkerPipeTest, AnOutputTooBigForItsSlotIsReportedNotWritten) {
  pipe_->Send(Request("too_big", 0, 1));
  const ChunkAnswer answer = pipe_->Receive();
  ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk);
  EXPECT_EQ(answer.outputs.at(0).dims, std::vector<int64_t>{8});
  EXPECT_EQ(OutputAt(0, 0), 0xABABABABu);
}

TEST_F(WorkerPipeTest, RefusalsKeepTheirMessage) {
  pipe_->Send(Request("not_supported", 0, 1));
  const ChunkAnswer answer = pipe_->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kNotSupported);
  EXPECT_EQ(answer.outcome.message, "not_supported");
}

TEST(WorkerPipe, AWorkerOfProtocolOneHasNoPipe) {
  std::unique_ptr<Backend> old = MakeWorkerBackend("command:old", kOldWorker);
  old->Start();
  EXPECT_EQ(old->OpenPipe(), nullptr);
}

}  // namespace
}  // namespace onnxcts
