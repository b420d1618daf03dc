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

bool Shard::HoldsSpan(uint64_t first, uint64_t count, uint64_t total) const {
  if (this->count <= 1 || total == 0) return true;
  // Pattern counts reach 2^64 / N before this overflows 64 bits.
  __extension__ using Wide = unsigned __int128;
  const Wide middle = Wide{first} + count / 2;
  return static_cast<int>(middle * static_cast<unsigned>(this->count) /
                          total) == index;
}

Shard ParseShard(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) {
    throw std::invalid_argument("shard '" + text + "' must be I/N");
  }
  return Checked(ParseCount(text.substr(0, slash), "shard index"),
                 ParseCount(text.substr(slash + 1), "shard count"), text);
}

std::optional<Shard> ShardFromEnvironment(int count) {
  const char* index = std::getenv("JOB_COMPLETION_INDEX");
  const char* index_from = "JOB_COMPLETION_INDEX";
  if (index == nullptr) {
    index = std::getenv("GTEST_SHARD_INDEX");
    index_from = "GTEST_SHARD_INDEX";
  }
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  const std::string count_text =
      count > 0 ? std::to_string(count) : total ? total : "";
  if (index == nullptr && count_text.empty()) return std::nullopt;
  if (index == nullptr) {
    throw std::invalid_argument(
        "a shard count is given (--shards or GTEST_TOTAL_SHARDS) but no "
        "shard index (JOB_COMPLETION_INDEX or GTEST_SHARD_INDEX)");
  }
  if (count_text.empty()) {
    throw std::invalid_argument(
        std::string(index_from) + "=" + index +
        " is set but no shard count: give --shards N (or GTEST_TOTAL_SHARDS)");
  }
  return ParseShard(std::string(index) + "/" + count_text);
}

Shard ChosenShard(const std::string& text, int count) {
  if (text.empty()) return ShardFromEnvironment(count).value_or(Shard{});
  const Shard shard = ParseShard(text);
  if (count > 0 && count != shard.count) {
    throw std::invalid_argument("--shard " + text + " and --shards " +
                                std::to_string(count) + " disagree");
  }
  return shard;
}

}  // namespace onnxcts
