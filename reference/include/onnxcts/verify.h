// Kernel-against-oracle verification over ranges and sets of bit patterns:
// the engine behind the exhaustive proofs and `onnxcts sweep`.
#ifndef ONNXCTS_VERIFY_H_
#define ONNXCTS_VERIFY_H_

#include <cstdint>
#include <span>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/variant.h"

namespace onnxcts {

// The variants to check: a list of AllVariants()'s entries.
using Variants = std::span<const Variant* const>;

struct Mismatch {
  const Variant* variant;
  uint64_t input;
  uint64_t expected;
  uint64_t actual;
  uint64_t second = 0;  // the second input's pattern, for a pair variant
};

struct Tally {
  static constexpr size_t kKeep = 8;  // first mismatches kept, by pattern

  uint64_t patterns = 0;
  uint64_t nans = 0;
  uint64_t infinities = 0;
  uint64_t zeros = 0;
  uint64_t mismatches = 0;
  // Answers checked: patterns times the variants run on them (0 when no
  // variant applies to the dtype: a test must not pass on that).
  uint64_t checked = 0;
  std::vector<Mismatch> first;

  // Adds a tally of patterns that all come after this one's.
  void Append(const Tally& later);
};

// VerifyRange()
//
// Runs each variant's kernel over patterns `first` to `last` inclusive of
// dtype `t` and compares every output with the oracle's answer for its run
// (see ClassRuns below): a vector compare per run instead of an oracle call
// per pattern.
Tally VerifyRange(const DTypeInfo& t, Variants variants, uint64_t first,
                  uint64_t last);

// VerifyPatterns()
//
// The same over an explicit list of patterns (samples of 64-bit types).
Tally VerifyPatterns(const DTypeInfo& t, Variants variants,
                     std::span<const uint64_t> patterns);

// ClassRuns()
//
// Splits patterns `first` to `last` (inclusive, `first <= last`) of `t` into
// class runs, in order. The cuts come from the dtype table alone;
// pattern_runs.cc says why they are enough.
std::vector<PatternRun> ClassRuns(const DTypeInfo& t, uint64_t first,
                                  uint64_t last);

// AnswerOnRun()
//
// The answer of `v` on `run`: the variant's own `on_run` where it has one,
// else one constant or each pattern itself, read from the plain oracle at
// the run's first, middle and last patterns. Throws std::logic_error when
// the answer and the oracle disagree at one of those (a run that is not one
// class).
RunAnswer AnswerOnRun(const DTypeInfo& t, const Variant& v,
                      const PatternRun& run);

// CheckRange()
//
// Compares `n` outputs of the kernel of `v`, as it wrote them (one byte each
// for the predicates, `t` for Sign) for patterns `first`, `first + 1`, ...,
// with the oracle, run by run: the check VerifyRange makes of each kernel.
// The tally counts patterns, classes and mismatches.
Tally CheckRange(const DTypeInfo& t, const Variant& v, uint64_t first,
                 const void* outputs, size_t n);

// The same, given the inputs too (patterns `first`, `first + 1`, ... as
// FillPatterns writes them), which saves making them again.
Tally CheckRange(const DTypeInfo& t, const Variant& v, uint64_t first,
                 const void* inputs, const void* outputs, size_t n);

// PairPatterns()
//
// The patterns of `t` that a pair sweep pairs with each other: every
// pattern of dtypes up to 16 bits (0 and 1 for bool); for wider ones the
// stratified edges (StratifiedPatterns without random interiors) of every
// exponent up to 256 of them and of the exponents around zero, one and
// infinity, both signs. Sorted; the same on every machine.
std::vector<uint64_t> PairPatterns(const DTypeInfo& t);

// VerifyPairs()
//
// Runs the kernel of each variant of two inputs on pairs `first` to `last`
// inclusive of the pair space of `patterns` (pair i is patterns[i / N] and
// patterns[i % N], N = patterns.size()) and compares every output with the
// oracle's answer for its pair. Variants of one input are skipped.
Tally VerifyPairs(const DTypeInfo& t, Variants variants,
                  std::span<const uint64_t> patterns, uint64_t first,
                  uint64_t last);

// FillPatterns()
//
// Writes patterns `first`, `first + 1`, ... of `t` to `n` elements at `out`,
// with vector code.
void FillPatterns(const DTypeInfo& t, uint64_t first, void* out, size_t n);

}  // namespace onnxcts

#endif  // ONNXCTS_VERIFY_H_
