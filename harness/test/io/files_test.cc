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

// Past a file-size limit (EFBIG, as a full disk gives ENOSPC) the error
// names the file asked for, and no temporary or short file is left.
TEST(Files, WriteFileAtomicThatCannotFinishNamesTheFileAndLeavesNothing) {
  TempDir dir;
  WriteFileAtomic(dir / "m.onnx", "old");
  std::string message;
  {
    testing::FileSizeLimit limit(1000);
    try {
      WriteFileAtomic(dir / "m.onnx", std::string(100000, 'x'));
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
  }
  EXPECT_NE(message.find((dir / "m.onnx").string() + ": File too large"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find(".tmp."), std::string::npos) << message;
  EXPECT_EQ(testing::ReadBytes(dir / "m.onnx"), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()),
                          fs::directory_iterator()),
            1);
}

TEST(Files, WriteFilePartsWritesThePartsInOrder) {
  TempDir dir;
  WriteFileParts(dir / "x.pb", {"head", "", "er", std::string_view("\0z", 2)});
  EXPECT_EQ(testing::ReadBytes(dir / "x.pb"), std::string("header\0z", 8));
  WriteFileParts(dir / "x.pb", {"short"});  // truncates
  EXPECT_EQ(testing::ReadBytes(dir / "x.pb"), "short");
}

TEST(Files, WriteFilePartsThatCannotFinishNamesTheFileAndRemovesIt) {
  TempDir dir;
  const std::string big(5000, 'y');
  std::string message;
  {
    testing::FileSizeLimit limit(4096);
    try {
      WriteFileParts(dir / "input_0.pb", {"header", big});
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
  }
  EXPECT_EQ(message, "cannot write " + (dir / "input_0.pb").string() +
                         ": File too large");
  EXPECT_FALSE(fs::exists(dir / "input_0.pb"));
  try {
    WriteFileParts(dir / "no" / "x.pb", {"x"});
    ADD_FAILURE() << "wrote into a missing folder";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no/x.pb: No such file"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace onnxcts
