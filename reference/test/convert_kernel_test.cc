// CastKernel against CastOracle: every pattern of every source of 16 bits
// or fewer, and stratified patterns of the wider ones, into every target
// under every option set that matters.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "convert_test_util.h"
#include "onnxcts/patterns.h"

namespace onnxcts::convert {
namespace {

// Runs the kernel over `patterns` and counts the elements that differ from
// the oracle, reporting the first few.
void ExpectKernelMatchesOracle(const DTypeInfo& from,
                               const std::vector<uint64_t>& patterns) {
  const size_t n = patterns.size();
  const size_t in_bytes = UnpackedBytes(from);
  std::vector<uint8_t> in(n * in_bytes);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(in.data() + i * in_bytes, &patterns[i], in_bytes);
  }
  for (const DTypeInfo& to : CastDTypes()) {
    const size_t out_bytes = UnpackedBytes(to);
    std::vector<uint8_t> out(n * out_bytes);
    for (const CastOptions& o : OptionsFor(to)) {
      CastKernel(from, in.data(), to, out.data(), n, o);
      int reported = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t got = 0;
        std::memcpy(&got, out.data() + i * out_bytes, out_bytes);
        const uint64_t want = CastOracle(from, patterns[i], to, o);
        if (got != want && reported++ < 4) {
          ADD_FAILURE() << from.name << " 0x" << std::hex << patterns[i]
                        << " -> " << to.name << " (" << Describe(o)
                        << "): oracle 0x" << want << ", kernel 0x" << got;
        }
      }
    }
  }
}

std::vector<std::string> SourceNames(bool small) {
  std::vector<std::string> names;
  for (const DTypeInfo& t : CastDTypes()) {
    if ((t.bits <= 16) == small) names.emplace_back(t.name);
  }
  return names;
}

class EverySmallSource : public testing::TestWithParam<std::string> {};

TEST_P(EverySmallSource, KernelMatchesOracleOnEveryPattern) {
  const DTypeInfo& from = CastDType(GetParam());
  std::vector<uint64_t> all(from.all_bits() + 1);
  for (uint64_t b = 0; b <= from.all_bits(); ++b) all[b] = b;
  ExpectKernelMatchesOracle(from, all);
}

INSTANTIATE_TEST_SUITE_P(Cast, EverySmallSource,
                         testing::ValuesIn(SourceNames(true)),
                         [](const auto& info) { return info.param; });

class EveryWideSource : public testing::TestWithParam<std::string> {};

TEST_P(EveryWideSource, KernelMatchesOracleOnStrata) {
  const DTypeInfo& from = CastDType(GetParam());
  ExpectKernelMatchesOracle(from, StratifiedPatterns(from, 20261129, 16));
}

INSTANTIATE_TEST_SUITE_P(Cast, EveryWideSource,
                         testing::ValuesIn(SourceNames(false)),
                         [](const auto& info) { return info.param; });

// The upper bits of a 4- or 2-bit element's byte are ignored on input and
// zero on output; a sub-byte source also works below the table's size.
TEST(CastKernel, SubByteElementsUseTheLowBits) {
  const DTypeInfo& int4 = CastDType("int4");
  const uint8_t in[3] = {0xF7, 0x18, 0x0F};  // 7, -8, -1
  uint8_t out[3] = {};
  CastKernel(int4, in, CastDType("int2"), out, 3, {});
  EXPECT_EQ(out[0], 0x3);  // 7 wraps to -1
  EXPECT_EQ(out[1], 0x0);
  EXPECT_EQ(out[2], 0x3);
  CastKernel(int4, in, Info(DType::kInt8), out, 3, {});
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], 0xF8);
  EXPECT_EQ(out[2], 0xFF);
}

// Large buffers of 16-bit sources take the kernel's table path.
TEST(CastKernel, LargeSixteenBitBuffersMatchTheOracle) {
  for (const char* name : {"float16", "int16"}) {
    const DTypeInfo& from = CastDType(name);
    std::vector<uint64_t> patterns(size_t{1} << 18);
    for (size_t i = 0; i < patterns.size(); ++i) patterns[i] = i & 0xFFFF;
    ExpectKernelMatchesOracle(from, patterns);
  }
}

TEST(CastKernel, AcceptsEmptyBuffers) {
  CastKernel(Info(DType::kFloat), nullptr, Info(DType::kFloat16), nullptr, 0,
             {});
}

}  // namespace
}  // namespace onnxcts::convert
