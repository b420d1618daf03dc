// The ops of two inputs, kernels against oracles over pairs of patterns:
// every pair of every 8-bit dtype, every 16-bit pattern against a
// stratified set of the other side, and the stratified pairs of the wide
// dtypes. All 2^32 pairs of the 16-bit dtypes are pairs16_test's, nightly.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "onnxcts/patterns.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

void ExpectClean(const Tally& tally, const DTypeInfo& t) {
  // A check that ran no variant on `t` proves nothing: it fails.
  EXPECT_GE(tally.checked, tally.patterns) << "no variant ran on " << t.name;
  EXPECT_GT(tally.patterns, 0u) << t.name;
  EXPECT_EQ(tally.mismatches, 0u) << t.name;
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " on " << t.name << " 0x" << std::hex
                  << m.input << ", 0x" << m.second << ": want 0x"
                  << m.expected << ", got 0x" << m.actual;
  }
}

// The variants of two inputs that `t` has.
size_t PairVariantsOn(const DTypeInfo& t) {
  size_t n = 0;
  for (const Variant* v : AllVariants()) n += v->arity() == 2 && v->Defines(t);
  return n;
}

TEST(Pairs, EveryPairOfEveryEightBitDType) {
  size_t checked = 0;
  for (const DTypeInfo& t : kDTypes) {
    if (t.bits != 8 || PairVariantsOn(t) == 0) continue;
    const std::vector<uint64_t> p = PairPatterns(t);
    const uint64_t pairs = p.size() * p.size();
    const Tally tally = VerifyPairs(t, AllVariants(), p, 0, pairs - 1);
    EXPECT_EQ(tally.patterns, pairs) << t.name;
    ExpectClean(tally, t);
    ++checked;
  }
  EXPECT_EQ(checked, 3u);  // bool (Equal), int8, uint8
}

TEST(Pairs, EveryPatternOfSixteenBitsAgainstTheirStrata) {
  for (const DTypeInfo& t : kDTypes) {
    if (t.bits != 16 || PairVariantsOn(t) == 0) continue;
    const std::vector<uint64_t> all = PairPatterns(t);
    ASSERT_EQ(all.size(), 65536u);
    // Strata against every pattern: pairs (s, x) and (x, s) both. Every
    // eighth stratum (the wide formats' every exponent costs minutes).
    const std::vector<uint64_t> strata = StratifiedPatterns(t, 20261201, 0);
    for (size_t k = 0; k < strata.size(); k += 8) {
      const uint64_t s = strata[k];
      const uint64_t row = s * all.size();
      ExpectClean(VerifyPairs(t, AllVariants(), all, row, row + 65535), t);
      for (uint64_t x = 0; x < all.size(); x += 4099) {
        const uint64_t at = x * all.size() + s;
        ExpectClean(VerifyPairs(t, AllVariants(), all, at, at), t);
      }
    }
  }
}

TEST(Pairs, StratifiedPairsOfTheWideDTypes) {
  for (const DTypeInfo& t : kDTypes) {
    if (t.bits < 32 || PairVariantsOn(t) == 0) continue;
    const std::vector<uint64_t> p = PairPatterns(t);
    EXPECT_LE(p.size(), 6000u) << t.name;
    const uint64_t pairs = p.size() * p.size();
    ExpectClean(VerifyPairs(t, AllVariants(), p, 0, pairs - 1), t);
  }
}

// A planted wrong answer is found: the check can fail.
TEST(Pairs, AWrongKernelIsCaught) {
  Variant wrong = *FindVariant("less");
  wrong.pair_oracle = FindVariant("equal")->pair_oracle;
  const Variant* const variants[] = {&wrong};
  const DTypeInfo& t = Info(DType::kInt8);
  const std::vector<uint64_t> p = PairPatterns(t);
  const Tally tally = VerifyPairs(t, variants, p, 0, p.size() * p.size() - 1);
  // Less and Equal never both hold: they differ on the 32640 pairs with
  // a < b and on the 256 with a == b.
  EXPECT_EQ(tally.mismatches, 32640u + 256u);
  ASSERT_FALSE(tally.first.empty());
  EXPECT_EQ(tally.first[0].input, 0u);
  EXPECT_EQ(tally.first[0].second, 0u);
}

TEST(Pairs, PairPatternsOfWideFloatsKeepTheEdges) {
  const DTypeInfo& t = Info(DType::kDouble);
  const std::vector<uint64_t> p = PairPatterns(t);
  const FloatFormat& f = t.format;
  for (uint64_t want : {uint64_t{0}, f.sign_mask(), f.infinity(),
                        f.sign_mask() | f.infinity(), f.one(),
                        f.infinity() | f.quiet_bit(), uint64_t{1}}) {
    EXPECT_TRUE(std::ranges::binary_search(p, want)) << std::hex << want;
  }
}

}  // namespace
}  // namespace onnxcts
