// Every 16-bit pattern against every other (2^32 pairs per dtype) through
// each op of two inputs, kernels against oracles, in chunks that are
// separate tests so that CTest runs them side by side and a sharded job
// can split them. Minutes of CPU: the nightly job's (label exhaustive).
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

constexpr uint64_t kChunks = 32;
constexpr uint64_t kChunkSize = (uint64_t{1} << 32) / kChunks;

class Pairs16 : public testing::TestWithParam<std::tuple<DType, uint64_t>> {};

TEST_P(Pairs16, KernelsMatchOracleOnEveryPair) {
  const auto [dtype, chunk] = GetParam();
  const DTypeInfo& t = Info(dtype);
  const std::vector<uint64_t> all = PairPatterns(t);
  ASSERT_EQ(all.size(), 65536u);
  const uint64_t first = chunk * kChunkSize;
  const Tally tally =
      VerifyPairs(t, AllVariants(), all, first, first + kChunkSize - 1);
  EXPECT_EQ(tally.patterns, kChunkSize);
  EXPECT_GE(tally.checked, tally.patterns) << "no variant ran on " << t.name;
  EXPECT_EQ(tally.mismatches, 0u);
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " 0x" << std::hex << m.input
                  << ", 0x" << m.second << ": want 0x" << m.expected
                  << ", got 0x" << m.actual;
  }
}

INSTANTIATE_TEST_SUITE_P(
    All16, Pairs16,
    testing::Combine(testing::Values(DType::kFloat16, DType::kBfloat16,
                                     DType::kInt16, DType::kUint16),
                     testing::Range(uint64_t{0}, kChunks)),
    [](const auto& info) {
      return std::string(Name(std::get<0>(info.param))) + "_chunk" +
             std::to_string(std::get<1>(info.param));
    });

}  // namespace
}  // namespace onnxcts
