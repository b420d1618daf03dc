// All 2^32 float patterns through CastKernel and CastOracle, into the
// narrow targets: 16 chunks of 2^28 per target and option set, each its
// own CTest test so that `ctest -j` and shards spread them (nightly).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <cstdio>
#include <string>
#include <vector>

#include "convert_test_util.h"

namespace onnxcts::convert {
namespace {

constexpr int kChunks = 16;
constexpr uint64_t kChunkSize = (uint64_t{1} << 32) / kChunks;

struct Target {
  std::string name;
  CastOptions options;
};

std::vector<Target> Targets() {
  std::vector<Target> all = {{"float16", {}}, {"bfloat16", {}},
                             {"float4e2m1", {}}, {"int8", {}},
                             {"uint8", {}}, {"int4", {}}, {"uint4", {}}};
  for (const char* f8 : {"float8e4m3fn", "float8e4m3fnuz", "float8e5m2",
                         "float8e5m2fnuz"}) {
    all.push_back({f8, {.saturate = true}});
    all.push_back({f8, {.saturate = false}});
  }
  for (RoundMode mode : {RoundMode::kUp, RoundMode::kDown, RoundMode::kNearest}) {
    all.push_back({"float8e8m0", {.saturate = true, .round_mode = mode}});
  }
  all.push_back({"float8e8m0",
                 {.saturate = false, .round_mode = RoundMode::kNearest}});
  return all;
}

using Param = std::tuple<int, int>;  // target index, chunk

class Float32Exhaustive : public testing::TestWithParam<Param> {};

TEST_P(Float32Exhaustive, KernelMatchesOracle) {
  const auto [target_index, chunk] = GetParam();
  const Target target = Targets()[target_index];
  const DTypeInfo& from = Info(DType::kFloat);
  const DTypeInfo& to = CastDType(target.name);
  const size_t out_bytes = UnpackedBytes(to);
  constexpr size_t kBlock = 1 << 16;
  std::vector<uint32_t> in(kBlock);
  std::vector<uint8_t> out(kBlock * out_bytes);
  uint64_t mismatches = 0;
  const auto start = std::chrono::steady_clock::now();
  const uint64_t first = uint64_t(chunk) * kChunkSize;
  for (uint64_t base = first; base < first + kChunkSize; base += kBlock) {
    for (size_t i = 0; i < kBlock; ++i) in[i] = uint32_t(base + i);
    CastKernel(from, in.data(), to, out.data(), kBlock, target.options);
    for (size_t i = 0; i < kBlock; ++i) {
      uint64_t got = 0;
      std::memcpy(&got, out.data() + i * out_bytes, out_bytes);
      const uint64_t want = CastOracle(from, in[i], to, target.options);
      if (got != want && mismatches++ < 4) {
        ADD_FAILURE() << "float 0x" << std::hex << in[i] << " -> "
                      << target.name << ": oracle 0x" << want << ", kernel 0x"
                      << got;
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_EQ(mismatches, 0u);
  RecordProperty("patterns_per_second", std::to_string(kChunkSize / seconds));
  std::printf("%s %s: %.3g patterns/s (kernel + oracle, one core)\n",
              target.name.c_str(), Describe(target.options).c_str(),
              kChunkSize / seconds);
}

INSTANTIATE_TEST_SUITE_P(
    Cast, Float32Exhaustive,
    testing::Combine(testing::Range(0, static_cast<int>(Targets().size())),
                     testing::Range(0, kChunks)),
    [](const auto& info) {
      const Target t = Targets()[std::get<0>(info.param)];
      std::string name = t.name + "_sat" + std::to_string(t.options.saturate) +
                         "_mode" +
                         std::to_string(static_cast<int>(t.options.round_mode)) +
                         "_chunk" + std::to_string(std::get<1>(info.param));
      return name;
    });

}  // namespace
}  // namespace onnxcts::convert
