// Class runs: why checking a kernel run by run is still checking it against
// the oracle on every pattern.
//
// The oracle (oracle.cc) answers the predicates and Sign from a pattern's
// value class and sign, plus, for Sign of a NaN only, the pattern itself;
// Abs and Neg keep a float's exponent and mantissa, and answer an integer
// from the sign of its value and its two's complement. For a float
// pattern those come from these tests and no others: the sign bit; the
// biased exponent (== 0, == all ones, else); the mantissa == 0, == all ones
// (the finite-only NaN) and its top bit (quiet or signalling NaN). Within
// one sign-and-exponent block, the mantissa ranges [0], [1, quiet - 1],
// [quiet, max - 1] and [max] each hold every one of those tests constant, so
// the class and sign are constant on each range. For integers the oracle
// tests == 0, == the minimum, == the maximum and the sign of the value;
// cutting before 1, 2^(b-1) - 1, 2^(b-1), 2^(b-1) + 1 and all ones leaves
// ranges on which each of those is constant. A cut that a format does not
// need (an fnuz float has no quiet bit) only makes a run shorter.
//
// On such a run every predicate answers one constant, and Sign answers one
// constant (not a NaN) or the pattern itself (a NaN): those ops declare it
// (OnRuns::kClassAnswer), and AnswerOnRun reads which from the plain
// per-pattern oracle at the run's ends and middle. Abs and Neg answer the
// pattern with its sign bit cleared or flipped (floats), or negated or not
// by the run's sign (integers): the op says which (OnRuns::kOwnRule,
// Variant::on_run). Either way AnswerOnRun checks the answer against the
// plain oracle at those three patterns, and refuses a run where they
// disagree. An op that declares neither (a conversion, whose answer changes
// inside a class) is checked pattern by pattern. The tests compare run answers with the per-pattern oracle on
// every pattern of every dtype up to 16 bits and on random 32-bit stretches.
#include <optional>
#include <stdexcept>
#include <string>

#include "onnxcts/oracle.h"
#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

// The first pattern after `p` that starts a run, or none when the run of
// `p` reaches the last pattern of the dtype.
std::optional<uint64_t> NextCut(const DTypeInfo& t, uint64_t p) {
  if (t.is_float()) {
    const FloatFormat& f = t.format;
    const uint64_t mantissa_max = f.mantissa_mask();
    const uint64_t block = p & ~mantissa_max;  // sign and exponent
    const uint64_t mantissa = p & mantissa_max;
    for (uint64_t cut : {uint64_t{1}, f.quiet_bit(), mantissa_max}) {
      // A format without a mantissa (float8e8m0) has no cut inside a block.
      if (cut > mantissa && cut <= mantissa_max) return block | cut;
    }
    if (block == (t.all_bits() & ~mantissa_max)) return std::nullopt;
    return block + mantissa_max + 1;
  }
  const uint64_t half = uint64_t{1} << (t.bits - 1);
  for (uint64_t cut : {uint64_t{1}, half - 1, half, half + 1, t.all_bits()}) {
    if (cut > p) return cut;
  }
  return std::nullopt;
}

bool SameClass(oracle::Classified a, oracle::Classified b) {
  return a.value_class == b.value_class && a.negative == b.negative;
}

[[noreturn]] void NotOneClass(const DTypeInfo& t, const PatternRun& run) {
  throw std::logic_error("patterns " + std::to_string(run.first) + " to " +
                         std::to_string(run.last) + " of " +
                         std::string(t.name) + " are not one oracle class");
}

}  // namespace

std::vector<PatternRun> ClassRuns(const DTypeInfo& t, uint64_t first,
                                  uint64_t last) {
  std::vector<PatternRun> runs;
  for (uint64_t p = first;;) {
    const std::optional<uint64_t> next = NextCut(t, p);
    if (!next || *next > last) {
      runs.push_back({p, last});
      return runs;
    }
    runs.push_back({p, *next - 1});
    p = *next;
  }
}

RunAnswer AnswerOnRun(const DTypeInfo& t, const Variant& v,
                      const PatternRun& run) {
  const uint64_t middle = run.first + (run.last - run.first) / 2;
  const oracle::Classified c = oracle::ClassifyWithSign(t, run.first);
  for (uint64_t p : {middle, run.last}) {
    if (!SameClass(c, oracle::ClassifyWithSign(t, p))) NotOneClass(t, run);
  }
  if (v.on_runs == OnRuns::kByPattern) {
    throw std::logic_error(std::string(v.name) +
                           " declares no answer over a class run");
  }
  const uint64_t a = v.Oracle(t, run.first);
  const uint64_t all = OutputType(v, t).all_bits();
  RunAnswer answer{false, ~uint64_t{0}, 0};  // the pattern itself
  if (v.on_runs == OnRuns::kOwnRule) {
    answer = v.on_run(t, run);
  } else if (a == v.Oracle(t, middle) && a == v.Oracle(t, run.last)) {
    answer = {false, 0, a};
  }
  for (uint64_t p : {run.first, middle, run.last}) {
    if (answer.On(p, all) != v.Oracle(t, p)) NotOneClass(t, run);
  }
  return answer;
}

}  // namespace onnxcts
