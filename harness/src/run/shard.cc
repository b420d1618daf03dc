#include "run/shard.h"

#include <cstdlib>
#include <stdexcept>

namespace onnxcts {
namespace {

// FNV-1a: stable across platforms and releases, unlike std::hash.
uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325u;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3u;
  return h;
}

int ParseCount(const std::string& text, const std::string& what) {
  size_t used = 0;
  int value = -1;
  try {
    value = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || value < 0) {
    throw std::invalid_argument(what + " '" + text + "' is not a count");
  }
  return value;
}

Shard Checked(int index, int count, const std::string& text) {
  if (count < 1 || index >= count) {
    throw std::invalid_argument("shard '" + text +
                                "' must be I/N with 0 <= I < N");
  }
  return {index, count};
}

}  // namespace

bool Shard::Holds(std::string_view case_id) const {
  return count <= 1 ||
         Fnv1a(case_id) % static_cast<uint64_t>(count) ==
             static_cast<uint64_t>(index);
}

Shard ParseShard(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) {
    throw std::invalid_argument("shard '" + text + "' must be I/N");
  }
  return Checked(ParseCount(text.substr(0, slash), "shard index"),
                 ParseCount(text.substr(slash + 1), "shard count"), text);
}

std::optional<Shard> ShardFromEnvironment() {
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  if (index == nullptr || total == nullptr) return std::nullopt;
  return ParseShard(std::string(index) + "/" + total);
}

Shard ChosenShard(const std::string& text) {
  if (!text.empty()) return ParseShard(text);
  return ShardFromEnvironment().value_or(Shard{});
}

}  // namespace onnxcts
