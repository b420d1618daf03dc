// All 2^32 float x through QuantizeKernel and QuantizeOracle against a few
// scales, zero points and outputs: 16 chunks of 2^28 per configuration,
// each its own CTest test so that `ctest -j` and shards spread them
// (nightly).
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "quantize_test_util.h"

namespace onnxcts::quantize {
namespace {

constexpr int kChunks = 16;
constexpr uint64_t kChunkSize = (uint64_t{1} << 32) / kChunks;

struct Config {
  std::string name;
  std::string scale_type;
  uint64_t scale;
  std::string y;
  uint64_t zero_point;
  QuantizeOptions options;
};

uint64_t F32(float v) { return std::bit_cast<uint32_t>(v); }

std::vector<Config> Configs() {
  return {
      {"one_int8", "float", F32(1.0f), "int8", 0, {}},
      {"tenth_uint8_zp128", "float", F32(0.1f), "uint8", 128, {}},
      {"three_int16_zpm7", "float", F32(3.0f), "int16", 0xFFF9, {}},
      {"pow2m10_int4", "float", F32(0x1p-10f), "int4", 0, {}},
      {"minushalf_uint2_zp1", "float", F32(-0.5f), "uint2", 1, {}},
      {"tenth_e4m3fn_sat", "float", F32(0.1f), "float8e4m3fn", 0, {}},
      {"three_e5m2_nosat", "float", F32(3.0f), "float8e5m2", 0,
       {.saturate = false}},
      {"e8m0_64_int8", "float8e8m0", 0x85, "int8", 0, {}},
      {"f16_tenth_uint8", "float16", 0x2E66, "uint8", 0, {}},  // 0.1 in f16
  };
}

using Param = std::tuple<int, int>;  // configuration, chunk

class Float32Exhaustive : public testing::TestWithParam<Param> {};

TEST_P(Float32Exhaustive, KernelMatchesOracle) {
  const auto [config_index, chunk] = GetParam();
  const Config c = Configs()[config_index];
  const DTypeInfo& x_type = Info(DType::kFloat);
  const DTypeInfo& s_type = QT(c.scale_type);
  const DTypeInfo& y_type = QT(c.y);
  const size_t out_bytes = convert::UnpackedBytes(y_type);
  constexpr size_t kBlock = 1 << 16;
  std::vector<uint32_t> in(kBlock);
  std::vector<uint8_t> out(kBlock * out_bytes);
  const uint64_t scale = c.scale, zp = c.zero_point;
  uint64_t mismatches = 0;
  const auto start = std::chrono::steady_clock::now();
  const uint64_t first = uint64_t(chunk) * kChunkSize;
  for (uint64_t base = first; base < first + kChunkSize; base += kBlock) {
    for (size_t i = 0; i < kBlock; ++i) in[i] = uint32_t(base + i);
    QuantizeKernel(x_type, in.data(), s_type, &scale, y_type, &zp, out.data(),
                   kBlock, ScaleLayout::PerTensor(), c.options);
    for (size_t i = 0; i < kBlock; ++i) {
      uint64_t got = 0;
      std::memcpy(&got, out.data() + i * out_bytes, out_bytes);
      const uint64_t want =
          QuantizeOracle(x_type, in[i], s_type, scale, y_type, zp, c.options);
      if (got != want && mismatches++ < 4) {
        ADD_FAILURE() << "float 0x" << std::hex << in[i] << " (" << c.name
                      << "): oracle 0x" << want << ", kernel 0x" << got;
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_EQ(mismatches, 0u);
  RecordProperty("patterns_per_second", std::to_string(kChunkSize / seconds));
  std::printf("%s: %.3g patterns/s (kernel + oracle, one core)\n",
              c.name.c_str(), kChunkSize / seconds);
}

INSTANTIATE_TEST_SUITE_P(
    Quantize, Float32Exhaustive,
    testing::Combine(testing::Range(0, static_cast<int>(Configs().size())),
                     testing::Range(0, kChunks)),
    [](const auto& info) {
      return Configs()[std::get<0>(info.param)].name + "_chunk" +
             std::to_string(std::get<1>(info.param));
    });

}  // namespace
}  // namespace onnxcts::quantize
