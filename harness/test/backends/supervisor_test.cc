// A spawned worker under onnxcts_supervisor: everything it starts ends
// with it, setsid or not, and its exit is seen at once even when a process
// it started holds its pipes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "backends/child_process.h"
#include "process_probe.h"

namespace onnxcts {
namespace {

using Io = ChildProcess::Io;

// A shell command that starts a process in a session of its own (beyond
// any process group kill), prints its pid, then runs `then`.
std::string WithSetsidChild(const std::string& then) {
  return "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!; " + then;
}

pid_t FirstLineAsPid(ChildProcess& child) {
  std::string line;
  EXPECT_EQ(child.ReadLine(line, 100, DeadlineAfter(60)), Io::kOk);
  return static_cast<pid_t>(std::stol(line));
}

TEST(SupervisorTest, KillEndsProcessesThatLeftTheGroup) {
  auto child = ChildProcess::Spawn(WithSetsidChild("sleep 3600"));
  const pid_t escaped = FirstLineAsPid(*child);
  EXPECT_FALSE(Dead(escaped));
  child->Kill();
  EXPECT_TRUE(Ends(escaped));
}

TEST(SupervisorTest, AWorkerThatExitsTakesItsSessionLeaversAlong) {
  auto child = ChildProcess::Spawn(WithSetsidChild("cat >/dev/null"));
  const pid_t escaped = FirstLineAsPid(*child);
  child.reset();  // closes the worker's input: it exits
  EXPECT_TRUE(Ends(escaped));
}

TEST(SupervisorTest, AnExitIsACloseEvenWhileAGrandchildHoldsThePipes) {
  // The background sleep holds stdout and stderr open; without the
  // supervisor the harness would wait for the deadline.
  auto child = ChildProcess::Spawn("sleep 3600 & echo $!; exit 3");
  const pid_t holder = FirstLineAsPid(*child);
  std::string line;
  EXPECT_EQ(child->ReadLine(line, 100, DeadlineAfter(60)), Io::kClosed);
  EXPECT_EQ(child->DescribeExit(std::chrono::seconds(30)),
            "exited with status 3");
  EXPECT_TRUE(Ends(holder));
}

TEST(SupervisorTest, DeathBySignalIsReportedAsTheWorkersOwn) {
  auto child = ChildProcess::Spawn("exec kill -SEGV $$");
  std::string line;
  EXPECT_EQ(child->ReadLine(line, 100, DeadlineAfter(60)), Io::kClosed);
  EXPECT_THAT(child->DescribeExit(std::chrono::seconds(30)),
              ::testing::HasSubstr("killed by signal 11"));
}

TEST(SupervisorTest, TheWorkerGetsNoDescriptorOfTheSupervisor) {
  auto child = ChildProcess::Spawn("ls /proc/self/fd | tr '\\n' ' '; echo");
  std::string line;
  ASSERT_EQ(child->ReadLine(line, 100, DeadlineAfter(60)), Io::kOk);
  // 0-2, and the one ls lists with; no control pipe at 4.
  EXPECT_EQ(line, "0 1 2 3 ");
}

}  // namespace
}  // namespace onnxcts
