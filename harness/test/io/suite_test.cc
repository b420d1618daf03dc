#include "io/suite.h"

#include <gtest/gtest.h>

#include "io_test_util.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;
using testing::WriteBytes;

// A case folder with one data set per entry of `sets`, each holding the
// named files (contents do not matter to discovery).
void MakeCase(const fs::path& dir,
              const std::vector<std::vector<std::string>>& sets = {
                  {"input_0.pb", "output_0.pb"}}) {
  WriteBytes(dir / "model.onnx", "m");
  for (size_t n = 0; n < sets.size(); ++n) {
    fs::create_directories(dir / ("test_data_set_" + std::to_string(n)));
    for (const std::string& f : sets[n]) {
      WriteBytes(dir / ("test_data_set_" + std::to_string(n)) / f, "t");
    }
  }
}

std::vector<std::string> Ids(const std::vector<TestCase>& cases) {
  std::vector<std::string> ids;
  for (const TestCase& c : cases) ids.push_back(c.id);
  return ids;
}

TEST(Suite, UnreadableRootsThrowNamingThePath) {
  TempDir dir;
  const auto expect_throw = [](const fs::path& root) {
    try {
      DiscoverCases(root);
      ADD_FAILURE() << "no error for " << root;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(root.string()), std::string::npos)
          << e.what();
    }
  };
  expect_throw(dir / "missing");
  WriteBytes(dir / "file", "x");
  expect_throw(dir / "file");
}

TEST(Suite, NestedCasesGetDottedLowercaseIdsSortedById) {
  TempDir tmp;
  const fs::path root = tmp / "My-Suite";
  MakeCase(root / "b/Case_Two");
  MakeCase(root / "a/case one");
  MakeCase(root / "a/deeper/c3");
  WriteBytes(root / "a/notes.txt", "not a case");
  const auto cases = DiscoverCases(root);
  EXPECT_EQ(Ids(cases), (std::vector<std::string>{"my_suite.a.case_one",
                                                  "my_suite.a.deeper.c3",
                                                  "my_suite.b.case_two"}));
  EXPECT_EQ(cases[0].dir, root / "a/case one");
  EXPECT_EQ(cases[0].model, root / "a/case one/model.onnx");
  EXPECT_EQ(cases[0].suite_root, root);
  EXPECT_EQ(Ids(DiscoverCases(root)), Ids(cases));  // deterministic
}

TEST(Suite, SuiteJsonSetsThePrefix) {
  TempDir tmp;
  MakeCase(tmp / "x/case");
  WriteBytes(tmp / "suite.json", R"({"id_prefix": "vendor.extra"})");
  EXPECT_EQ(Ids(DiscoverCases(tmp.path())),
            std::vector<std::string>{"vendor.extra.x.case"});
  WriteBytes(tmp / "suite.json", R"({"id_prefix": "Not An Id"})");
  testing::ExpectInputError([&] { DiscoverCases(tmp.path()); }, "id_prefix");
  WriteBytes(tmp / "suite.json", R"({"id_prefix": )");
  testing::ExpectInputError([&] { DiscoverCases(tmp.path()); }, "");
}

TEST(Suite, CaseJsonGivesIdDescriptionAndMustReject) {
  TempDir tmp;
  MakeCase(tmp / "suite/plain");
  MakeCase(tmp / "suite/special", {});
  WriteBytes(tmp / "suite/special/case.json",
             R"({"id": "onnxcts.isinf.v10.float16", "description": "d",
                 "expect": "reject", "op": "IsInf"})");
  const auto cases = DiscoverCases(tmp / "suite");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].id, "onnxcts.isinf.v10.float16");
  EXPECT_EQ(cases[0].description, "d");
  EXPECT_TRUE(cases[0].must_reject);
  EXPECT_TRUE(cases[0].data_sets.empty());
  EXPECT_EQ(cases[1].id, "suite.plain");
  EXPECT_FALSE(cases[1].must_reject);

  WriteBytes(tmp / "suite/special/case.json", R"({"expect": "maybe"})");
  testing::ExpectInputError([&] { DiscoverCases(tmp / "suite"); }, "expect");
  WriteBytes(tmp / "suite/special/case.json", R"({"id": "Bad Id"})");
  testing::ExpectInputError([&] { DiscoverCases(tmp / "suite"); }, "id");
  WriteBytes(tmp / "suite/special/case.json", R"({"id": "suite.plain"})");
  EXPECT_THROW(DiscoverCases(tmp / "suite"), std::runtime_error);
}

TEST(Suite, ACaseFolderIsASuiteOfOne) {
  TempDir tmp;
  MakeCase(tmp / "Lonely");
  const auto cases = DiscoverCases(tmp / "Lonely");
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].id, "lonely");
  EXPECT_EQ(cases[0].suite_root, tmp / "Lonely");
}

TEST(Suite, OnnxTestDataIdsDoNotDependOnTheRootGiven) {
  TempDir tmp;
  const fs::path data = tmp / "usr/share/libonnx-testdata/data";
  MakeCase(data / "node/test_isinf");
  MakeCase(data / "simple/test_Expand_1");
  for (const fs::path& root : {data, data / "node", data / "node/test_isinf"}) {
    const auto cases = DiscoverCases(root);
    ASSERT_FALSE(cases.empty());
    EXPECT_EQ(cases[0].id, "onnx.node.test_isinf") << root;
  }
  EXPECT_EQ(Ids(DiscoverCases(data)),
            (std::vector<std::string>{"onnx.node.test_isinf",
                                      "onnx.simple.test_expand_1"}));
  const fs::path upstream = tmp / "site-packages/onnx/backend/test/data";
  MakeCase(upstream / "pytorch-converted/test_Conv1d");
  EXPECT_EQ(Ids(DiscoverCases(upstream / "pytorch-converted")),
            std::vector<std::string>{"onnx.pytorch_converted.test_conv1d"});
}

TEST(Suite, AWheelsCopyOfOnnxTestDataCarriesItsVersion) {
  TempDir tmp;
  const fs::path site = tmp / "venv/lib/python3.11/site-packages";
  const fs::path node = site / "onnx/backend/test/data/node";
  MakeCase(node / "test_isinf");
  fs::create_directories(site / "onnx-1.22.0.dist-info");
  EXPECT_EQ(Ids(DiscoverCases(node)),
            std::vector<std::string>{"onnx_1_22.node.test_isinf"});
  EXPECT_EQ(DefaultSuiteLabel(node), "onnx-1.22/node");
  const fs::path debian = tmp / "usr/share/libonnx-testdata/data/node";
  MakeCase(debian / "test_isinf");
  EXPECT_EQ(DefaultSuiteLabel(debian), "onnx/node");
}

TEST(Suite, SuiteArgumentsTakeALabelOrGetOne) {
  TempDir tmp;
  MakeCase(tmp / "mine/case_a");
  WriteBytes(tmp / "mine/suite.json", R"({"label": "team/suite"})");
  MakeCase(tmp / "plain/case_b");
  const SuiteArg labelled =
      ParseSuiteArg("debian-1.12/node=" + (tmp / "plain").string());
  EXPECT_EQ(labelled.label, "debian-1.12/node");
  EXPECT_EQ(labelled.dir, tmp / "plain");
  EXPECT_EQ(ParseSuiteArg((tmp / "mine").string()).label, "team/suite");
  EXPECT_EQ(ParseSuiteArg((tmp / "plain").string()).label, "plain");
  // A path is never taken for a label, even with '=' in it.
  fs::create_directories(tmp / "a=b");
  MakeCase(tmp / "a=b/case_c");
  const SuiteArg path = ParseSuiteArg((tmp / "a=b").string());
  EXPECT_EQ(path.dir, tmp / "a=b");
  EXPECT_EQ(path.label, "a=b");
}

TEST(Suite, DataSetsAreSortedNumericallyWithTheirFiles) {
  TempDir tmp;
  MakeCase(tmp / "c", {});
  for (int n : {10, 2, 0}) {
    const fs::path set = tmp / ("c/test_data_set_" + std::to_string(n));
    for (const char* f :
         {"input_1.pb", "input_0.pb", "output_0.pb", "input_10.pb",
          "input_2.pb", "input_3.pb", "input_4.pb", "input_5.pb", "input_6.pb",
          "input_7.pb", "input_8.pb", "input_9.pb"}) {
      WriteBytes(set / f, "t");
    }
  }
  fs::create_directories(tmp / "c/test_data_set_x");  // not a data set
  const auto cases = DiscoverCases(tmp / "c");
  ASSERT_EQ(cases.size(), 1u);
  const auto& sets = cases[0].data_sets;
  ASSERT_EQ(sets.size(), 3u);
  EXPECT_EQ(sets[0].index, 0);
  EXPECT_EQ(sets[1].index, 2);
  EXPECT_EQ(sets[2].index, 10);
  EXPECT_EQ(sets[2].dir, tmp / "c/test_data_set_10");
  ASSERT_EQ(sets[1].inputs.size(), 11u);
  for (size_t k = 0; k < 11; ++k) {
    EXPECT_EQ(sets[1].inputs[k].filename(),
              "input_" + std::to_string(k) + ".pb");
  }
  EXPECT_EQ(sets[1].outputs,
            std::vector<fs::path>{tmp / "c/test_data_set_2/output_0.pb"});
  EXPECT_EQ(sets[1].layout_problem, "");
}

// The layout_problem of a one-data-set case holding `files`.
std::string ProblemOf(const std::vector<std::string>& files) {
  TempDir tmp;
  MakeCase(tmp / "c", {files});
  return DiscoverCases(tmp / "c").at(0).data_sets.at(0).layout_problem;
}

TEST(Suite, BrokenLayoutsAreReportedPerDataSet) {
  EXPECT_EQ(ProblemOf({"input_0.pb", "input_1.pb", "output_0.pb"}), "");
  EXPECT_EQ(ProblemOf({"output_0.pb"}), "");  // a model without inputs
  const struct {
    std::vector<std::string> files;
    const char* mentions;
  } broken[] = {
      {{"input_0.pb", "input_2.pb", "output_0.pb"}, "input_1.pb is missing"},
      {{"input_1.pb", "output_0.pb"}, "input_0.pb is missing"},
      {{"input_0.pb", "output_1.pb"}, "output_0.pb is missing"},
      {{"input_0.pb"}, "no output_K.pb"},
      {{"input_a.pb", "output_0.pb"}, "input_a.pb"},
      {{"input_01.pb", "output_0.pb"}, "input_01.pb"},
      {{"input_0.pb", "input_0.txt", "output_0.pb"}, "input_0.txt"},
      {{"input_0.pb", "output_0.pb", "README"}, "stray entry README"},
  };
  for (const auto& b : broken) {
    const std::string problem = ProblemOf(b.files);
    EXPECT_NE(problem.find(b.mentions), std::string::npos)
        << "\"" << problem << "\" lacks \"" << b.mentions << "\"";
  }
}

TEST(Suite, SymlinkedFoldersAreNotEntered) {
  TempDir suite;
  TempDir outside;
  MakeCase(outside / "escaped");
  MakeCase(suite / "inside");
  fs::create_directory_symlink(outside / "escaped", suite / "link_out");
  fs::create_directory_symlink(outside.path(), suite / "dir_out");
  fs::create_directory_symlink(suite / "inside", suite / "link_in");
  fs::create_directory_symlink(outside / "escaped/test_data_set_0",
                               suite / "inside/test_data_set_1");
  const auto cases = DiscoverCases(suite.path());
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].dir, suite / "inside");
  EXPECT_EQ(cases[0].data_sets.size(), 1u);
}

TEST(Suite, DescriptionFilesMayNotLeaveTheSuite) {
  TempDir suite;
  TempDir outside;
  MakeCase(suite / "c");
  WriteBytes(outside / "case.json", R"({"id": "stolen"})");
  fs::create_symlink(outside / "case.json", suite / "c/case.json");
  testing::ExpectInputError([&] { DiscoverCases(suite.path()); }, "");
  fs::remove(suite / "c/case.json");
  fs::create_symlink(outside / "case.json", suite / "suite.json");
  testing::ExpectInputError([&] { DiscoverCases(suite.path()); }, "");
}

}  // namespace
}  // namespace onnxcts
