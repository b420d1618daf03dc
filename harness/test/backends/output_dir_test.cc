// The output folder of a worker's run, as a worker that swaps, links and
// replaces things in it leaves it: only regular files inside the folder the
// harness made are read, nothing blocks, and removal stays inside.
#include "backends/output_dir.h"

#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "backend_test_util.h"
#include "backends/temp_dir.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class OutputDirTest : public ::testing::Test {
 protected:
  void Write(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
  }

  // Why reading `name` fails.
  std::string Refusal(const std::string& name, uint64_t max = 1 << 20) {
    try {
      dir_.Read(name, max);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }

  TempDir temp_{"onnxcts-output-dir-test-"};
  TempDir outside_{"onnxcts-output-dir-outside-"};
  OutputDir dir_{temp_.fd(), temp_.path(), "7"};
};

TEST_F(OutputDirTest, ReadsARegularFileAndMissesAnAbsentOne) {
  EXPECT_EQ(dir_.path(), temp_.path() / "7");
  Write(dir_.path() / "output_0.pb", "bytes");
  EXPECT_EQ(dir_.Read("output_0.pb", 100), "bytes");
  EXPECT_EQ(dir_.Read("output_1.pb", 100), std::nullopt);
  EXPECT_EQ(dir_.Replaced(), "");
}

TEST_F(OutputDirTest, RefusesLinksFifosFoldersAndLargeFiles) {
  fs::create_symlink("/etc/passwd", dir_.path() / "link");
  ASSERT_EQ(mkfifo((dir_.path() / "fifo").c_str(), 0600), 0);
  fs::create_directory(dir_.path() / "folder");
  Write(dir_.path() / "big", std::string(101, 'x'));
  EXPECT_THAT(Refusal("link"), HasSubstr("symbolic link"));
  EXPECT_THAT(Refusal("fifo"), HasSubstr("a FIFO"));  // and did not block
  EXPECT_THAT(Refusal("folder"), HasSubstr("a folder"));
  EXPECT_THAT(Refusal("big", 100), HasSubstr("above the limit of 100"));
  EXPECT_EQ(Refusal("big", 101), "");
}

TEST_F(OutputDirTest, AFolderReplacedByALinkIsSeenAndNotFollowed) {
  Write(outside_.path() / "output_0.pb", "outside");
  Write(dir_.path() / "output_0.pb", "inside");
  fs::rename(dir_.path(), temp_.path() / "moved");
  fs::create_directory_symlink(outside_.path(), dir_.path());
  EXPECT_THAT(dir_.Replaced(), HasSubstr("replaced by a symbolic link"));
  // The folder the harness made is still the one read.
  EXPECT_EQ(dir_.Read("output_0.pb", 100), "inside");
}

TEST_F(OutputDirTest, AFolderReplacedByAnotherFolderIsSeen) {
  fs::rename(dir_.path(), temp_.path() / "moved");
  EXPECT_THAT(dir_.Replaced(), HasSubstr("removed or moved away"));
  fs::create_directory(dir_.path());
  EXPECT_THAT(dir_.Replaced(), HasSubstr("another folder"));
}

TEST_F(OutputDirTest, RemovalDoesNotFollowLinksOut) {
  Write(outside_.path() / "keep", "keep");
  {
    OutputDir run(temp_.fd(), temp_.path(), "8");
    fs::create_directory_symlink(outside_.path(), run.path() / "out");
    fs::create_directories(run.path() / "a" / "b");
    fs::create_symlink(outside_.path() / "keep", run.path() / "a" / "b" / "k");
  }
  EXPECT_FALSE(fs::exists(temp_.path() / "8"));
  EXPECT_TRUE(fs::exists(outside_.path() / "keep"));
}

TEST_F(OutputDirTest, AStaleEntryOfTheSameNameGivesWay) {
  fs::create_directory_symlink(outside_.path(), temp_.path() / "9");
  OutputDir run(temp_.fd(), temp_.path(), "9");
  EXPECT_EQ(run.Replaced(), "");
  EXPECT_TRUE(fs::is_directory(fs::symlink_status(run.path())));
  EXPECT_TRUE(fs::exists(outside_.path()));
}

TEST_F(OutputDirTest, OutputTensorsAreInlineOnly) {
  const Tensor y = testing::MakeTensor(DType::kBool, {2}, {1, 0});
  Write(dir_.path() / "output_0.pb", EncodeTensor(y));
  const std::optional<Tensor> read =
      ReadOutputTensor(dir_, "output_0.pb", Limits{});
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->bytes, y.bytes);
  onnx::TensorProto external = ToTensorProto(y);
  external.clear_raw_data();
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  auto* location = external.add_external_data();
  location->set_key("location");
  location->set_value("data.bin");
  Write(dir_.path() / "data.bin", std::string(2, '\1'));
  Write(dir_.path() / "output_1.pb", external.SerializeAsString());
  try {
    ReadOutputTensor(dir_, "output_1.pb", Limits{});
    FAIL() << "external data accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("external data"));
  }
}

}  // namespace
}  // namespace onnxcts
