#include "run/shard.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <string>

namespace onnxcts {
namespace {

TEST(Shard, ShardsHoldEveryCaseExactlyOnce) {
  for (int n : {1, 2, 3, 7}) {
    int counts[7] = {};
    for (int c = 0; c < 1000; ++c) {
      const std::string id = "onnxcts.case" + std::to_string(c);
      int holders = 0;
      for (int i = 0; i < n; ++i) {
        if (Shard{i, n}.Holds(id)) {
          ++holders;
          ++counts[i];
        }
      }
      EXPECT_EQ(holders, 1) << id;
    }
    for (int i = 0; i < n; ++i) EXPECT_GT(counts[i], 1000 / n / 2);
  }
}

TEST(Shard, ParsesAndRejects) {
  EXPECT_EQ(ParseShard("1/2").index, 1);
  EXPECT_EQ(ParseShard("1/2").count, 2);
  for (const char* bad : {"2/2", "-1/2", "1", "a/2", "1/0", "1/2x"}) {
    EXPECT_THROW(ParseShard(bad), std::invalid_argument) << bad;
  }
}

TEST(Shard, ReadsGtestVariables) {
  setenv("GTEST_SHARD_INDEX", "1", 1);
  setenv("GTEST_TOTAL_SHARDS", "3", 1);
  const auto shard = ShardFromEnvironment();
  unsetenv("GTEST_SHARD_INDEX");
  unsetenv("GTEST_TOTAL_SHARDS");
  ASSERT_TRUE(shard.has_value());
  EXPECT_EQ(shard->index, 1);
  EXPECT_EQ(shard->count, 3);
  EXPECT_FALSE(ShardFromEnvironment().has_value());
}

TEST(Shard, FlagBeforeEnvironmentBeforeWholeRun) {
  EXPECT_EQ(ChosenShard("").count, 1);
  setenv("GTEST_SHARD_INDEX", "2", 1);
  setenv("GTEST_TOTAL_SHARDS", "5", 1);
  const Shard from_env = ChosenShard("");
  const Shard from_flag = ChosenShard("0/4");
  unsetenv("GTEST_SHARD_INDEX");
  unsetenv("GTEST_TOTAL_SHARDS");
  EXPECT_EQ(from_env.index, 2);
  EXPECT_EQ(from_env.count, 5);
  EXPECT_EQ(from_flag.index, 0);
  EXPECT_EQ(from_flag.count, 4);
  EXPECT_THROW(ChosenShard("4/4"), std::invalid_argument);
}

TEST(Shard, SpansSplitEvenlyToWithinOneSpan) {
  // 16 slices of 2^28 over 16 shards: one each; 5 over 3: 2, 2, 1 or so.
  for (auto [spans, n] : {std::pair{16, 16}, std::pair{5, 3},
                          std::pair{1, 16}, std::pair{40, 7}}) {
    const uint64_t size = uint64_t{1} << 28;
    const uint64_t total = size * spans;
    int held[16] = {};
    for (int s = 0; s < spans; ++s) {
      int holders = 0;
      for (int i = 0; i < n; ++i) {
        if (Shard{i, n}.HoldsSpan(s * size, size, total)) {
          ++holders;
          ++held[i];
        }
      }
      EXPECT_EQ(holders, 1) << "span " << s << " of " << spans;
    }
    const auto [low, high] = std::minmax_element(held, held + n);
    EXPECT_LE(*high - *low, 1) << spans << " spans over " << n;
  }
}

TEST(Shard, ReadsJobCompletionIndexWithACount) {
  setenv("JOB_COMPLETION_INDEX", "3", 1);
  const Shard shard = ChosenShard("", 16);
  EXPECT_THROW(ChosenShard(""), std::invalid_argument);  // no count
  unsetenv("JOB_COMPLETION_INDEX");
  EXPECT_EQ(shard.index, 3);
  EXPECT_EQ(shard.count, 16);
  EXPECT_THROW(ChosenShard("", 16), std::invalid_argument);  // no index
  EXPECT_THROW(ChosenShard("1/4", 16), std::invalid_argument);
  EXPECT_EQ(ChosenShard("1/4", 4).index, 1);
}

}  // namespace
}  // namespace onnxcts
