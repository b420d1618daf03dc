// ChildProcess::Exec(): what the executed program finds open, and a program
// that cannot run.
#include "backends/child_process.h"

#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace onnxcts {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> Answers(ChildProcess& child) {
  std::vector<std::string> lines;
  std::string line;
  while (child.ReadLine(line, 1000, DeadlineAfter(20)) ==
         ChildProcess::Io::kOk) {
    lines.push_back(line);
  }
  return lines;
}

// Lists its open descriptors on the answer descriptor, and what fd 5 holds.
const char kListFds[] =
    "import os\n"
    "fds = sorted(int(f) for f in os.listdir('/proc/self/fd'))\n"
    "os.write(4, (' '.join(map(str, fds)) + '\\n').encode())\n"
    "os.write(4, os.pread(5, 5, 0) + b'\\n')\n";

TEST(ChildProcessExec, TheProgramFindsItsPipesAndMemoryAndNothingElse) {
  // A descriptor of the harness's own, not close-on-exec, that must not leak.
  const int stray = open("/dev/null", O_RDONLY);
  ASSERT_GE(stray, 0);
  char name[] = "/tmp/onnxcts-exec-XXXXXX";
  const int shared = mkstemp(name);
  ASSERT_GE(shared, 0);
  unlink(name);
  ASSERT_EQ(write(shared, "bytes", 5), 5);
  auto child = ChildProcess::Exec({"/usr/bin/python3", "-c", kListFds}, shared);
  // 0-2, the pipes at 3 and 4, the memory at 5, and the listing's own.
  const std::vector<std::string> lines = Answers(*child);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "0 1 2 3 4 5 6");
  EXPECT_EQ(lines[1], "bytes");
  EXPECT_EQ(child->DescribeExit(std::chrono::milliseconds(2000)),
            "exited with status 0");
  close(shared);
  close(stray);
}

TEST(ChildProcessExec, AProgramThatCannotRunThrowsWithTheReason) {
  try {
    ChildProcess::Exec({"/nonexistent/onnxcts-program"});
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot run /nonexistent/onnxcts-program"));
    EXPECT_THAT(e.what(), HasSubstr("No such file or directory"));
  }
}

}  // namespace
}  // namespace onnxcts
