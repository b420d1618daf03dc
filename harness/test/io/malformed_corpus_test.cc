// corpora/malformed: every case is broken exactly where its case.json says,
// and the generator reproduces the checked-in files byte for byte.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/model_io.h"
#include "io/suite.h"
#include "io/tensor_io.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using testing::ReadBytes;

const fs::path kCorpus = testing::kSourceDir / "corpora/malformed";

// Reads `file` of a case as what it is; the InputError's field if it throws,
// nullopt if it reads.
std::optional<std::string> ReadError(const TestCase& c, const fs::path& file) {
  try {
    if (file.filename() == "model.onnx") {
      ReadModelFile(file, c.suite_root);
    } else {
      ReadTensorFile(file, c.suite_root);
    }
    return std::nullopt;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file.string());
    return e.field();
  }
}

TEST(MalformedCorpus, EveryCaseIsBrokenWhereItsCaseJsonSays) {
  const std::vector<TestCase> cases = DiscoverCases(kCorpus);
  ASSERT_GE(cases.size(), 20u);
  for (const TestCase& c : cases) {
    SCOPED_TRACE(c.id);
    EXPECT_EQ(c.id, "malformed." + c.dir.filename().string());
    EXPECT_FALSE(c.description.empty());
    const auto json = nlohmann::json::parse(ReadBytes(c.dir / "case.json"));
    const auto& broken = json.at("broken");
    const std::string how = broken.at("detected_by");
    const fs::path where = c.dir / broken.at("file").get<std::string>();
    ASSERT_EQ(c.data_sets.size(), 1u);
    const DataSet& set = c.data_sets[0];
    EXPECT_EQ(set.layout_problem.empty(), how != "layout")
        << set.layout_problem;
    std::vector<fs::path> files = {c.model};
    files.insert(files.end(), set.inputs.begin(), set.inputs.end());
    files.insert(files.end(), set.outputs.begin(), set.outputs.end());
    for (const fs::path& file : files) {
      const auto error = ReadError(c, file);
      if (how == "io" && file == where) {
        EXPECT_EQ(error, broken.at("field").get<std::string>()) << file;
      } else {
        EXPECT_EQ(error, std::nullopt) << file << " should read";
      }
    }
    if (how == "runner") {
      // The file reads, but its dtype contradicts the model's input.
      const Model m = ReadModelFile(c.model, c.suite_root);
      const Tensor t = ReadTensorFile(where, c.suite_root);
      EXPECT_NE(static_cast<int32_t>(t.dtype), m.inputs[0].elem_type);
    }
  }
}

TEST(MalformedCorpus, GeneratorReproducesTheCheckedInFiles) {
  testing::TempDir out;
  ASSERT_EQ(testing::Shell("'" + testing::kPython.string() + "' '" +
                           (kCorpus / "make_malformed.py").string() + "' '" +
                           out.path().string() + "'"),
            0);
  size_t compared = 0;
  for (const auto& e : fs::recursive_directory_iterator(out.path())) {
    if (!e.is_regular_file()) continue;
    const fs::path rel = e.path().lexically_relative(out.path());
    SCOPED_TRACE(rel.string());
    ASSERT_TRUE(fs::exists(kCorpus / rel)) << "not checked in";
    EXPECT_EQ(ReadBytes(e.path()), ReadBytes(kCorpus / rel));
    ++compared;
  }
  // Every checked-in file but the generator itself and the README.
  size_t checked_in = 0;
  for (const auto& e : fs::recursive_directory_iterator(kCorpus)) {
    checked_in += e.is_regular_file();
  }
  EXPECT_EQ(compared + 2, checked_in);
}

}  // namespace
}  // namespace onnxcts
