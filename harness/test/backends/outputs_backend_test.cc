// The outputs: backend over folders laid out by hand: outputs found where
// the suite's layout says, and every bad folder an outcome, not a crash.
#include "backends/outputs_backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "backend_test_util.h"
#include "backends/temp_dir.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using OutcomeKind = RunOutcome::Kind;
using testing::BitsOf;
using ::testing::HasSubstr;
using testing::MakeTensor;
using testing::RequestFor;
using testing::UnaryModel;
using testing::WriteCase;

void WriteText(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

class OutputsBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test_case_ = WriteCase(suite_.path(), "ops/isnan", {x_});
    test_case_.data_sets[0].index = 2;
  }

  RunOutcome Run() {
    auto backend = MakeOutputsBackend("outputs:" + outputs_.path().string(),
                                      outputs_.path());
    info_ = backend->Start();
    return backend->Run(RequestFor(test_case_, model_, {x_}, 1));
  }

  fs::path OutputFile() const {
    return outputs_.path() / "ops/isnan/test_data_set_2/output_0.pb";
  }

  TempDir suite_{"onnxcts-outputs-suite-"};
  TempDir outputs_{"onnxcts-outputs-dir-"};
  TempDir elsewhere_{"onnxcts-outputs-elsewhere-"};
  Tensor x_ = MakeTensor(DType::kFloat, {2}, {0x7FC00000, 0});
  Tensor y_ = MakeTensor(DType::kBool, {2}, {1, 0});
  Model model_ = UnaryModel("IsNaN", 13, DType::kFloat, DType::kBool);
  TestCase test_case_;
  BackendInfo info_;
};

TEST_F(OutputsBackendTest, ReadsTheMirroredOutput) {
  fs::create_directories(OutputFile().parent_path());
  WriteTensorFile(OutputFile(), y_);
  const RunOutcome out = Run();
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  ASSERT_EQ(out.outputs.size(), 1u);
  EXPECT_EQ(out.outputs[0].dtype, DType::kBool);
  EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{1, 0}));
  EXPECT_EQ(info_.name, "outputs");
  EXPECT_EQ(info_.version, "");
}

TEST_F(OutputsBackendTest, MissingOutputNamesTheFile) {
  const RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("test_data_set_2/output_0.pb"));
}

TEST_F(OutputsBackendTest, UnreadableOutputNamesTheFile) {
  WriteText(OutputFile(), "\xff\xff\xff not a tensor");
  const RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("output_0.pb"));
}

TEST_F(OutputsBackendTest, SymlinkOutOfTheFolderIsRefused) {
  WriteTensorFile(elsewhere_.path() / "y.pb", y_);
  fs::create_directories(OutputFile().parent_path());
  fs::create_symlink(elsewhere_.path() / "y.pb", OutputFile());
  const RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("output_0.pb"));
}

TEST_F(OutputsBackendTest, BackendJsonNamesTheBackend) {
  WriteText(outputs_.path() / "backend.json",
            R"({"name": "acme-npu", "version": "4.2"})");
  Run();
  EXPECT_EQ(info_.name, "acme-npu");
  EXPECT_EQ(info_.version, "4.2");
}

TEST_F(OutputsBackendTest, MalformedBackendJsonStopsTheStart) {
  WriteText(outputs_.path() / "backend.json", R"({"name": 7})");
  auto backend = MakeOutputsBackend("outputs:x", outputs_.path());
  EXPECT_THROW(backend->Start(), std::runtime_error);
}

TEST_F(OutputsBackendTest, MissingFolderStopsTheStart) {
  auto backend = MakeOutputsBackend("outputs:x", outputs_.path() / "nope");
  EXPECT_THROW(backend->Start(), std::runtime_error);
}

TEST_F(OutputsBackendTest, StatusFileRecordsARefusal) {
  WriteText(outputs_.path() / "ops/isnan/status.json",
            R"({"status": "not_supported", "message": "no IsNaN-13"})");
  RunOutcome out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kNotSupported);
  EXPECT_EQ(out.message, "no IsNaN-13");
  WriteText(outputs_.path() / "ops/isnan/status.json",
            R"({"status": "error", "message": "bad model"})");
  out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kError);
  WriteText(outputs_.path() / "ops/isnan/status.json", R"({"status": "fine"})");
  out = Run();
  EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(out.message, HasSubstr("status.json"));
}

TEST_F(OutputsBackendTest, MustRejectCheckRanUnlessRefused) {
  auto backend = MakeOutputsBackend("outputs:x", outputs_.path());
  backend->Start();
  RunRequest request = RequestFor(test_case_, model_, {}, 1);
  request.data_set = nullptr;
  EXPECT_EQ(backend->Run(request).kind,
            OutcomeKind::kInvalidOutput);  // no folder
  fs::create_directories(outputs_.path() / "ops/isnan");
  EXPECT_EQ(backend->Run(request).kind, OutcomeKind::kOk);
  WriteText(outputs_.path() / "ops/isnan/status.json",
            R"({"status": "error", "message": "refused"})");
  EXPECT_EQ(backend->Run(request).kind, OutcomeKind::kError);
}

TEST_F(OutputsBackendTest, CaseOutsideItsSuiteIsAnError) {
  test_case_.dir = suite_.path() / "../escape";
  EXPECT_EQ(Run().kind, OutcomeKind::kError);
}

}  // namespace
}  // namespace onnxcts
