// The free-space check a sweep makes before it starts: a real folder's free
// space as df(1) sees it, a need beyond it refused naming the folder, and a
// small one let through.
#include "io/free_space.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "io_test_util.h"

namespace onnxcts {
namespace {

using testing::TempDir;

// df's "Avail" of `dir` in bytes, an oracle apart from statvfs.
uint64_t DfAvailable(const std::filesystem::path& dir) {
  const std::string command = "df -B1 --output=avail '" + dir.string() + "'";
  FILE* df = popen(command.c_str(), "r");
  if (df == nullptr) throw std::runtime_error("popen df");
  char header[64] = {};
  unsigned long long avail = 0;
  const bool read = fgets(header, sizeof header, df) != nullptr &&
                    fscanf(df, "%llu", &avail) == 1;
  pclose(df);
  if (!read) throw std::runtime_error("unreadable df output");
  return avail;
}

TEST(FreeSpace, FreeBytesIsWhatDfSees) {
  TempDir dir;
  const uint64_t ours = FreeBytes(dir.path());
  const uint64_t df = DfAvailable(dir.path());
  // Others write to the same disk between the two looks.
  const uint64_t drift = 256ull << 20;
  EXPECT_LE(ours, df + drift);
  EXPECT_GE(ours + drift, df);
}

TEST(FreeSpace, ANeedBeyondTheFreeSpaceIsRefusedNamingTheFolder) {
  TempDir dir;
  try {
    CheckFreeSpace(dir.path(), UINT64_MAX, "the sweep's scratch files");
    FAIL() << "no disk has 16 EiB free";
  } catch (const std::runtime_error& e) {
    const std::string text = e.what();
    EXPECT_EQ(text.rfind("not enough space in " + dir.path().string() +
                             " for the sweep's scratch files: it needs "
                             "16777215.9 TiB, ",
                         0),
              0u)
        << text;
    EXPECT_TRUE(text.ends_with(" free")) << text;
  }
}

TEST(FreeSpace, ASmallNeedPasses) {
  TempDir dir;
  EXPECT_NO_THROW(CheckFreeSpace(dir.path(), 0, "nothing"));
  EXPECT_NO_THROW(CheckFreeSpace(dir.path(), 4096, "one page"));
}

TEST(FreeSpace, AMissingFolderIsAnErrorNamingIt) {
  TempDir dir;
  try {
    CheckFreeSpace(dir / "missing", 1, "x");
    FAIL() << "a missing folder has no free space to tell";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find((dir / "missing").string()),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace onnxcts
