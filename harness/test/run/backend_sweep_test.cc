// `onnxcts sweep --backend`: the plan of slices and shards, and sweeps
// through the reference and through the defective plugin, whose known
// defects must come out as exactly the mismatches they are.
#include "run/backend_sweep.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "names.h"
#include "onnxcts/oracle.h"

namespace onnxcts {
namespace {

const std::string kDefective =
    std::string("plugin:") + ONNXCTS_DEFECTIVE_PLUGIN + "?inprocess";

SuiteFilter Filter(std::vector<std::string> ops,
                   std::vector<std::string> dtypes, std::vector<int> opsets) {
  return ParseSuiteFilter(ops, dtypes, opsets);
}

std::vector<CaseResult> Sweep(const std::string& spec, const SuiteFilter& f,
                              const std::string& id_filter,
                              uint64_t chunk = uint64_t{1} << 22) {
  std::shared_ptr<Backend> first = MakeBackend(spec);
  first->Start();
  BackendSweepOptions options;
  options.backend_spec = spec;
  options.threads = 2;
  options.chunk = chunk;
  return SweepBackend(PlanSweep(f, id_filter, {}),
                      PerThreadBackends(std::move(first), spec), options);
}

TEST(PlanSweep, CutsEveryFloatPatternIntoSixteenSlices) {
  const auto plan = PlanSweep(Filter({"IsNaN"}, {"float"}, {20}), "", {});
  ASSERT_EQ(plan.size(), 16u);
  uint64_t next = 0;
  for (size_t i = 0; i < plan.size(); ++i) {
    EXPECT_EQ(plan[i].id, "sweep.isnan.v20.float");
    EXPECT_EQ(plan[i].index, static_cast<int>(i));
    EXPECT_EQ(plan[i].first, next);
    next += plan[i].count;
  }
  EXPECT_EQ(next, uint64_t{1} << 32);
}

TEST(PlanSweep, ShardsHoldEverySliceExactlyOnce) {
  const SuiteFilter f = Filter({}, {"float", "float16", "int64"}, {});
  std::set<std::pair<std::string, int>> all;
  for (const SweepSlice& s : PlanSweep(f, "", {})) all.insert({s.id, s.index});
  std::set<std::pair<std::string, int>> seen;
  for (int i = 0; i < 3; ++i) {
    for (const SweepSlice& s : PlanSweep(f, "", {i, 3})) {
      EXPECT_TRUE(seen.insert({s.id, s.index}).second) << s.id;
    }
  }
  EXPECT_EQ(seen, all);
  EXPECT_GT(all.size(), 16u);
}

TEST(PlanSweep, SixteenShardsOfOneFloatCaseGetASixteenthEach) {
  const SuiteFilter f = Filter({"IsNaN"}, {"float"}, {20});
  for (int i = 0; i < 16; ++i) {
    uint64_t patterns = 0;
    for (const SweepSlice& s : PlanSweep(f, "", {i, 16})) patterns += s.count;
    EXPECT_EQ(patterns, uint64_t{1} << 28) << "shard " << i;
  }
}

TEST(PlanSweep, FilterSelectsCasesByIdAndRejectsABadRegex) {
  const auto plan =
      PlanSweep(Filter({"IsInf"}, {"float16"}, {}), R"(detect_neg0$)", {});
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].id, "sweep.isinf.v20.float16.detect_neg0");
  EXPECT_THROW(PlanSweep(Filter({}, {}, {}), "(", {}), std::invalid_argument);
}

TEST(SweepBackend, ReferencePassesEverySmallDtypeWholly) {
  const auto results =
      Sweep("reference", Filter({}, {"float16", "float8e5m2", "int8"}, {}), "");
  ASSERT_FALSE(results.empty());
  for (const CaseResult& r : results) {
    EXPECT_EQ(r.status, Status::kPass) << r.case_id << ": " << r.message;
    ASSERT_EQ(r.comparisons.size(), 1u);
    EXPECT_EQ(r.comparisons[0].elements,
              FindDType(r.dtype)->all_bits() + 1);
  }
}

TEST(SweepBackend, CountsTheFloat8NaNsTakenForInfinitiesByClass) {
  const auto results = Sweep(
      kDefective, Filter({"IsInf"}, {"float8e4m3fn"}, {}), R"(e4m3fn$)");
  ASSERT_EQ(results.size(), 1u);
  const CaseResult& r = results[0];
  EXPECT_EQ(r.status, Status::kFail);
  ASSERT_EQ(r.comparisons.size(), 1u);
  EXPECT_EQ(r.comparisons[0].mismatches, 2u);
  const DTypeInfo& t = Info(DType::kFloat8E4M3FN);
  for (uint64_t nan : {0x7Fu, 0xFFu}) {
    const auto it = r.comparisons[0].by_class.find(oracle::ClassName(t, nan));
    ASSERT_NE(it, r.comparisons[0].by_class.end()) << nan;
    EXPECT_EQ(it->second.count, 1u);
    EXPECT_EQ(it->second.examples.at(0).index, nan);
  }
}

// Small chunks: the mismatch's index is still its place in the slice.
TEST(SweepBackend, FindsIgnoredDetectNegativeAcrossSmallChunks) {
  const auto results = Sweep(kDefective, Filter({"IsInf"}, {"float16"}, {}),
                             R"(\.detect_neg0$)", 1000);
  ASSERT_EQ(results.size(), 1u);
  const CaseResult& r = results[0];
  EXPECT_EQ(r.status, Status::kFail);
  ASSERT_EQ(r.comparisons.size(), 1u);
  EXPECT_EQ(r.comparisons[0].elements, 65536u);
  EXPECT_EQ(r.comparisons[0].mismatches, 1u);
  const auto& by_class = r.comparisons[0].by_class;
  ASSERT_EQ(by_class.size(), 1u);
  EXPECT_EQ(by_class.begin()->first,
            oracle::ClassName(Info(DType::kFloat16), 0xFC00));
  const MismatchExample& e = by_class.begin()->second.examples.at(0);
  EXPECT_EQ(e.index, 0xFC00u);
  EXPECT_EQ(e.input, "0xfc00");
  EXPECT_EQ(e.expected, "0x00");
  EXPECT_EQ(e.actual, "0x01");
}

}  // namespace
}  // namespace onnxcts
