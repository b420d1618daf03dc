#include "io/files.h"

#include <gtest/gtest.h>

#include "io_test_util.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using testing::ExpectInputError;
using testing::TempDir;

TEST(Files, IsWithinComparesWholeComponents) {
  EXPECT_TRUE(IsWithin("/s/a/b.pb", "/s"));
  EXPECT_TRUE(IsWithin("/s", "/s"));
  EXPECT_FALSE(IsWithin("/s2/a.pb", "/s"));
  EXPECT_FALSE(IsWithin("/etc/passwd", "/s"));
  EXPECT_FALSE(IsWithin("/", "/s"));
  EXPECT_TRUE(IsWithin("/etc/passwd", "/"));
}

TEST(Files, RootForFallsBackToTheFilesFolder) {
  EXPECT_EQ(RootFor("/s/a/b.pb", "/s"), fs::path("/s"));
  EXPECT_EQ(RootFor("/s/a/b.pb", ""), fs::path("/s/a"));
  EXPECT_EQ(RootFor("b.pb", ""), fs::path("."));
}

TEST(Files, ConfinedPathResolvesAndConfines) {
  TempDir suite;
  TempDir outside;
  testing::WriteBytes(suite / "a/f.pb", "x");
  testing::WriteBytes(outside / "g.pb", "y");
  EXPECT_EQ(ConfinedPath(suite / "a/../a/f.pb", suite.path(), "m", "k"),
            suite / "a/f.pb");
  fs::create_symlink(outside / "g.pb", suite / "a/out.pb");
  ExpectInputError(
      [&] { ConfinedPath(suite / "a/out.pb", suite.path(), "m", "k"); }, "k");
  ExpectInputError(
      [&] { ConfinedPath(suite / "../x", suite.path(), "m", "k"); }, "k");
  ExpectInputError(
      [&] { ConfinedPath(suite / "a/none", suite.path(), "m", "k"); }, "k");
  ExpectInputError([&] { ConfinedPath(suite / "a", suite.path(), "m", "k"); },
                   "k");
  // weakly_canonical alone gave "a/out.pb" back for this, unfollowed, since
  // "missing" does not exist; open() would fail on it, and the check must
  // not let it through to the link.
  ExpectInputError(
      [&] {
        ConfinedPath(suite / "a/missing/../out.pb", suite.path(), "m", "k");
      },
      "k");
  // A root given through a symlink still admits what lies inside it.
  fs::create_directory_symlink(suite.path(), outside / "alias");
  EXPECT_EQ(ConfinedPath(outside / "alias/a/f.pb", outside / "alias", "m", "k"),
            suite / "a/f.pb");
}

TEST(Files, ReadFileBoundedRefusesLargeAndSpecialFiles) {
  TempDir dir;
  testing::WriteBytes(dir / "f", "12345");
  EXPECT_EQ(ReadFileBounded(dir / "f", 5), "12345");
  ExpectInputError([&] { ReadFileBounded(dir / "f", 4); }, "");
  ExpectInputError([&] { ReadFileBounded(dir / "none", 4); }, "");
  ExpectInputError([&] { ReadFileBounded(dir.path(), 4); }, "");
  ExpectInputError([&] { ReadFileBounded("/dev/zero", 4); }, "");
  EXPECT_EQ(ReadFileRange(dir / "f", 1, 3, "f", ""), "234");
  ExpectInputError([&] { ReadFileRange(dir / "f", 3, 3, "f", "z"); }, "z");
}

TEST(Files, WriteFileAtomicReplacesWholeFiles) {
  TempDir dir;
  WriteFileAtomic(dir / "r.json", "first");
  WriteFileAtomic(dir / "r.json", "second");
  EXPECT_EQ(testing::ReadBytes(dir / "r.json"), "second");
  EXPECT_EQ(fs::status(dir / "r.json").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write |
                fs::perms::group_read | fs::perms::others_read);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()),
                          fs::directory_iterator()),
            1);
  EXPECT_THROW(WriteFileAtomic(dir / "none/r.json", "x"), std::runtime_error);
}

}  // namespace
}  // namespace onnxcts
