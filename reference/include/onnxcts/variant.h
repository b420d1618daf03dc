// What a sweep checks: one operator with one set of attribute values, on
// every pattern of each dtype it defines (an op of one input) or on every
// pair of patterns (an op of two: Max, Min, the comparisons, the bitwise
// and logical ops). Each operator's file
// (reference/src/ops/<op>.cc) defines its variants beside its schemas, and
// everything that sweeps, verifies, fuzzes or benchmarks kernels iterates
// over AllVariants() instead of naming an op.
#ifndef ONNXCTS_VARIANT_H_
#define ONNXCTS_VARIANT_H_

#include <cstddef>
#include <climits>
#include <cstdint>
#include <span>
#include <string_view>

#include "onnxcts/dtype.h"

namespace onnxcts {

// An attribute's value, as the variant's model sets it: an INT's value, or
// for a STRING of listed choices (Cast's round_mode) or a FLOAT of listed
// values (LeakyRelu's alpha) the index of its value among them.
struct IntAttribute {
  std::string_view name;
  int64_t value;
};

// Consecutive patterns, `first` to `last` inclusive, on which the oracle sees
// one value class and one sign (ClassRuns() in verify.h).
struct PatternRun {
  uint64_t first;
  uint64_t last;
};

// What a variant answers on every pattern `p` of a run:
// ((negate ? -p : p) & keep) ^ flip, in the output's width. A constant c is
// {false, 0, c}; the pattern itself (Sign of a NaN) is {false, ~0, 0}; Abs of
// a float clears the sign bit, Neg of an integer negates.
struct RunAnswer {
  bool negate = false;
  uint64_t keep = 0;
  uint64_t flip = 0;

  uint64_t On(uint64_t p, uint64_t all) const {
    return (((negate ? 0 - p : p) & keep) ^ flip) & all;
  }
  bool constant() const { return !negate && keep == 0; }
  bool echo(uint64_t all) const {
    return !negate && (keep & all) == all && flip == 0;
  }
};

// What a sweep may assume of a variant's answers over a class run (a run of
// patterns of one value class and sign, ClassRuns() in verify.h). The op
// declares it; no shortcut is taken that it did not declare.
enum class OnRuns : uint8_t {
  // None: each output is checked against the oracle's answer for its own
  // pattern (a conversion, whose answer varies within a class).
  kByPattern,
  // One constant over the run, or the pattern itself (the predicates, Sign
  // of a NaN): read from the oracle at the run's ends and middle.
  kClassAnswer,
  // The variant's own `on_run` says (Abs, Neg).
  kOwnRule,
};

// The output dtype of a variant whose output has its input's dtype.
inline constexpr DType kInputDType = DType{0};

struct Variant {
  std::string_view name = {};  // "isinf_pos": in sweep reports, mismatches
  std::string_view op = {};    // "IsInf"
  // The attributes of the op that change its answer, at this variant's
  // values (Cast's `saturate`). A dtype attribute (Cast's `to`) is not
  // among them: `output` keys the target.
  std::span<const IntAttribute> attributes = {};
  // The op versions (since_version) it stands for: all of them, unless the
  // spec changed an answer between versions (Cast-24: ±inf into the fnuz
  // types with saturation).
  int first_version = 0;
  int last_version = INT_MAX;
  // The output's dtype: kInputDType, or a fixed one (bool for a predicate,
  // stored as one byte of 0 or 1; a cast's target, which a node selects by
  // the output dtype it makes).
  DType output = kInputDType;
  // Whether the kernel is defined on inputs of `t` at some opset.
  bool (*defines)(const Variant& v, const DTypeInfo& t) = nullptr;
  // The kernel on `n` elements of `t` at `in` (kernels.h's contract); null
  // for an op of two inputs.
  void (*kernel)(const Variant& v, const DTypeInfo& t, const void* in,
                 void* out, size_t n) = nullptr;
  // The plain oracle's answer for one pattern: output bits.
  uint64_t (*oracle)(const Variant& v, const DTypeInfo& t,
                     uint64_t bits) = nullptr;
  OnRuns on_runs = OnRuns::kByPattern;
  // The answer on a class run, for kOwnRule.
  RunAnswer (*on_run)(const DTypeInfo& t, const PatternRun& run) = nullptr;
  // An op of two inputs sets these instead of `kernel` and `oracle`: the
  // kernel on `n` elements of `a` and `b` each, element by element (`out`
  // may be `a`), and the oracle's answers on the pairs of patterns (a[i],
  // b[i]) into want[i], many a call, as the checks of 2^32 pairs need (an
  // oracle of one pair at a time is EachPair's).
  void (*pair_kernel)(const DTypeInfo& t, const void* a, const void* b,
                      void* out, size_t n) = nullptr;
  void (*pair_oracle)(const DTypeInfo& t, std::span<const uint64_t> a,
                      std::span<const uint64_t> b,
                      std::span<uint64_t> want) = nullptr;
  // For an op of two inputs: the second input's patterns where the spec
  // leaves the answer open and a backend may die (x86's integer division
  // traps on a divisor of 0, and of -1 with MIN). The suite keeps them out
  // of every case but those of their own, one per dtype and per name in
  // `fatal_cases` ("divisor_zero", "divisor_minus_one"), so that a crash
  // costs that case only, and one refusal (of any zero) hides no other.
  // `fatal_second` gives a pattern's place among them plus one, or 0.
  size_t (*fatal_second)(const DTypeInfo& t, uint64_t b) = nullptr;
  std::span<const std::string_view> fatal_cases = {};

  // How many patterns one output element depends on: 1 or 2.
  size_t arity() const { return pair_kernel != nullptr ? 2 : 1; }
  bool Defines(const DTypeInfo& t) const { return defines(*this, t); }
  void Kernel(const DTypeInfo& t, const void* in, void* out, size_t n) const {
    kernel(*this, t, in, out, n);
  }
  uint64_t Oracle(const DTypeInfo& t, uint64_t bits) const {
    return oracle(*this, t, bits);
  }
  // The value of INT attribute `name`; `otherwise` when it has none.
  int64_t Attribute(std::string_view name, int64_t otherwise) const;
  // The oracle's answer on one pair.
  uint64_t PairOracle(const DTypeInfo& t, uint64_t a, uint64_t b) const {
    uint64_t want = 0;
    pair_oracle(t, std::span(&a, 1), std::span(&b, 1), std::span(&want, 1));
    return want;
  }
};

// EachPair()
//
// A Variant::pair_oracle of an oracle of one pair at a time.
template <uint64_t (*Oracle)(const DTypeInfo& t, uint64_t a, uint64_t b)>
void EachPair(const DTypeInfo& t, std::span<const uint64_t> a,
              std::span<const uint64_t> b, std::span<uint64_t> want) {
  for (size_t i = 0; i < want.size(); ++i) want[i] = Oracle(t, a[i], b[i]);
}

// KernelsCover()
//
// Whether the reference kernels are written for `t` at all: whole-byte
// elements and, for floats, a format with a sign bit and a zero. The packed
// types and float8e8m0 are in no operator's type constraints yet, and the
// kernels' bit tricks assume both; every variant's `defines` implies this.
constexpr bool KernelsCover(const DTypeInfo& t) {
  return !t.packed() &&
         (!t.is_float() || (t.format.has_sign() && t.format.has_zero()));
}

// AllVariants()
//
// Every variant of every operator, in the order of the operator registry.
std::span<const Variant* const> AllVariants();

// FindVariant()
//
// The variant named `name` ("isinf_pos"), or nullptr.
const Variant* FindVariant(std::string_view name);

// The dtype of `v`'s output on inputs of `t`.
inline const DTypeInfo& OutputType(const Variant& v, const DTypeInfo& t) {
  return v.output == kInputDType ? t : Info(v.output);
}

}  // namespace onnxcts

#endif  // ONNXCTS_VARIANT_H_
