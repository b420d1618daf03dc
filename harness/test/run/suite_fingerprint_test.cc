// SuiteFingerprint() on a small generated suite: one byte of one .pb
// changes it; reading the suite again, reordering it or moving it does not.
#include "run/suite_fingerprint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "backends/temp_dir.h"
#include "generate/suite_generator.h"
#include "io/suite.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;

class SuiteFingerprintTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SuiteFilter filter;
    filter.ops = {"sign"};
    filter.dtypes = {DType::kInt8};
    filter.large = false;
    GenerateSuites(suite_, filter, 1);
    cases_ = DiscoverCases(suite_ / "conformance");
    ASSERT_GE(cases_.size(), 2u);
    ASSERT_FALSE(cases_[0].data_sets.empty());
    ASSERT_FALSE(cases_[0].data_sets[0].inputs.empty());
  }

  std::string Fingerprint() const {
    return SuiteFingerprint(DiscoverCases(suite_ / "conformance"));
  }

  TempDir dir_{"onnxcts_fingerprint_"};
  const fs::path suite_ = dir_.path() / "suite";
  std::vector<TestCase> cases_;
};

void FlipLastByte(const fs::path& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(-1, std::ios::end);
  const char byte = static_cast<char>(f.get() ^ 0x01);
  f.seekp(-1, std::ios::end);
  f.put(byte);
}

TEST_F(SuiteFingerprintTest, IsSixteenHexDigitsAndTheSameWhenNothingChanged) {
  const std::string first = SuiteFingerprint(cases_);
  EXPECT_EQ(first.size(), 16u);
  EXPECT_EQ(first.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(Fingerprint(), first);
  std::vector<TestCase> reversed(cases_.rbegin(), cases_.rend());
  EXPECT_EQ(SuiteFingerprint(reversed), first);
}

TEST_F(SuiteFingerprintTest, ChangesWithOneByteOfOnePbFile) {
  const std::string before = SuiteFingerprint(cases_);
  for (const fs::path& pb : {cases_[0].data_sets[0].inputs[0],
                             cases_.back().data_sets.back().outputs.back()}) {
    SCOPED_TRACE(pb.string());
    FlipLastByte(pb);
    EXPECT_NE(Fingerprint(), before);
    FlipLastByte(pb);
    EXPECT_EQ(Fingerprint(), before);
  }
}

TEST_F(SuiteFingerprintTest, ChangesWithTheModelAndWithTheCasesRun) {
  const std::string before = SuiteFingerprint(cases_);
  FlipLastByte(cases_[0].model);
  EXPECT_NE(Fingerprint(), before);
  FlipLastByte(cases_[0].model);
  std::vector<TestCase> fewer = cases_;
  fewer.pop_back();
  EXPECT_NE(SuiteFingerprint(fewer), before);
}

TEST_F(SuiteFingerprintTest, DoesNotDependOnWhereTheSuiteLies) {
  const std::string before = SuiteFingerprint(cases_);
  const fs::path moved = dir_.path() / "elsewhere";
  fs::rename(suite_, moved);
  EXPECT_EQ(SuiteFingerprint(DiscoverCases(moved / "conformance")), before);
}

}  // namespace
}  // namespace onnxcts
