// 64-bit dtypes: every exponent with both signs and its mantissa edges,
// every integer edge, and random interiors, kernels against the oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "onnxcts/oracle.h"
#include "onnxcts/patterns.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

class WideSample : public testing::TestWithParam<DType> {};

TEST_P(WideSample, KernelsMatchOracleOnStrata) {
  const DTypeInfo& t = Info(GetParam());
  const std::vector<uint64_t> patterns = StratifiedPatterns(t, 20261129, 64);
  const Tally tally = VerifyPatterns(t, AllVariants(), patterns);
  EXPECT_EQ(tally.patterns, patterns.size());
  EXPECT_EQ(tally.mismatches, 0u);
}

INSTANTIATE_TEST_SUITE_P(Wide, WideSample,
                         testing::Values(DType::kDouble, DType::kInt64,
                                         DType::kUint64));

// The strata really reach every class boundary of double.
TEST(WideSample, DoubleStrataCoverEveryClassAndExponent) {
  const DTypeInfo& t = Info(DType::kDouble);
  const std::vector<uint64_t> patterns = StratifiedPatterns(t, 1, 1);
  std::set<uint64_t> exponents;
  std::set<std::string> classes;
  for (uint64_t p : patterns) {
    exponents.insert(oracle::Decode(t, p).exponent);
    classes.insert(oracle::ClassName(t, p));
  }
  EXPECT_EQ(exponents.size(), 2048u);
  EXPECT_EQ(classes.size(), 12u);  // six classes, each with both signs
}

TEST(WideSample, IntegerStrataHoldTheEdges) {
  const DTypeInfo& t = Info(DType::kInt64);
  const std::vector<uint64_t> p = StratifiedPatterns(t, 1, 1);
  for (uint64_t edge : {uint64_t{0}, uint64_t{1}, ~uint64_t{0},
                        uint64_t{1} << 63, (uint64_t{1} << 63) - 1}) {
    EXPECT_TRUE(std::ranges::binary_search(p, edge)) << edge;
  }
}

}  // namespace
}  // namespace onnxcts
