// The --worker-memory cap: a spawned command and an executed program that
// ask for more than it die, the same asks pass without it, and the
// exit is described as out of memory exactly when the cap was set and
// stderr shows a failed allocation.
#include "backends/worker_memory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "backends/child_process.h"

namespace onnxcts {
namespace {

using Io = ChildProcess::Io;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr uint64_t kCap = 256ull << 20;
constexpr std::chrono::milliseconds kGrace{2000};

// Asks for 64 MiB (within the cap), says so, then for 1 GiB (beyond it).
// bytes(n) is calloc'ed, so no page is touched either way.
const std::string kHungryCommand =
    "/usr/bin/python3 -c 'bytes(64 << 20); print(\"small ok\", flush=True); "
    "bytes(1 << 30); print(\"large ok\")'";

class WorkerMemoryTest : public ::testing::Test {
 protected:
  void TearDown() override { SetWorkerMemoryLimit(0); }

  // The lines the child writes until it closes its output.
  static std::vector<std::string> Lines(ChildProcess& child) {
    std::vector<std::string> lines;
    std::string line;
    while (child.ReadLine(line, 1000, DeadlineAfter(20)) == Io::kOk) {
      lines.push_back(line);
    }
    return lines;
  }
};

TEST_F(WorkerMemoryTest, ASpawnedCommandBeyondTheCapDiesOutOfMemory) {
  SetWorkerMemoryLimit(kCap);
  EXPECT_EQ(WorkerMemoryLimit(), kCap);
  auto child = ChildProcess::Spawn(kHungryCommand);
  EXPECT_EQ(Lines(*child), std::vector<std::string>{"small ok"});
  EXPECT_EQ(child->DescribeExit(kGrace),
            "ran out of memory under --worker-memory 256 MiB and exited with "
            "status 1");
  EXPECT_THAT(child->TakeStderr(), HasSubstr("MemoryError"));
}

TEST_F(WorkerMemoryTest, WithoutACapTheSameCommandAllocates) {
  auto child = ChildProcess::Spawn(kHungryCommand);
  EXPECT_EQ(Lines(*child), (std::vector<std::string>{"small ok", "large ok"}));
  EXPECT_EQ(child->DescribeExit(kGrace), "exited with status 0");
}

TEST_F(WorkerMemoryTest, TheCapIsSetBeforeTheCommandLineRuns) {
  SetWorkerMemoryLimit(kCap);
  auto child = ChildProcess::Spawn("ulimit -v; ulimit -H -v");
  EXPECT_EQ(Lines(*child), (std::vector<std::string>{"262144", "262144"}));
}

TEST_F(WorkerMemoryTest, ACrashWithoutAnAllocationFailureIsNotOutOfMemory) {
  SetWorkerMemoryLimit(kCap);
  auto child = ChildProcess::Spawn("echo 'fake worker: giving up' >&2; exit 3");
  EXPECT_TRUE(Lines(*child).empty());
  EXPECT_EQ(child->DescribeExit(kGrace), "exited with status 3");
}

TEST_F(WorkerMemoryTest, AnAllocationFailureWithoutACapIsOnlyACrash) {
  // Not ours to explain: the machine ran out, or the worker's own limit.
  auto child = ChildProcess::Spawn("echo MemoryError >&2; exit 1");
  EXPECT_TRUE(Lines(*child).empty());
  EXPECT_EQ(child->DescribeExit(kGrace), "exited with status 1");
}

// The same asks from a program run by Exec(), which answers on its own
// descriptor.
std::vector<std::string> HungryProgram() {
  return {"/usr/bin/python3", "-c",
          "import os; bytes(64 << 20); os.write(4, b'small ok\\n'); "
          "bytes(1 << 30); os.write(4, b'large ok\\n')"};
}

TEST_F(WorkerMemoryTest, AnExecutedProgramBeyondTheCapDiesOutOfMemory) {
  SetWorkerMemoryLimit(kCap);
  auto child = ChildProcess::Exec(HungryProgram());
  EXPECT_EQ(Lines(*child), std::vector<std::string>{"small ok"});
  EXPECT_EQ(child->DescribeExit(kGrace),
            "ran out of memory under --worker-memory 256 MiB and exited with "
            "status 1");
  EXPECT_THAT(child->TakeStderr(), HasSubstr("MemoryError"));
}

TEST_F(WorkerMemoryTest, WithoutACapTheSameProgramAllocates) {
  auto child = ChildProcess::Exec(HungryProgram());
  EXPECT_EQ(Lines(*child), (std::vector<std::string>{"small ok", "large ok"}));
  EXPECT_EQ(child->DescribeExit(kGrace), "exited with status 0");
}

TEST(ShowsOutOfMemory, KnowsTheWordsOfCommonRuntimes) {
  for (const char* text : {
           "terminate called after throwing an instance of 'std::bad_alloc'\n"
           "  what():  std::bad_alloc\n",
           "Traceback (most recent call last):\n  File \"w.py\"\nMemoryError\n",
           "FATAL ERROR: Reached heap limit Allocation failed - JavaScript "
           "heap out of memory\n",
           "# Fatal process OOM in Failed to reserve virtual memory\n",
           "memory allocation of 1073741824 bytes failed\n",
           "mmap: Cannot allocate memory\n",
           "[E:onnxruntime] Failed to allocate memory for requested buffer\n",
           "RuntimeError: CUDA error: OUT OF MEMORY\n",
       }) {
    EXPECT_TRUE(ShowsOutOfMemory(text)) << text;
  }
}

TEST(ShowsOutOfMemory, LeavesOtherFailuresAlone) {
  for (const char* text : {
           "", "fake worker: giving up\n", "Segmentation fault\n",
           "ValueError: unsupported memory layout\n",
           "allocated 5 MiB for the session\n", "zoom failed\n",
       }) {
    EXPECT_FALSE(ShowsOutOfMemory(text)) << text;
  }
}

}  // namespace
}  // namespace onnxcts
