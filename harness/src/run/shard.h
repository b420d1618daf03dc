// Splitting a run into N shards. `run` splits case by case, by a hash of
// the case id, so that the N shards together hold every case exactly once
// and a case stays in its shard when other cases come or go. `sweep` splits
// its slices by their place in the whole plan (HoldsSpan), so that each
// shard gets an equal share of the patterns, to within one slice.
#ifndef ONNXCTS_HARNESS_RUN_SHARD_H_
#define ONNXCTS_HARNESS_RUN_SHARD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace onnxcts {

struct Shard {
  int index = 0;
  int count = 1;

  bool Holds(std::string_view case_id) const;
  // Whether the span of `count` items starting at `first`, out of `total`,
  // is this shard's: the one whose equal share holds the span's middle.
  bool HoldsSpan(uint64_t first, uint64_t count, uint64_t total) const;
};

// ParseShard()
//
// "I/N" with 0 <= I < N; throws std::invalid_argument otherwise.
Shard ParseShard(const std::string& text);

// ShardFromEnvironment()
//
// The shard whose index JOB_COMPLETION_INDEX (a Kubernetes Indexed Job's
// pod) or else GTEST_SHARD_INDEX names, and whose count is `count` (a
// --shards option, 0 when not given) or else GTEST_TOTAL_SHARDS; none when
// neither an index nor a count is set. Throws std::invalid_argument when
// only one of them is, or either is malformed.
std::optional<Shard> ShardFromEnvironment(int count = 0);

// ChosenShard()
//
// The shard of a --shard `text`, else of the environment (with a --shards
// `count`, 0 when not given), else the whole run; throws as ParseShard()
// does, and when `text` and `count` disagree.
Shard ChosenShard(const std::string& text, int count = 0);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_SHARD_H_
