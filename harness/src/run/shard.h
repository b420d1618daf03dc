// Splitting a run into N shards: case by case, by a hash of the case id, so
// that the N shards together hold every case exactly once and a case stays
// in its shard when other cases come or go.
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
};

// ParseShard()
//
// "I/N" with 0 <= I < N; throws std::invalid_argument otherwise.
Shard ParseShard(const std::string& text);

// The shard that GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS name, if set.
std::optional<Shard> ShardFromEnvironment();

// ChosenShard()
//
// The shard of a --shard `text`, else of the environment, else the whole
// run; throws as ParseShard() does.
Shard ChosenShard(const std::string& text);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_SHARD_H_
