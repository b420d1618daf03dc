// Throughput of CastKernel on the conversions that matter most, in elements
// per second, for 1 Mi random patterns (every class, NaN payloads
// included); beside it, peers measured in the same run: a memcpy of the
// same input bytes (the memory bound), the host's own float -> _Float16 and
// double -> float conversions (the compiler's, exact and correctly rounded),
// and CastOracle (the plain one-at-a-time path the kernel is proven against).
//
//   reference_convert_bench --benchmark_filter='float->'
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/patterns.h"

namespace onnxcts::convert {
namespace {

constexpr size_t kN = size_t{1} << 20;

const DTypeInfo kFloat4{static_cast<DType>(23), "float4e2m1", 4, Kind::kFloat,
                        MiniFloat<2, 1, 1, Specials::kNoNaN>};
const DTypeInfo kE8M0{static_cast<DType>(24), "float8e8m0", 8, Kind::kFloat,
                      MiniFloat<8, 0, 127, Specials::kExponentOnly>};
const DTypeInfo kInt4{static_cast<DType>(22), "int4", 4, Kind::kSigned, {}};

std::vector<uint8_t> RandomBytes(size_t n) {
  std::vector<uint8_t> bytes(n);
  SplitMix64 rng(20261129);
  for (size_t i = 0; i < n; i += 8) {
    const uint64_t r = rng.Next();
    std::memcpy(&bytes[i], &r, std::min<size_t>(8, n - i));
  }
  return bytes;
}

void Report(benchmark::State& state, size_t n) {
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

void BM_Kernel(benchmark::State& state, const DTypeInfo* from,
               const DTypeInfo* to) {
  const std::vector<uint8_t> in = RandomBytes(kN * UnpackedBytes(*from));
  std::vector<uint8_t> out(kN * UnpackedBytes(*to));
  for (auto _ : state) {
    CastKernel(*from, in.data(), *to, out.data(), kN, {});
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, kN);
}

void BM_Oracle(benchmark::State& state, const DTypeInfo* from,
               const DTypeInfo* to) {
  const std::vector<uint8_t> in = RandomBytes(kN * UnpackedBytes(*from));
  const size_t width = UnpackedBytes(*from);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (size_t i = 0; i < kN; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, in.data() + i * width, width);
      sum += CastOracle(*from, bits, *to, {});
    }
    benchmark::DoNotOptimize(sum);
  }
  Report(state, kN);
}

void BM_Memcpy(benchmark::State& state, size_t width) {
  const std::vector<uint8_t> in = RandomBytes(kN * width);
  std::vector<uint8_t> out(in.size());
  for (auto _ : state) {
    std::memcpy(out.data(), in.data(), in.size());
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, kN);
}

// The host's conversions, element by element as a compiler emits them.
template <typename From, typename To>
void BM_Host(benchmark::State& state) {
  const std::vector<uint8_t> bytes = RandomBytes(kN * sizeof(From));
  std::vector<From> in(kN);
  std::memcpy(in.data(), bytes.data(), bytes.size());
  std::vector<To> out(kN);
  for (auto _ : state) {
    for (size_t i = 0; i < kN; ++i) out[i] = static_cast<To>(in[i]);
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, kN);
}

void RegisterAll() {
  const DTypeInfo* f32 = &Info(DType::kFloat);
  const DTypeInfo* pairs[][2] = {
      {f32, &Info(DType::kFloat16)},
      {f32, &Info(DType::kBfloat16)},
      {f32, &Info(DType::kFloat8E4M3FN)},
      {f32, &Info(DType::kFloat8E5M2)},
      {f32, &kFloat4},
      {f32, &kE8M0},
      {f32, &Info(DType::kInt8)},
      {f32, &kInt4},
      {&Info(DType::kFloat16), f32},
      {&Info(DType::kDouble), f32},
      {&Info(DType::kInt32), f32},
      {&Info(DType::kInt64), &Info(DType::kFloat16)},
      {&Info(DType::kFloat8E4M3FN), f32},
      {&Info(DType::kUint8), &Info(DType::kInt32)},
  };
  for (const auto& pair : pairs) {
    const std::string name =
        std::string(pair[0]->name) + "->" + std::string(pair[1]->name);
    benchmark::RegisterBenchmark(("kernel/" + name).c_str(), BM_Kernel,
                                 pair[0], pair[1]);
    benchmark::RegisterBenchmark(("oracle/" + name).c_str(), BM_Oracle,
                                 pair[0], pair[1]);
  }
  benchmark::RegisterBenchmark("peer/memcpy_4_bytes_per_element", BM_Memcpy, 4);
  benchmark::RegisterBenchmark("peer/host_float->float16 (_Float16)",
                               BM_Host<float, _Float16>);
  benchmark::RegisterBenchmark("peer/host_double->float",
                               BM_Host<double, float>);
  benchmark::RegisterBenchmark("peer/host_int32->float",
                               BM_Host<int32_t, float>);
}

}  // namespace
}  // namespace onnxcts::convert

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  onnxcts::convert::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
