// `onnxcts sweep --backend`: the plan of slices and shards, and sweeps
// through the reference and through the defective plugin, whose known
// defects must come out as exactly the mismatches they are.
#include "run/backend_sweep.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "generate/names.h"
#include "onnxcts/oracle.h"
#include "onnxcts/verify.h"
#include "run/backend_factory.h"
#include "run/kernel_sweep.h"
#include "run/pair_space.h"
#include "run/reference_backend.h"

namespace onnxcts {
namespace {

const std::string kDefective =
    std::string("plugin:") + ONNXCTS_DEFECTIVE_PLUGIN + "?inprocess";

SuiteFilter Filter(std::vector<std::string> ops,
                   std::vector<std::string> dtypes, std::vector<int> opsets) {
  return ParseSuiteFilter(ops, dtypes, opsets);
}

std::vector<CaseResult> SweepPlan(const std::vector<SweepSlice>& plan,
                                  const BackendFor& backend_for,
                                  uint64_t chunk = uint64_t{1} << 22) {
  BackendSweepOptions options;
  options.backend_spec = "test";
  options.threads = 2;
  options.chunk = chunk;
  return SweepBackend(plan, backend_for, options);
}

std::vector<CaseResult> Sweep(const std::string& spec, const SuiteFilter& f,
                              const std::string& id_filter,
                              uint64_t chunk = uint64_t{1} << 22) {
  std::shared_ptr<Backend> first = MakeBackend(spec);
  first->Start();
  return SweepPlan(PlanSweep(f, id_filter, {}),
                   PerThreadBackends(std::move(first), spec), chunk);
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

// Every pattern of the unary ops' cases, every pair of the 8-bit ones';
// the 2^32 pairs of each float16 case are left to the nightly sweeps.
TEST(SweepBackend, ReferencePassesEverySmallDtypeWholly) {
  std::vector<SweepSlice> plan = PlanSweep(
      Filter({}, {"float16", "float8e5m2", "int8", "bool"}, {}), "", {});
  std::erase_if(plan, [](const SweepSlice& s) {
    return s.pairs != nullptr && Info(s.spec.dtype).bits > 8;
  });
  std::shared_ptr<Backend> reference = MakeBackend("reference");
  const auto results =
      SweepPlan(plan, PerThreadBackends(std::move(reference), "reference"));
  ASSERT_FALSE(results.empty());
  size_t pair_slices = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    const CaseResult& r = results[i];
    EXPECT_EQ(r.status, Status::kPass) << r.case_id << ": " << r.message;
    ASSERT_EQ(r.comparisons.size(), 1u);
    const DTypeInfo& t = *FindDType(r.dtype);
    const bool pairs = plan[i].pairs != nullptr;
    pair_slices += pairs;
    const uint64_t n = PairPatterns(t).size();
    // Less where the divisors a backend may die on are left out.
    if (pairs && plan[i].pairs->fatal_second == nullptr) {
      EXPECT_EQ(r.comparisons[0].elements, n * n) << r.case_id;
    } else if (!pairs) {
      EXPECT_EQ(r.comparisons[0].elements, PatternSpace(t).size())
          << r.case_id;
    }
  }
  EXPECT_GT(pair_slices, 20u);
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

TEST(PlanSweep, CutsEveryFloat16PairOfAddIntoSixteenSlices) {
  const auto plan = PlanSweep(Filter({"Add"}, {"float16"}, {14}), "", {});
  ASSERT_EQ(plan.size(), 16u);
  uint64_t pairs = 0;
  for (const SweepSlice& s : plan) {
    EXPECT_EQ(s.id, "sweep.add.v14.float16");
    ASSERT_NE(s.pairs, nullptr);
    EXPECT_EQ(s.pairs->op, "Add");
    pairs += s.count;
  }
  EXPECT_EQ(pairs, uint64_t{1} << 32);
}

// The divisors of 0 and -1, on which x86 traps, are kept out.
TEST(PlanSweep, LeavesOutTheDivisorsABackendMayDieOn) {
  const auto plan = PlanSweep(Filter({"Div"}, {"int8"}, {14}), "", {});
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].count, 256u * 254u);
  const PairSpace space(Info(DType::kInt8), *plan[0].pairs);
  for (uint64_t i = 0; i < space.size(); ++i) {
    ASSERT_NE(space.second(i), 0u) << i;
    ASSERT_NE(space.second(i), 0xFFu) << i;
  }
}

TEST(PairSpace, FillWritesEachPairOfARangeAcrossRows) {
  const DTypeInfo& t = Info(DType::kInt8);
  const Variant* add = PlanSweep(Filter({"Add"}, {"int8"}, {14}), "", {})
                           .at(0)
                           .pairs;
  const PairSpace space(t, *add);
  ASSERT_EQ(space.size(), 65536u);
  const uint64_t first = 250;  // crosses from row 0 into rows 1 and 2
  std::vector<uint8_t> a(300), b(300);
  space.Fill(first, a.size(), a.data(), b.data());
  for (uint64_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i], (first + i) / 256) << i;
    EXPECT_EQ(b[i], (first + i) % 256) << i;
  }
}

// The reference, but Add on int8 saturates instead of wrapping.
class SaturatingAdd : public Backend {
 public:
  BackendInfo Start() override { return reference_->Start(); }
  RunOutcome Run(const RunRequest& request) override {
    RunOutcome outcome = reference_->Run(request);
    if (request.model->nodes[0].op_type != "Add") return outcome;
    const auto& a = request.inputs[0].bytes;
    const auto& b = request.inputs[1].bytes;
    for (size_t i = 0; i < a.size(); ++i) {
      const int sum = static_cast<int8_t>(a[i]) + static_cast<int8_t>(b[i]);
      outcome.outputs[0].bytes[i] =
          static_cast<uint8_t>(std::clamp(sum, -128, 127));
    }
    return outcome;
  }

 private:
  std::unique_ptr<Backend> reference_ = MakeReferenceBackend();
};

// Integer overflow is a spot the spec leaves open: each overflowing pair is
// a deviation, counted and shown with both of its inputs.
TEST(SweepBackend, CountsEveryInt8PairThatOverflowsAndNamesBothInputs) {
  uint64_t overflowing = 0;
  for (int a = -128; a < 128; ++a) {
    for (int b = -128; b < 128; ++b) overflowing += a + b < -128 || a + b > 127;
  }
  const auto plan = PlanSweep(Filter({"Add"}, {"int8"}, {14}), "", {});
  const auto results = SweepPlan(
      plan, [](int) { return std::make_shared<SaturatingAdd>(); }, 1000);
  ASSERT_EQ(results.size(), 1u);
  const CaseResult& r = results[0];
  EXPECT_EQ(r.status, Status::kDeviation) << r.message;
  ASSERT_EQ(r.comparisons.size(), 1u);
  EXPECT_EQ(r.comparisons[0].elements, 65536u);
  EXPECT_EQ(r.comparisons[0].mismatches, 0u);
  EXPECT_EQ(r.comparisons[0].deviations, overflowing);
  // Pair 0x017f is 1 + 127: the first that overflows, in its place.
  const MismatchExample* first = nullptr;
  for (const auto& [name, c] : r.comparisons[0].by_class) {
    for (const MismatchExample& e : c.examples) {
      if (first == nullptr || e.index < first->index) first = &e;
    }
  }
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->index, 0x017Fu);
  EXPECT_EQ(first->input, "0x01,0x7f");
  EXPECT_EQ(first->expected, "0x80");
  EXPECT_EQ(first->actual, "0x7f");
}

}  // namespace
}  // namespace onnxcts
