#include "run/kernel_sweep.h"

#include <chrono>

#include "core/parallel.h"
#include "core/progress.h"
#include "onnxcts/patterns.h"

namespace onnxcts {
namespace {

constexpr uint64_t kTaskPatterns = uint64_t{1} << 20;
constexpr uint64_t kSampleSeed = 20261129;
constexpr int kSamplesPerExponent = 256;

// Each task checks one slice; slices are appended in order, so the first
// mismatches reported are the lowest patterns whatever the thread count.
Tally SweepSlices(uint64_t total, const SweepOptions& options,
                  const std::function<Tally(uint64_t, uint64_t)>& slice) {
  const size_t tasks = (total + kTaskPatterns - 1) / kTaskPatterns;
  std::vector<Tally> parts(tasks);
  ParallelFor(tasks, options.threads, [&](size_t i) {
    const uint64_t first = i * kTaskPatterns;
    const uint64_t last = std::min(total, first + kTaskPatterns) - 1;
    parts[i] = slice(first, last);
    if (options.progress) options.progress->Advance(last - first + 1);
  });
  Tally total_tally;
  for (const Tally& part : parts) total_tally.Append(part);
  return total_tally;
}

}  // namespace

PatternSpace::PatternSpace(const DTypeInfo& t)
    : size_(t.kind == Kind::kBool ? 2 : t.all_bits() + 1) {
  if (t.bits <= 32) return;
  samples_ = StratifiedPatterns(t, kSampleSeed, kSamplesPerExponent);
  size_ = samples_.size();
}

uint64_t SweepSize(const DTypeInfo& t) { return PatternSpace(t).size(); }

SweepResult SweepDType(const DTypeInfo& t, const SweepOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const PatternSpace space(t);
  SweepResult result{&t, space.exhaustive(), {}, 0};
  if (result.exhaustive) {
    result.tally = SweepSlices(
        space.size(), options, [&](uint64_t first, uint64_t last) {
          return VerifyRange(t, options.variants, first, last);
        });
  } else {
    result.tally = SweepSlices(
        space.size(), options, [&](uint64_t first, uint64_t last) {
          return VerifyPatterns(
              t, options.variants,
              space.samples().subspan(first, last - first + 1));
        });
  }
  result.seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  return result;
}

}  // namespace onnxcts
