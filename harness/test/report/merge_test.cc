// merge: shards join into the report an unsharded run would have written.
#include "report/merge.h"

#include <gtest/gtest.h>

#include "report/json_compare.h"
#include "report/summary.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using nlohmann::json;
using testing::Result;

// Twelve results over three cells, in the order a run would list them.
Report Unsharded() {
  Report r = testing::EmptyReport();
  const Status statuses[] = {Status::kPass, Status::kFail, Status::kDeviation,
                             Status::kNotSupported};
  for (int i = 0; i < 12; ++i) {
    const std::string id = "onnxcts.sign.v13.case" + std::to_string(i / 2);
    r.results.push_back(
        Result(id, i % 2, statuses[i % 4], "sign", 9 + i % 3, "int8"));
  }
  return r;
}

// Shard `index` of `count`: every count-th result, a later start, another
// host; results in reverse order, as a shard need not sort them.
Report Shard(const Report& whole, int index, int count) {
  Report shard = whole;
  shard.shard = {index, count};
  shard.host = "host" + std::to_string(index);
  shard.started = whole.started + std::chrono::seconds(index);
  shard.ended = whole.ended + std::chrono::seconds(10 * index);
  shard.results.clear();
  for (size_t i = 0; i < whole.results.size(); ++i) {
    if (static_cast<int>(i) % count == index) {
      shard.results.insert(shard.results.begin(), whole.results[i]);
    }
  }
  return shard;
}

json ResultsJson(const std::vector<CaseResult>& results) {
  json j = json::array();
  for (const CaseResult& r : results) j.push_back(ToJson(r));
  return j;
}

TEST(MergeReports, TwoShardsEqualTheUnshardedRun) {
  const Report whole = Unsharded();
  const Report merged =
      MergeReports({Shard(whole, 1, 2), Shard(whole, 0, 2)}, {"b", "a"});
  // The unsharded run lists its results sorted already.
  EXPECT_FALSE(
      FirstDifference(ResultsJson(whole.results), ResultsJson(merged.results)));
  EXPECT_EQ(ToJson(Summarize(merged.results, merged.policy)),
            ToJson(Summarize(whole.results, whole.policy)));
  EXPECT_EQ(ToJson(merged)["summary"], ToJson(whole)["summary"]);
  EXPECT_EQ(merged.shard.index, 0);
  EXPECT_EQ(merged.shard.count, 1);
  EXPECT_EQ(merged.started, whole.started);                         // shard 0's
  EXPECT_EQ(merged.ended, whole.ended + std::chrono::seconds(10));  // 1's
  EXPECT_EQ(merged.host, "host1, host0");
  EXPECT_EQ(testing::SchemaViolation(ToJson(merged)), "");
}

TEST(MergeReports, SortsByCaseIdThenDataSet) {
  Report whole = Unsharded();
  const Report merged =
      MergeReports({Shard(whole, 0, 3), Shard(whole, 2, 3), Shard(whole, 1, 3)},
                   {"a", "c", "b"});
  ASSERT_EQ(merged.results.size(), 12u);
  EXPECT_EQ(merged.results[0].case_id, "onnxcts.sign.v13.case0");
  EXPECT_EQ(merged.results[0].data_set, 0);
  EXPECT_EQ(merged.results[1].case_id, "onnxcts.sign.v13.case0");
  EXPECT_EQ(merged.results[1].data_set, 1);
  EXPECT_EQ(merged.results[11].case_id, "onnxcts.sign.v13.case5");
}

void ExpectRefused(const std::vector<Report>& reports, const char* text) {
  try {
    MergeReports(reports, {"one.json", "two.json"});
    FAIL() << "merged";
  } catch (const MergeError& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

TEST(MergeReports, RefusesDifferentBackends) {
  const Report whole = Unsharded();
  Report other = Shard(whole, 1, 2);
  other.backend.version = "1.1";
  ExpectRefused({Shard(whole, 0, 2), other},
                "one.json and two.json have different backends: fake 1.0 "
                "(command:fake) vs fake 1.1 (command:fake)");
  other = Shard(whole, 1, 2);
  other.backend.spec = "command:other";
  ExpectRefused({Shard(whole, 0, 2), other}, "different backends");
}

TEST(MergeReports, RefusesDifferentPoliciesSuitesAndFilters) {
  const Report whole = Unsharded();
  Report other = Shard(whole, 1, 2);
  other.policy = Policy::kStrict;
  ExpectRefused({Shard(whole, 0, 2), other},
                "different policies: spec vs strict");
  other = Shard(whole, 1, 2);
  other.suites = {"onnxcts/other"};
  ExpectRefused({Shard(whole, 0, 2), other}, "different suites");
  other = Shard(whole, 1, 2);
  other.filter = "isinf";
  ExpectRefused({Shard(whole, 0, 2), other}, "different filters");
}

TEST(MergeReports, RefusesOverlaps) {
  const Report whole = Unsharded();
  Report other = Shard(whole, 1, 2);
  other.results.push_back(whole.results[0]);  // shard 0's
  ExpectRefused({Shard(whole, 0, 2), other},
                "one.json and two.json both hold case onnxcts.sign.v13.case0 "
                "data set 0");
}

TEST(MergeReports, RefusesIncompleteOrRepeatedShards) {
  const Report whole = Unsharded();
  ExpectRefused({Shard(whole, 0, 3), Shard(whole, 1, 3)},
                "shard 2/3 is missing");
  ExpectRefused({Shard(whole, 1, 2), Shard(whole, 1, 2)}, "both shard 1/2");
  ExpectRefused({Shard(whole, 0, 2), Shard(whole, 1, 3)},
                "different shard counts");
}

}  // namespace
}  // namespace onnxcts
