// Every bit pattern of every dtype of 16 bits or fewer, every op variant:
// the kernels against the oracle, each dtype failing if no kernel ran.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/type_list.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

// The packed dtypes (4 and 2 bits) have no variant of one element in and
// one out: Cast, CastLike and the quantizers carry them, proven on every
// pattern by reference_convert_test and reference_quantize_test.
std::vector<std::string> SmallDTypes(bool packed) {
  std::vector<std::string> names;
  ForAllOnnxTypes([&]<typename Row>() {
    if (Row::info.bits <= 16 && Row::info.packed() == packed) {
      names.emplace_back(Row::info.name);
    }
  });
  return names;
}

class Exhaustive16 : public testing::TestWithParam<std::string> {};

TEST_P(Exhaustive16, KernelsMatchOracleOnEveryPattern) {
  const DTypeInfo& t = *FindDType(GetParam());
  const Tally tally = VerifyRange(t, AllVariants(), 0, t.all_bits());
  EXPECT_EQ(tally.patterns, t.all_bits() + 1);
  // Some kernel ran on each pattern: a dtype no variant takes proves
  // nothing here.
  EXPECT_GE(tally.checked, tally.patterns) << "no variant ran on " << t.name;
  EXPECT_EQ(tally.mismatches, 0u);
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " on " << t.name << " 0x"
                  << std::hex << m.input << ": want 0x" << m.expected
                  << ", got 0x" << m.actual;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSmall, Exhaustive16,
                         testing::ValuesIn(SmallDTypes(false)),
                         [](const auto& info) { return info.param; });

// Should a variant come to take a packed dtype, it belongs in the
// exhaustive test above.
TEST(Exhaustive16, PackedDTypesAreLeftToTheConversionProofs) {
  const std::vector<std::string> packed = SmallDTypes(true);
  EXPECT_EQ(packed.size(), 5u);  // int4, uint4, float4e2m1, int2, uint2
  for (const std::string& name : packed) {
    const DTypeInfo& t = *FindDType(name);
    EXPECT_EQ(VerifyRange(t, AllVariants(), 0, t.all_bits()).checked, 0u)
        << name;
  }
}

// Zero-length buffers are valid input and touch nothing.
TEST(Kernels, AcceptEmptyBuffers) {
  for (const DTypeInfo& t : kDTypes) {
    if (!KernelsCover(t)) continue;
    if (t.kind != Kind::kBool) Sign(t.code, nullptr, nullptr, 0);
    if (!t.is_float()) continue;
    IsInf(t.code, nullptr, nullptr, 0);
    IsNaN(t.code, nullptr, nullptr, 0);
  }
}

TEST(Kernels, RefuseDTypesTheOpDoesNotDefine) {
  uint8_t in[1] = {}, out[1] = {};
  EXPECT_THROW(IsNaN(DType::kInt8, in, out, 1), std::invalid_argument);
  EXPECT_THROW(IsInf(DType::kUint8, in, out, 1), std::invalid_argument);
  EXPECT_THROW(Sign(DType::kBool, in, out, 1), std::invalid_argument);
  EXPECT_THROW(Sign(static_cast<DType>(8), in, out, 1), std::invalid_argument);
  // No op version takes the packed types or float8e8m0: no kernel does.
  EXPECT_THROW(IsNaN(DType::kFloat4E2M1, in, out, 1), std::invalid_argument);
  EXPECT_THROW(IsNaN(DType::kFloat8E8M0, in, out, 1), std::invalid_argument);
  EXPECT_THROW(IsInf(DType::kFloat8E8M0, in, out, 1), std::invalid_argument);
  EXPECT_THROW(Sign(DType::kInt4, in, out, 1), std::invalid_argument);
  EXPECT_THROW(Sign(DType::kUint2, in, out, 1), std::invalid_argument);
}

}  // namespace
}  // namespace onnxcts
