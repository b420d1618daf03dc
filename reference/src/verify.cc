#include "onnxcts/verify.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "onnxcts/oracle.h"
#include "simd_scan.h"

namespace onnxcts {
namespace {

// Patterns per kernel call: large enough to amortise the call, small enough
// that input and outputs stay in cache.
constexpr uint64_t kChunk = 1 << 13;

// Buffers reused across chunks: allocating them per chunk costs more than
// the checks themselves.
struct Scratch {
  std::vector<uint8_t> input;
  std::vector<std::vector<uint8_t>> outputs;
};

// Runs the kernel of `v` into `out`, sized for its output type.
void RunKernel(const DTypeInfo& t, const Variant& v, const uint8_t* input,
               size_t n, std::vector<uint8_t>& out) {
  out.resize(StorageBytes(OutputType(v, t), n));
  v.Kernel(t, input, out.data(), n);
}

// Counts `count` patterns of class `c`.
void CountClass(const DTypeInfo& t, oracle::Classified c, Tally& tally,
                uint64_t count = 1) {
  if (!t.is_float()) {
    tally.zeros += c.value_class == oracle::ValueClass::kIntZero ? count : 0;
    return;
  }
  tally.nans += oracle::IsNaN(c) ? count : 0;
  tally.infinities +=
      c.value_class == oracle::ValueClass::kInfinity ? count : 0;
  tally.zeros += c.value_class == oracle::ValueClass::kZero ? count : 0;
}

Tally VerifyChunk(const DTypeInfo& t, Variants variants,
                  std::span<const uint64_t> patterns) {
  thread_local Scratch scratch;
  const size_t n = patterns.size();
  scratch.input.resize(StorageBytes(t, n));
  for (size_t i = 0; i < n; ++i) {
    StoreBits(t, scratch.input.data(), i, patterns[i]);
  }
  scratch.outputs.resize(variants.size());
  for (size_t k = 0; k < variants.size(); ++k) {
    RunKernel(t, *variants[k], scratch.input.data(), n, scratch.outputs[k]);
  }

  Tally tally;
  tally.patterns = n;
  tally.checked = n * variants.size();
  for (size_t i = 0; i < n; ++i) {
    CountClass(t, oracle::ClassifyWithSign(t, patterns[i]), tally);
    for (size_t k = 0; k < variants.size(); ++k) {
      const Variant& v = *variants[k];
      const uint64_t want = v.Oracle(t, patterns[i]);
      const uint64_t got =
          LoadBits(OutputType(v, t), scratch.outputs[k].data(), i);
      if (want == got) continue;
      ++tally.mismatches;
      if (tally.first.size() < Tally::kKeep) {
        tally.first.push_back({variants[k], patterns[i], want, got});
      }
    }
  }
  return tally;
}

// A class run with the answer of each variant checked, in their order.
struct PlannedRun {
  PatternRun run;
  std::vector<RunAnswer> answers;
};

// Runs and answers for patterns `first` to `last`; counts their patterns
// and classes into `tally` on the way.
std::vector<PlannedRun> PlanRuns(const DTypeInfo& t, Variants variants,
                                 uint64_t first, uint64_t last, Tally& tally) {
  std::vector<PlannedRun> plan;
  for (const PatternRun& run : ClassRuns(t, first, last)) {
    PlannedRun& p = plan.emplace_back(PlannedRun{run, {}});
    for (const Variant* v : variants) {
      const bool by_pattern = v->on_runs == OnRuns::kByPattern;
      p.answers.push_back(by_pattern ? RunAnswer{} : AnswerOnRun(t, *v, run));
    }
    const uint64_t length = run.last - run.first + 1;
    tally.patterns += length;
    CountClass(t, oracle::ClassifyWithSign(t, run.first), tally, length);
  }
  return plan;
}

// The mismatches of one chunk, all variants: every one counted, the first
// kKeep of each run segment kept (AddFound keeps the lowest of those).
struct Found {
  uint64_t count = 0;
  std::vector<Mismatch> first;
};

void Record(Found& found, size_t& kept, const Mismatch& m) {
  ++found.count;
  if (kept < Tally::kKeep) {
    found.first.push_back(m);
    ++kept;
  }
}

// The outputs `out` of patterns `at`... against an answer that is neither a
// constant nor the pattern itself, a block at a time: the loop that finds
// no mismatch has no branch in it.
template <typename U>
void CheckForm(const Variant& v, const RunAnswer& answer, uint64_t at,
               size_t n, const uint8_t* out, Found& found, size_t& kept) {
  const U keep = static_cast<U>(answer.keep);
  const U flip = static_cast<U>(answer.flip);
  const U sign = answer.negate ? U(~U{0}) : U{0};  // -p is (p ^ sign) - sign
  constexpr size_t kBlock = 256;
  for (size_t b = 0; b < n; b += kBlock) {
    const size_t m = std::min(kBlock, n - b);
    bool differs = false;
    for (size_t i = b; i < b + m; ++i) {
      const U p = static_cast<U>(at + i);
      const U signed_p = static_cast<U>((p ^ sign) - sign);
      const U want = static_cast<U>((signed_p & keep) ^ flip);
      U got;
      std::memcpy(&got, out + i * sizeof(U), sizeof(U));
      differs |= got != want;
    }
    if (!differs) continue;
    for (size_t i = b; i < b + m; ++i) {
      U got;
      std::memcpy(&got, out + i * sizeof(U), sizeof(U));
      const uint64_t want = answer.On(at + i, static_cast<U>(~U{0}));
      if (got != want) Record(found, kept, {&v, at + i, want, got});
    }
  }
}

// Outputs `out` of `v` for patterns `at`... against the oracle's answer for
// each: the check of an op that declares no answer over a class run.
void CheckEach(const DTypeInfo& t, const Variant& v, uint64_t at, size_t n,
               const uint8_t* out, Found& found, size_t& kept) {
  const DTypeInfo& ot = OutputType(v, t);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t want = v.Oracle(t, at + i);
    const uint64_t got = LoadBits(ot, out, i);
    if (got != want) Record(found, kept, {&v, at + i, want, got});
  }
}

// Outputs `out` of `v` for patterns `at`... (whose bits are `in`) against
// one answer. The common case is one vector scan or a few memcmp calls; on
// a mismatch the scan resumes after it, so a few wrong outputs cost little.
void CheckSegment(const DTypeInfo& t, const Variant& v, const RunAnswer& answer,
                  uint64_t at, size_t n, const uint8_t* in, const uint8_t* out,
                  Found& found) {
  const DTypeInfo& ot = OutputType(v, t);
  const size_t width = ElementBytes(ot);  // a variant's dtype is byte-wide
  size_t kept = 0;
  const uint64_t all = ot.all_bits();
  if (ot.code == t.code && answer.echo(all)) {
    constexpr size_t kBlock = 256;
    for (size_t b = 0; b < n; b += kBlock) {
      const size_t m = std::min(kBlock, n - b);
      if (std::memcmp(out + b * width, in + b * width, m * width) == 0) {
        continue;
      }
      for (size_t i = b; i < b + m; ++i) {
        const uint64_t got = LoadBits(ot, out, i);
        if (got != at + i) Record(found, kept, {&v, at + i, at + i, got});
      }
    }
    return;
  }
  if (!answer.constant()) {
    switch (ot.bits) {
      case 8:
        return CheckForm<uint8_t>(v, answer, at, n, out, found, kept);
      case 16:
        return CheckForm<uint16_t>(v, answer, at, n, out, found, kept);
      case 32:
        return CheckForm<uint32_t>(v, answer, at, n, out, found, kept);
      default:
        return CheckForm<uint64_t>(v, answer, at, n, out, found, kept);
    }
  }
  const uint64_t value = answer.flip & all;
  for (size_t i = 0;; ++i) {
    i += simd::FindNotEqual(ot.bits, out + i * width, n - i, value);
    if (i >= n) return;
    Record(found, kept, {&v, at + i, value, LoadBits(ot, out, i)});
  }
}

// Checks the outputs of variant `k` for patterns `at` to `at + n - 1`
// against every planned run that overlaps them, or against the oracle
// pattern by pattern where the variant declares no run answer (its output
// may be packed: it is read by element index).
void CheckChunk(const DTypeInfo& t, const Variant& v, size_t k,
                std::span<const PlannedRun> plan, uint64_t at, size_t n,
                const uint8_t* in, const uint8_t* out, Found& found) {
  if (v.on_runs == OnRuns::kByPattern) {
    size_t kept = 0;
    return CheckEach(t, v, at, n, out, found, kept);
  }
  const uint64_t end = at + (n - 1);
  auto run = std::ranges::partition_point(
      plan, [&](const PlannedRun& p) { return p.run.last < at; });
  const size_t in_width = ElementBytes(t);  // a variant's dtype is byte-wide
  const size_t out_width = ElementBytes(OutputType(v, t));
  for (; run != plan.end() && run->run.first <= end; ++run) {
    const uint64_t from = std::max(at, run->run.first);
    const uint64_t to = std::min(end, run->run.last);
    const size_t offset = from - at;
    CheckSegment(t, v, run->answers[k], from, to - from + 1,
                 in + offset * in_width, out + offset * out_width, found);
  }
}

// Keeps the first mismatches in pattern order, then variant order, as the
// per-pattern check reports them.
void AddFound(Found& found, Tally& tally) {
  tally.mismatches += found.count;
  std::ranges::stable_sort(found.first, {}, &Mismatch::input);
  for (const Mismatch& m : found.first) {
    if (tally.first.size() < Tally::kKeep) tally.first.push_back(m);
  }
}

// Only the variants of one input whose kernel is defined on `t` are run.
std::vector<const Variant*> Applicable(const DTypeInfo& t, Variants variants) {
  std::vector<const Variant*> kept;
  for (const Variant* v : variants) {
    if (v->arity() == 1 && v->Defines(t)) kept.push_back(v);
  }
  return kept;
}

}  // namespace

void Tally::Append(const Tally& later) {
  patterns += later.patterns;
  nans += later.nans;
  infinities += later.infinities;
  zeros += later.zeros;
  mismatches += later.mismatches;
  checked += later.checked;
  for (const Mismatch& m : later.first) {
    if (first.size() < kKeep) first.push_back(m);
  }
}

Tally VerifyPatterns(const DTypeInfo& t, Variants variants,
                     std::span<const uint64_t> patterns) {
  const std::vector<const Variant*> kept = Applicable(t, variants);
  Tally total;
  for (size_t at = 0; at < patterns.size(); at += kChunk) {
    const size_t n = std::min<size_t>(kChunk, patterns.size() - at);
    total.Append(VerifyChunk(t, kept, patterns.subspan(at, n)));
  }
  return total;
}

// 64-bit counters and an inclusive end: the last pattern (0xFFFF for a
// 16-bit type) is never skipped. The inputs are consecutive patterns, so
// they are written by a vector fill, and each kernel's outputs are checked
// against the answers of the class runs they cross.
Tally VerifyRange(const DTypeInfo& t, Variants variants, uint64_t first,
                  uint64_t last) {
  const std::vector<const Variant*> kept = Applicable(t, variants);
  Tally total;
  const std::vector<PlannedRun> plan = PlanRuns(t, kept, first, last, total);
  // The plan has counted the patterns and classes; with no kernel to run
  // (a dtype no variant defines, such as the packed ones) that is all.
  if (kept.empty()) return total;
  thread_local Scratch scratch;
  scratch.outputs.resize(kept.size());
  for (uint64_t at = first;; at += kChunk) {
    const uint64_t end = std::min(last, at + (kChunk - 1));
    const size_t n = end - at + 1;
    scratch.input.resize(StorageBytes(t, n));
    FillPatterns(t, at, scratch.input.data(), n);
    Found found;
    for (size_t k = 0; k < kept.size(); ++k) {
      RunKernel(t, *kept[k], scratch.input.data(), n, scratch.outputs[k]);
      total.checked += n;
      CheckChunk(t, *kept[k], k, plan, at, n, scratch.input.data(),
                 scratch.outputs[k].data(), found);
    }
    AddFound(found, total);
    if (end == last) break;
  }
  return total;
}

Tally CheckRange(const DTypeInfo& t, const Variant& v, uint64_t first,
                 const void* outputs, size_t n) {
  std::vector<uint8_t> input(StorageBytes(t, n));
  FillPatterns(t, first, input.data(), n);
  return CheckRange(t, v, first, input.data(), outputs, n);
}

Tally CheckRange(const DTypeInfo& t, const Variant& v, uint64_t first,
                 const void* inputs, const void* outputs, size_t n) {
  Tally tally;
  if (n == 0) return tally;
  const Variant* const variants[] = {&v};
  const std::vector<PlannedRun> plan =
      PlanRuns(t, variants, first, first + (n - 1), tally);
  Found found;
  CheckChunk(t, v, 0, plan, first, n, static_cast<const uint8_t*>(inputs),
             static_cast<const uint8_t*>(outputs), found);
  AddFound(found, tally);
  tally.checked += n;
  return tally;
}

void FillPatterns(const DTypeInfo& t, uint64_t first, void* out, size_t n) {
  if (t.packed()) {  // the vector fill writes whole lanes
    for (size_t i = 0; i < n; ++i) StoreBits(t, out, i, first + i);
    return;
  }
  simd::FillSequence(t.bits, out, n, first);
}

}  // namespace onnxcts
