#include "run/compare.h"

#include <bit>
#include <cmath>
#include <functional>
#include <optional>
#include <span>

#include <fmt/core.h>

#include "onnxcts/oracle.h"
#include "run/element_inputs.h"
#include "run/ulp_distance.h"

namespace onnxcts {
namespace {

enum class Verdict { kMatch, kDeviation, kMismatch };

double Decode(const DTypeInfo& t, uint64_t bits) {
  if (t.bits == 64) return std::bit_cast<double>(bits);
  return oracle::Value(t, bits);
}

bool WithinTolerance(const DTypeInfo& t, uint64_t want, uint64_t got,
                     const CompareRules& rules) {
  const double e = Decode(t, want);
  const double a = Decode(t, got);
  if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a)) return e == a;
  return std::fabs(a - e) <= rules.atol + rules.rtol * std::fabs(e);
}

Verdict CompareGraphElement(const DTypeInfo& t, uint64_t want, uint64_t got,
                            size_t i, const CompareRules& rules) {
  if (t.is_float() && oracle::IsNaN(t, want) && oracle::IsNaN(t, got)) {
    return Verdict::kMatch;
  }
  const bool open = i < rules.open.size() && rules.open[i] != 0;
  return open ? Verdict::kDeviation : Verdict::kMismatch;
}

Verdict CompareElement(const DTypeInfo& t, uint64_t want, uint64_t got,
                       const DTypeInfo* in_type, std::span<const uint64_t> in,
                       std::span<const DType> in_types,
                       const CompareRules& rules) {
  if (want == got) return Verdict::kMatch;
  if (rules.schema == nullptr) {
    return t.is_float() && WithinTolerance(t, want, got, rules)
               ? Verdict::kMatch
               : Verdict::kMismatch;
  }
  // An integer op has silent spots too (Abs of INT_MIN), so its rule is
  // asked as well; only the NaN rule is for floats alone.
  if (t.is_float() && oracle::IsNaN(t, want) && oracle::IsNaN(t, got)) {
    return rules.schema->keeps_nan_payload ? Verdict::kDeviation
                                           : Verdict::kMatch;
  }
  static const Attributes kNone;
  const ElementAnswer answer{
      .input = in_type,
      .inputs = in,
      .types = in_types,
      .output = &t,
      .expected = want,
      .actual = got,
      .attributes = rules.attributes ? rules.attributes : &kNone};
  const bool silent = rules.schema->deviation != nullptr &&
                      in_type != nullptr && !in.empty() &&
                      rules.schema->deviation(*rules.schema, answer);
  return silent ? Verdict::kDeviation : Verdict::kMismatch;
}

std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    s += (i ? "," : "") + std::to_string(dims[i]);
  }
  return s + "]";
}

std::string DTypeText(int32_t code) {
  const DTypeInfo* t = FindDType(code);
  return t ? std::string(t->name) : fmt::format("code {}", code);
}

void Record(OutputComparison& detail, const std::string& value_class,
            bool deviation, MismatchExample example) {
  ClassMismatches& c = detail.by_class[value_class];
  ++c.count;
  c.deviations += deviation;
  if (c.examples.size() < kExamplesPerClass) c.examples.push_back(example);
}

}  // namespace

// Count, dtype and shape must match before any element is compared.
std::string StructureProblem(int k, int32_t want,
                             const std::vector<int64_t>& want_dims, int32_t got,
                             const std::vector<int64_t>& got_dims) {
  const std::string where = "output_" + std::to_string(k);
  if (got != want) {
    return fmt::format("{}: dtype {}, expected {}", where, DTypeText(got),
                       DTypeText(want));
  }
  if (got_dims != want_dims) {
    return fmt::format("{}: shape {}, expected {}", where, ShapeText(got_dims),
                       ShapeText(want_dims));
  }
  return "";
}

std::string HexBits(const DTypeInfo& t, uint64_t bits) {
  return fmt::format("0x{:0{}x}", bits, (t.bits + 3) / 4);  // int2: one digit
}

Comparison CompareOutput(int k, const Tensor& expected, const Tensor& actual,
                         std::span<const Tensor* const> inputs,
                         const CompareRules& rules) {
  Comparison result;
  result.detail.output = k;
  result.detail.dtype = Name(expected.dtype);
  result.message = StructureProblem(
      k, static_cast<int32_t>(expected.dtype), expected.dims,
      static_cast<int32_t>(actual.dtype), actual.dims);
  if (!result.message.empty()) {
    result.status = Status::kInvalidOutput;
    return result;
  }
  const DTypeInfo& t = Info(expected.dtype);
  const size_t n = expected.count();
  ElementInputs element_inputs(inputs, expected.dims, rules.schema,
                               rules.attributes);
  const DTypeInfo* in_type = element_inputs.type();
  result.detail.elements = n;
  // Equal bits match under every rule; most outputs are, and one memcmp
  // costs far less than decoding each element.
  if (expected.bytes == actual.bytes) return result;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t want = LoadBits(t, expected.bytes.data(), i);
    const uint64_t got = LoadBits(t, actual.bytes.data(), i);
    const std::span<const uint64_t> in =
        in_type ? element_inputs.At(i) : std::span<const uint64_t>{};
    const Verdict v =
        want == got  ? Verdict::kMatch
        : rules.graph ? CompareGraphElement(t, want, got, i, rules)
                      : CompareElement(t, want, got, in_type, in,
                                       element_inputs.types(), rules);
    if (v == Verdict::kMatch) continue;
    (v == Verdict::kDeviation ? result.detail.deviations
                              : result.detail.mismatches)++;
    const std::string value_class =
        in_type ? element_inputs.Classes(in) : ValueClass(t, want);
    const std::optional<uint64_t> ulp = UlpDistance(t, want, got);
    result.detail.max_ulp = MaxUlp(result.detail.max_ulp, ulp);
    Record(result.detail, value_class, v == Verdict::kDeviation,
           {i, in_type ? element_inputs.Hex(in) : "", HexBits(t, want),
            HexBits(t, got), ulp});
  }
  if (result.detail.mismatches > 0) {
    result.status = Status::kFail;
    result.message = fmt::format("output_{}: {} of {} elements differ", k,
                                 result.detail.mismatches, n);
  } else if (result.detail.deviations > 0) {
    result.status = Status::kDeviation;
    result.message = fmt::format(
        "output_{}: {} of {} elements differ where the spec is silent", k,
        result.detail.deviations, n);
  }
  return result;
}

}  // namespace onnxcts
