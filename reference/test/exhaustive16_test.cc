// Every bit pattern of every dtype of 16 bits or fewer, every op variant:
// the kernels against the oracle.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/type_list.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

std::vector<std::string> SmallDTypes() {
  std::vector<std::string> names;
  ForAllOnnxTypes([&]<typename Row>() {
    if (Row::info.bits <= 16) names.emplace_back(Row::info.name);
  });
  return names;
}

class Exhaustive16 : public testing::TestWithParam<std::string> {};

TEST_P(Exhaustive16, KernelsMatchOracleOnEveryPattern) {
  const DTypeInfo& t = *FindDType(GetParam());
  const Tally tally = VerifyRange(t, AllVariants(), 0, t.all_bits());
  EXPECT_EQ(tally.patterns, t.all_bits() + 1);
  EXPECT_EQ(tally.mismatches, 0u);
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " on " << t.name << " 0x"
                  << std::hex << m.input << ": want 0x" << m.expected
                  << ", got 0x" << m.actual;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSmall, Exhaustive16,
                         testing::ValuesIn(SmallDTypes()),
                         [](const auto& info) { return info.param; });

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
