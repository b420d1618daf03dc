// The kernels on every Highway target this build has and this CPU runs
// (EMU128, the portable fallback, included): each target in turn is forced,
// then checked on every pattern up to 16 bits, on 32-bit stretches, on
// samples of the wide types, and on every short length and misalignment
// (the scalar tails).
#include <gtest/gtest.h>
#include <hwy/targets.h>

#include <string>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/patterns.h"
#include "onnxcts/type_list.h"
#include "onnxcts/verify.h"
#include "simd_kernels.h"

namespace onnxcts {
namespace {

void ExpectClean(const Tally& tally, const DTypeInfo& t) {
  EXPECT_EQ(tally.mismatches, 0u) << t.name;
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " on " << t.name << " 0x"
                  << std::hex << m.input << ": want 0x" << m.expected
                  << ", got 0x" << m.actual;
  }
}

class OnTarget : public testing::TestWithParam<int64_t> {
 protected:
  void SetUp() override { hwy::SetSupportedTargetsForTest(GetParam()); }
  void TearDown() override { hwy::SetSupportedTargetsForTest(0); }
};

TEST_P(OnTarget, DispatchReachesTheForcedTarget) {
  EXPECT_EQ(std::string(simd::DispatchedTarget()), hwy::TargetName(GetParam()));
}

TEST_P(OnTarget, EveryPatternUpTo16Bits) {
  ForAllOnnxTypes([&]<typename Row>() {
    if constexpr (Row::info.bits <= 16) {
      const DTypeInfo& t = Row::info;
      const Tally tally = VerifyRange(t, AllVariants(), 0, t.all_bits());
      EXPECT_EQ(tally.patterns, t.all_bits() + 1);
      ExpectClean(tally, t);
    }
  });
}

// Stretches of 2^18 around the class edges of the 32-bit types and, for
// the casts into float16 (F16C on x86), float16's own edges: half its
// smallest subnormal, its smallest normal, and where rounding overflows to
// infinity (65520); and the stratified samples that stand for 64-bit ones
// (here for all widths).
TEST_P(OnTarget, WideSamples) {
  constexpr uint64_t kHalfSpan = 1 << 17;
  for (DType d : {DType::kFloat, DType::kInt32, DType::kUint32}) {
    const DTypeInfo& t = Info(d);
    for (uint64_t edge :
         {uint64_t{0x00800000}, uint64_t{0x33000000}, uint64_t{0x38800000},
          uint64_t{0x477FF000}, uint64_t{0x7F800000}, uint64_t{0x7FC00000},
          uint64_t{0x80000000}, uint64_t{0xB3000000}, uint64_t{0xC77FF000},
          uint64_t{0xFF800000}, uint64_t{0xFFFFFFFF}}) {
      const uint64_t first = edge - std::min(edge, kHalfSpan);
      const uint64_t last = std::min(t.all_bits(), edge + kHalfSpan);
      ExpectClean(VerifyRange(t, AllVariants(), first, last), t);
    }
  }
  for (const DTypeInfo& t : kDTypes) {
    const std::vector<uint64_t> p = StratifiedPatterns(t, 20261129, 4);
    ExpectClean(VerifyPatterns(t, AllVariants(), p), t);
  }
}

// Mixed classes in one vector, every length up to a few vectors, every
// start offset within a vector: the vector bodies and the scalar tails.
template <typename Row>
void CheckShortBuffers(const std::vector<uint64_t>& pool) {
  using U = typename Row::Bits;
  const DTypeInfo& t = Row::info;
  std::vector<U> in(pool.size());
  std::vector<uint8_t> out;
  for (size_t i = 0; i < pool.size(); ++i) in[i] = static_cast<U>(pool[i]);
  for (const Variant* v : AllVariants()) {
    if (v->arity() != 1 || !v->Defines(t)) continue;
    const DTypeInfo& ot = OutputType(*v, t);  // a cast's may be wider
    out.assign(StorageBytes(ot, pool.size()), 0);
    for (size_t offset = 0; offset < 9; ++offset) {
      for (size_t n = 0; offset + n <= in.size() && n <= 160; ++n) {
        const U* x = in.data() + offset;
        v->Kernel(t, x, out.data(), n);
        for (size_t i = 0; i < n; ++i) {
          ASSERT_EQ(LoadBits(ot, out.data(), i), v->Oracle(t, x[i]))
              << v->name << " on " << t.name << ", n=" << n
              << " offset=" << offset << " i=" << i;
        }
      }
    }
  }
}

TEST_P(OnTarget, EveryShortLengthAndOffset) {
  ForByteWideTypes([&]<typename Row>() {
    if constexpr (Row::info.kind != Kind::kBool) {
      std::vector<uint64_t> pool = StratifiedPatterns(Row::info, 3, 0);
      SplitMix64 rng(5);
      for (size_t i = pool.size() - 1; i > 0; --i) {  // mix the classes
        std::swap(pool[i], pool[rng.Next() % (i + 1)]);
      }
      pool.resize(std::min<size_t>(pool.size(), 176));
      CheckShortBuffers<Row>(pool);
    }
  });
}

// Sign may run in place.
TEST_P(OnTarget, SignInPlace) {
  const DTypeInfo& t = Info(DType::kFloat16);
  std::vector<uint16_t> x(t.all_bits() + 1);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<uint16_t>(i);
  Sign(t.code, x.data(), x.data(), x.size());
  EXPECT_EQ(
      CheckRange(t, *FindVariant("sign"), 0, x.data(), x.size()).mismatches,
      0u);
}

INSTANTIATE_TEST_SUITE_P(Hwy, OnTarget,
                         testing::ValuesIn(hwy::SupportedAndGeneratedTargets()),
                         [](const testing::TestParamInfo<int64_t>& info) {
                           return std::string(hwy::TargetName(info.param));
                         });

// The scalar templates alone: one element per call never fills a vector.
TEST(ScalarTail, EveryPatternUpTo16Bits) {
  ForByteWideTypes([&]<typename Row>() {
    if constexpr (Row::info.bits <= 16 && Row::info.kind != Kind::kBool) {
      using U = typename Row::Bits;
      const DTypeInfo& t = Row::info;
      const size_t count = t.all_bits() + 1;
      std::vector<uint8_t> out;
      for (const Variant* v : AllVariants()) {
        const DTypeInfo& ot = OutputType(*v, t);
        // A packed output element has no address of its own to call on.
        if (v->arity() != 1 || !v->Defines(t) || ot.packed()) continue;
        const size_t width = ElementBytes(ot);
        out.assign(count * width, 0);
        for (uint64_t p = 0; p <= t.all_bits(); ++p) {
          const U x = static_cast<U>(p);
          v->Kernel(t, &x, out.data() + p * width, 1);
        }
        const Tally tally = CheckRange(t, *v, 0, out.data(), count);
        EXPECT_EQ(tally.patterns, count);
        ExpectClean(tally, t);
      }
    }
  });
}

}  // namespace
}  // namespace onnxcts
