// Every one of the 2^32 patterns of float, int32 and uint32, kernels against
// the oracle, split into chunks that are separate tests so that CTest runs
// them side by side and a sharded job can split them.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

constexpr uint64_t kChunks = 32;
constexpr uint64_t kChunkSize = (uint64_t{1} << 32) / kChunks;

class Exhaustive32
    : public testing::TestWithParam<std::tuple<DType, uint64_t>> {};

// The variants checked a class run at a time: seconds for all 2^32. Those
// checked pattern by pattern (the casts) have their own nightly sweep.
std::vector<const Variant*> ByRuns() {
  std::vector<const Variant*> kept;
  for (const Variant* v : AllVariants()) {
    if (v->on_runs != OnRuns::kByPattern) kept.push_back(v);
  }
  return kept;
}

TEST_P(Exhaustive32, KernelsMatchOracleOnEveryPattern) {
  const auto [dtype, chunk] = GetParam();
  const DTypeInfo& t = Info(dtype);
  const uint64_t first = chunk * kChunkSize;
  const uint64_t last = first + kChunkSize - 1;  // inclusive
  const Tally tally = VerifyRange(t, ByRuns(), first, last);
  EXPECT_EQ(tally.patterns, kChunkSize);
  EXPECT_EQ(tally.mismatches, 0u);
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " 0x" << std::hex << m.input
                  << ": want 0x" << m.expected << ", got 0x" << m.actual;
  }
}

INSTANTIATE_TEST_SUITE_P(
    All32, Exhaustive32,
    testing::Combine(testing::Values(DType::kFloat, DType::kInt32,
                                     DType::kUint32),
                     testing::Range(uint64_t{0}, kChunks)),
    [](const auto& info) {
      return std::string(Name(std::get<0>(info.param))) + "_chunk" +
             std::to_string(std::get<1>(info.param));
    });

}  // namespace
}  // namespace onnxcts
