// Throughput of each kernel on each dtype it defines, in elements per
// second of wall time (comparable with numpy's), for buffers of 1, 64, 4096 and
// 16 Mi elements of random patterns (and, for float, 4 Mi: one call of the
// backend sweep, which scripts/bench shows beside it); beside it, a memcpy of
// the kernel's input bytes (the memory bound of the large buffers) and the
// run-by-run exhaustive check of float.
//
//   reference_kernels_bench --benchmark_filter='/float/'
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "onnxcts/kernels.h"
#include "onnxcts/patterns.h"
#include "onnxcts/variant.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

constexpr size_t kSizes[] = {1, 64, 4096, size_t{1} << 24};
constexpr size_t kSweepChunk = size_t{1} << 22;  // float only

// The variants scripts/bench sets beside numpy and ONNX Runtime, from the
// variant table: each op at its attributes' defaults (IsInf: both signs).
constexpr std::string_view kBenched[] = {"isinf", "isnan", "sign"};

bool Defined(const Variant& v, const DTypeInfo& t) {
  return KernelsCover(t) && v.Defines(t);  // no packed dtype, float8e8m0
}

// Random bits: every class turns up, NaN payloads included.
std::vector<uint8_t> RandomPatterns(const DTypeInfo& t, size_t n) {
  std::vector<uint8_t> bytes(n * ElementBytes(t));
  SplitMix64 rng(20261129);
  for (size_t i = 0; i < bytes.size(); i += 8) {
    const uint64_t r = rng.Next();
    std::memcpy(&bytes[i], &r, std::min<size_t>(8, bytes.size() - i));
  }
  return bytes;
}

void Report(benchmark::State& state, size_t n, size_t bytes_moved) {
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
  state.SetBytesProcessed(
      static_cast<int64_t>(state.iterations() * bytes_moved));
}

void BM_Kernel(benchmark::State& state, const Variant* v,
               const DTypeInfo* t) {
  const size_t n = static_cast<size_t>(state.range(0));
  const std::vector<uint8_t> in = RandomPatterns(*t, n);
  const size_t out_width = ElementBytes(OutputType(*v, *t));
  std::vector<uint8_t> out(n * out_width, 1);
  for (auto _ : state) {
    v->kernel(*v, *t, in.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  Report(state, n, n * (ElementBytes(*t) + out_width));
}

// The bound: copying the kernel's input. Items are the input's elements, so
// its items/s compare directly with the kernels'.
void BM_Memcpy(benchmark::State& state, const DTypeInfo* t) {
  const size_t n = static_cast<size_t>(state.range(0));
  const std::vector<uint8_t> in = RandomPatterns(*t, n);
  std::vector<uint8_t> out(in.size(), 1);
  for (auto _ : state) {
    std::memcpy(out.data(), in.data(), in.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  Report(state, n, 2 * in.size());
}

// The exhaustive check of all six variants over 2^24 float patterns that
// cross every class (a 1/256 sample of the 2^32 sweep, on one thread).
void BM_VerifyFloat(benchmark::State& state) {
  const DTypeInfo& t = Info(DType::kFloat);
  constexpr uint64_t kSpan = uint64_t{1} << 24;
  uint64_t mismatches = 0;
  for (auto _ : state) {
    mismatches +=
        VerifyRange(t, AllVariants(), 0x7F000000, 0x7F000000 + kSpan - 1)
            .mismatches;
  }
  if (mismatches != 0) state.SkipWithError("kernels disagree with the oracle");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSpan));
}

// The pair check of one variant (kernel against oracle) over 2^22 pairs
// of 16-bit patterns, a row of every second pattern against all (a 1/1024
// sample of the 2^32 pairs, on one thread): Pairs16's inner loop.
void BM_VerifyPairs(benchmark::State& state, const Variant* v,
                    const DTypeInfo* t) {
  const std::vector<uint64_t> all = PairPatterns(*t);
  const Variant* one[] = {v};
  constexpr uint64_t kSpan = uint64_t{1} << 22;
  constexpr uint64_t kFirst = uint64_t{0x3C00} << 16;  // from 1.0 in float16
  uint64_t mismatches = 0;
  for (auto _ : state) {
    mismatches += VerifyPairs(*t, one, all, kFirst, kFirst + kSpan - 1)
                      .mismatches;
  }
  if (mismatches != 0) state.SkipWithError("kernels disagree with the oracle");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSpan));
}

void RegisterPairs() {
  for (const DType code : {DType::kFloat16, DType::kBfloat16}) {
    const DTypeInfo& t = Info(code);
    for (const Variant* v : AllVariants()) {
      if (v->arity() != 2 || !v->Defines(t)) continue;
      const std::string name =
          "VerifyPairs/" + std::string(v->name) + "/" + std::string(t.name);
      benchmark::RegisterBenchmark(name.c_str(), BM_VerifyPairs, v, &t)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
}

void RegisterAll() {
  for (const DTypeInfo& t : kDTypes) {
    for (const std::string_view variant : kBenched) {
      const Variant* v = FindVariant(variant);
      if (!Defined(*v, t)) continue;
      const std::string name = std::string(v->op) + "/" + std::string(t.name);
      auto* b = benchmark::RegisterBenchmark(name.c_str(), BM_Kernel, v, &t);
      for (size_t n : kSizes) b->Arg(static_cast<int64_t>(n));
      if (t.code == DType::kFloat) b->Arg(static_cast<int64_t>(kSweepChunk));
      b->UseRealTime();
    }
    if (t.kind == Kind::kBool) continue;
    const std::string name = "Memcpy/" + std::string(t.name);
    auto* b = benchmark::RegisterBenchmark(name.c_str(), BM_Memcpy, &t);
    for (size_t n : kSizes) b->Arg(static_cast<int64_t>(n));
    b->UseRealTime();
  }
  benchmark::RegisterBenchmark("VerifyFloat/six_variants", BM_VerifyFloat)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterPairs();
}

}  // namespace
}  // namespace onnxcts

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  onnxcts::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
