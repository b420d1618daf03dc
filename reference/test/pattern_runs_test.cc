// The run decomposition of the fast exhaustive check: run answers against
// the plain per-pattern oracle, and the run-based check against corrupted
// kernel outputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/patterns.h"
#include "onnxcts/type_list.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

// Every pattern of `first`..`last`: the runs tile the range in order, and
// each run's answer is the per-pattern oracle's answer on every pattern.
void ExpectRunsMatchOracle(const DTypeInfo& t, uint64_t first, uint64_t last) {
  const std::vector<PatternRun> runs = ClassRuns(t, first, last);
  ASSERT_FALSE(runs.empty());
  EXPECT_EQ(runs.front().first, first);
  EXPECT_EQ(runs.back().last, last);
  for (size_t i = 1; i < runs.size(); ++i) {
    ASSERT_EQ(runs[i].first, runs[i - 1].last + 1) << t.name;
  }
  for (const Variant* v : AllVariants()) {
    // A variant checked pattern by pattern claims nothing of a run.
    if (v->arity() != 1 || !v->Defines(t) ||
        v->on_runs == OnRuns::kByPattern) {
      continue;
    }
    uint64_t wrong = 0;
    for (const PatternRun& run : runs) {
      const RunAnswer a = AnswerOnRun(t, *v, run);
      for (uint64_t p = run.first;; ++p) {
        wrong += a.On(p, OutputType(*v, t).all_bits()) != v->Oracle(t, p);
        if (p == run.last) break;
      }
    }
    EXPECT_EQ(wrong, 0u) << v->name << " on " << t.name;
  }
}

TEST(ClassRuns, AnswerAsTheOracleOnEveryPatternUpTo16Bits) {
  ForAllOnnxTypes([&]<typename Row>() {
    if (Row::info.bits <= 16) {
      ExpectRunsMatchOracle(Row::info, 0, Row::info.all_bits());
    }
  });
}

// Random stretches of the 32- and 64-bit types, and the stretches around
// every class edge of float and of the integers.
TEST(ClassRuns, AnswerAsTheOracleOnWideStretches) {
  constexpr uint64_t kSpan = 1 << 9;
  SplitMix64 rng(20261129);
  for (DType d : {DType::kFloat, DType::kInt32, DType::kUint32, DType::kDouble,
                  DType::kInt64, DType::kUint64}) {
    const DTypeInfo& t = Info(d);
    std::vector<uint64_t> starts = {0, t.all_bits() - (kSpan - 1)};
    for (int i = 0; i < 48; ++i) {
      starts.push_back(rng.Next() & t.all_bits() & ~(kSpan - 1));
    }
    const uint64_t half = uint64_t{1} << (t.bits - 1);
    std::vector<uint64_t> specials = {half - 1, half, t.all_bits()};
    if (t.is_float()) {
      const FloatFormat& f = t.format;
      for (uint64_t sign : {uint64_t{0}, half}) {
        for (uint64_t e : {f.exponent_mask(), f.exponent_mask() | f.quiet_bit(),
                           f.mantissa_mask() + 1}) {
          specials.push_back(sign | e);
        }
      }
    }
    for (uint64_t p : specials) {
      starts.push_back(std::clamp(p, kSpan / 2, t.all_bits() - kSpan) -
                       kSpan / 2);
    }
    const std::vector<uint64_t> edges = StratifiedPatterns(t, 7, 0);
    const size_t stride = std::max<size_t>(1, edges.size() / 300);
    for (size_t i = 0; i < edges.size(); i += stride) {
      starts.push_back(edges[i] < kSpan / 2 ? 0 : edges[i] - kSpan / 2);
    }
    for (uint64_t s : starts) {
      const uint64_t last = std::min(t.all_bits() - s, kSpan - 1) + s;
      ExpectRunsMatchOracle(t, s, last);
    }
  }
}

TEST(ClassRuns, AnswerAsTheOracleOnRandomFloatChunks) {
  const DTypeInfo& t = Info(DType::kFloat);
  SplitMix64 rng(1129);
  for (int i = 0; i < 8; ++i) {
    const uint64_t first = rng.Next() & 0xFFFF0000;
    ExpectRunsMatchOracle(t, first, first + 0xFFFF);
  }
}

// Four runs per sign-and-exponent block of a float, five or six for an
// integer: the full ranges cut where the format says.
TEST(ClassRuns, CutWhereTheFormatSays) {
  const DTypeInfo& f = Info(DType::kFloat);
  EXPECT_EQ(ClassRuns(f, 0, f.all_bits()).size(), 2u * 256 * 4);
  const std::vector<PatternRun> i32 =
      ClassRuns(Info(DType::kInt32), 0, 0xFFFFFFFF);
  ASSERT_EQ(i32.size(), 6u);
  EXPECT_EQ(i32[2].first, 0x7FFFFFFFu);  // the maximum, alone
  EXPECT_EQ(i32[3].first, 0x80000000u);  // the minimum, alone
  EXPECT_EQ(ClassRuns(f, 5, 5).size(), 1u);
}

TEST(ClassRuns, RefuseARangeThatIsNotOneClass) {
  const DTypeInfo& t = Info(DType::kFloat16);
  EXPECT_THROW(AnswerOnRun(t, *FindVariant("isnan"), {0x7C00, 0x7E00}),
               std::logic_error);
  EXPECT_THROW(AnswerOnRun(t, *FindVariant("sign"), {0x0000, 0x0001}),
               std::logic_error);
}

// The tallies of the run-based check equal those of the per-pattern one.
TEST(VerifyRange, CountsAsThePerPatternCheck) {
  for (DType d : {DType::kFloat16, DType::kFloat8E4M3FNUZ, DType::kInt16}) {
    const DTypeInfo& t = Info(d);
    std::vector<uint64_t> all(t.all_bits() + 1);
    for (uint64_t p = 0; p < all.size(); ++p) all[p] = p;
    const Tally runs = VerifyRange(t, AllVariants(), 0, t.all_bits());
    const Tally plain = VerifyPatterns(t, AllVariants(), all);
    EXPECT_EQ(runs.patterns, plain.patterns) << t.name;
    EXPECT_EQ(runs.nans, plain.nans) << t.name;
    EXPECT_EQ(runs.infinities, plain.infinities) << t.name;
    EXPECT_EQ(runs.zeros, plain.zeros) << t.name;
    EXPECT_EQ(runs.mismatches, 0u);
  }
}

// Patterns 0x7F7FF000.. cross the largest normals, +inf, the signalling
// NaNs (Sign echoes them) and into the quiet ones.
constexpr uint64_t kFirst = 0x7F7FF000;
constexpr size_t kCount = 0x7FC01000 - kFirst;

TEST(CheckRange, FindsEveryCorruptedSignOutput) {
  const DTypeInfo& t = Info(DType::kFloat);
  std::vector<uint32_t> in(kCount), out(kCount);
  for (size_t i = 0; i < kCount; ++i) in[i] = static_cast<uint32_t>(kFirst + i);
  Sign(t.code, in.data(), out.data(), kCount);
  const Variant& sign = *FindVariant("sign");
  EXPECT_EQ(CheckRange(t, sign, kFirst, out.data(), kCount).mismatches, 0u);
  // A normal, +inf, a signalling NaN, the first quiet NaN, the last pattern.
  const std::vector<size_t> spoiled = {5, 0x7F800000 - kFirst,
                                       0x7F800123 - kFirst, 0x7FC00000 - kFirst,
                                       kCount - 1};
  for (size_t i : spoiled) out[i] ^= 0x10;
  const Tally tally = CheckRange(t, sign, kFirst, out.data(), kCount);
  EXPECT_EQ(tally.patterns, kCount);
  EXPECT_EQ(tally.mismatches, spoiled.size());
  ASSERT_EQ(tally.first.size(), spoiled.size());
  for (size_t k = 0; k < spoiled.size(); ++k) {
    const uint64_t p = kFirst + spoiled[k];
    EXPECT_EQ(tally.first[k].input, p);
    EXPECT_EQ(tally.first[k].expected, sign.Oracle(t, p));
    EXPECT_EQ(tally.first[k].actual, out[spoiled[k]]);
  }
}

// Neg of int16 on every pattern, through the kernel the variant runs: the
// run check finds each spoiled output, the one of the minimum included.
TEST(CheckRange, FindsEveryCorruptedNegOutput) {
  const DTypeInfo& t = Info(DType::kInt16);
  const Variant& neg = *FindVariant("neg");
  std::vector<uint16_t> in(t.all_bits() + 1), out(in.size());
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint16_t>(i);
  neg.Kernel(t, in.data(), out.data(), in.size());
  EXPECT_EQ(CheckRange(t, neg, 0, out.data(), out.size()).mismatches, 0u);
  EXPECT_EQ(out[0x8000], 0x8000);  // -(-32768) wraps to itself
  EXPECT_EQ(out[1], 0xFFFF);
  const std::vector<size_t> spoiled = {0, 1, 0x7FFF, 0x8000, 0xFFFF};
  for (size_t i : spoiled) out[i] ^= 0x0100;
  const Tally tally = CheckRange(t, neg, 0, out.data(), out.size());
  EXPECT_EQ(tally.mismatches, spoiled.size());
  ASSERT_EQ(tally.first.size(), spoiled.size());
  for (size_t k = 0; k < spoiled.size(); ++k) {
    EXPECT_EQ(tally.first[k].input, spoiled[k]);
    EXPECT_EQ(tally.first[k].expected, neg.Oracle(t, spoiled[k]));
    EXPECT_EQ(tally.first[k].actual, out[spoiled[k]]);
  }
}

TEST(CheckRange, CountsEveryWrongPredicateByte) {
  const DTypeInfo& t = Info(DType::kFloat);
  std::vector<uint8_t> out(kCount, 0);  // "never a NaN"
  const Tally tally =
      CheckRange(t, *FindVariant("isnan"), kFirst, out.data(), kCount);
  const uint64_t nans = kFirst + kCount - 0x7F800001;
  EXPECT_EQ(tally.nans, nans);
  EXPECT_EQ(tally.mismatches, nans);
  ASSERT_EQ(tally.first.size(), Tally::kKeep);
  EXPECT_EQ(tally.first[0].input, 0x7F800001u);
  EXPECT_EQ(tally.first[0].expected, 1u);
  EXPECT_EQ(tally.first[0].actual, 0u);
}

// A stand-in for a conversion: an answer that changes inside every class
// run (the pattern plus one), with no run rule declared.
uint64_t NextOracle(const Variant&, const DTypeInfo& t, uint64_t p) {
  return (p + 1) & t.all_bits();
}

void NextKernel(const Variant& v, const DTypeInfo& t, const void* in,
                void* out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    StoreBits(t, out, i, NextOracle(v, t, LoadBits(t, in, i)));
  }
}

const Variant kNext = {.name = "next",
                       .op = "Next",
                       .kernel = NextKernel,
                       .oracle = NextOracle};

TEST(CheckRange, AVariantWithoutARunRuleIsCheckedPatternByPattern) {
  const DTypeInfo& t = Info(DType::kUint16);
  std::vector<uint16_t> in(65536);
  std::vector<uint16_t> out(65536);
  FillPatterns(t, 0, in.data(), in.size());
  kNext.Kernel(t, in.data(), out.data(), in.size());
  EXPECT_EQ(CheckRange(t, kNext, 0, out.data(), out.size()).mismatches, 0u);
  // Two wrong answers inside one class run (positive integers), each
  // still an answer the run holds elsewhere.
  std::swap(out[0x0102], out[0x0103]);
  const Tally tally = CheckRange(t, kNext, 0, out.data(), out.size());
  EXPECT_EQ(tally.mismatches, 2u);
  ASSERT_EQ(tally.first.size(), 2u);
  EXPECT_EQ(tally.first[0].input, 0x0102u);
  EXPECT_EQ(tally.first[0].expected, 0x0103u);
  EXPECT_EQ(tally.first[0].actual, 0x0104u);
  EXPECT_THROW(AnswerOnRun(t, kNext, {0x0100, 0x0200}), std::logic_error);
}

}  // namespace
}  // namespace onnxcts
