// A report is never half-written: the file is either the old one or the
// whole new one, and no temporary file is left behind.
#include "report/atomic_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <system_error>

#include "report/report.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using testing::FileNames;
using testing::MakeTempDir;
using testing::ReadFile;

TEST(WriteFileAtomically, WritesAndLeavesNoTemporaryFile) {
  const auto dir = MakeTempDir();
  WriteFileAtomically(dir / "out.json", "first");
  WriteFileAtomically(dir / "out.json", "second, longer");
  EXPECT_EQ(ReadFile(dir / "out.json"), "second, longer");
  EXPECT_EQ(FileNames(dir), std::vector<std::string>{"out.json"});
  struct stat st {};
  ASSERT_EQ(stat((dir / "out.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST(WriteFileAtomically, RenameOntoAFolderFailsCleanly) {
  const auto dir = MakeTempDir();
  std::filesystem::create_directory(dir / "out.json");
  testing::WriteFile(dir / "out.json" / "inside", "kept");
  EXPECT_THROW(WriteFileAtomically(dir / "out.json", "new"), std::system_error);
  EXPECT_EQ(FileNames(dir), std::vector<std::string>{"out.json"});
  EXPECT_EQ(ReadFile(dir / "out.json" / "inside"), "kept");
}

TEST(WriteFileAtomically, MissingFolderThrows) {
  const auto dir = MakeTempDir();
  try {
    WriteFileAtomically(dir / "no" / "out.json", "x");
    FAIL() << "wrote into a missing folder";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("out.json"), std::string::npos);
  }
  EXPECT_TRUE(FileNames(dir).empty());
}

TEST(WriteFileAtomically, UnwritableFolderThrowsEvenForRoot) {
  // Not even root can create files in /proc.
  EXPECT_THROW(WriteFileAtomically("/proc/onnxcts_report_test.json", "x"),
               std::system_error);
  EXPECT_FALSE(std::filesystem::exists("/proc/onnxcts_report_test.json"));
}

TEST(WriteFileAtomically, UnwritableFolderKeepsTheOldReport) {
  if (geteuid() == 0) GTEST_SKIP() << "root ignores folder permissions";
  const auto dir = MakeTempDir();
  WriteFileAtomically(dir / "out.json", "old");
  ASSERT_EQ(chmod(dir.c_str(), 0555), 0);
  EXPECT_THROW(WriteFileAtomically(dir / "out.json", "new"), std::system_error);
  chmod(dir.c_str(), 0755);
  EXPECT_EQ(ReadFile(dir / "out.json"), "old");
  EXPECT_EQ(FileNames(dir), std::vector<std::string>{"out.json"});
}

// A write that fails half way (here: past the file size limit) must leave
// the old report whole, not the first bytes of the new one.
TEST(WriteFileAtomically, FailedWriteKeepsTheOldReport) {
  const auto dir = MakeTempDir();
  WriteFileAtomically(dir / "out.json", "old report");
  struct rlimit saved {};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  struct rlimit small = saved;
  small.rlim_cur = 1000;
  auto old_handler = signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message;
  try {
    WriteFileAtomically(dir / "out.json", std::string(100000, 'x'));
  } catch (const std::system_error& e) {
    message = e.what();
  }
  setrlimit(RLIMIT_FSIZE, &saved);
  signal(SIGXFSZ, old_handler);
  EXPECT_EQ(message,
            "cannot write " + (dir / "out.json").string() + ": File too large");
  EXPECT_EQ(ReadFile(dir / "out.json"), "old report");
  EXPECT_EQ(FileNames(dir), std::vector<std::string>{"out.json"});
}

TEST(WriteReport, FailureLeavesNoPartialReport) {
  const auto dir = MakeTempDir();
  std::filesystem::create_directory(dir / "r.json");
  EXPECT_THROW(WriteReport(dir / "r.json", testing::SampleReport()),
               std::system_error);
  EXPECT_EQ(FileNames(dir), std::vector<std::string>{"r.json"});
  EXPECT_TRUE(std::filesystem::is_directory(dir / "r.json"));
}

}  // namespace
}  // namespace onnxcts
