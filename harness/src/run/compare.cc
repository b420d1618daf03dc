#include "run/compare.h"

#include <bit>
#include <cmath>

#include <fmt/core.h>

#include "onnxcts/oracle.h"

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

Verdict CompareElement(const DTypeInfo& t, uint64_t want, uint64_t got,
                       const DTypeInfo* in_type, uint64_t in,
                       const CompareRules& rules) {
  if (want == got) return Verdict::kMatch;
  if (!t.is_float()) return Verdict::kMismatch;
  if (rules.schema == nullptr) {
    return WithinTolerance(t, want, got, rules) ? Verdict::kMatch
                                                : Verdict::kMismatch;
  }
  if (oracle::IsNaN(t, want) && oracle::IsNaN(t, got)) return Verdict::kMatch;
  const bool silent = rules.schema->deviation != nullptr &&
                      in_type != nullptr && in_type->code == t.code &&
                      rules.schema->deviation(t, in, want, got);
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

// The class a mismatch is counted under: its input's where there is one.
std::string ValueClass(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) return bits ? "true" : "false";
  return oracle::ClassName(t, bits);
}

void Record(OutputComparison& detail, const std::string& value_class,
            MismatchExample example) {
  ClassMismatches& c = detail.by_class[value_class];
  ++c.count;
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
  return fmt::format("0x{:0{}x}", bits, t.bits / 4);
}

Comparison CompareOutput(int k, const Tensor& expected, const Tensor& actual,
                         const Tensor* input, const CompareRules& rules) {
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
  if (input != nullptr && input->count() != n) input = nullptr;
  const DTypeInfo* in_type = input ? &Info(input->dtype) : nullptr;
  result.detail.elements = n;
  // Equal bits match under every rule; most outputs are, and one memcmp
  // costs far less than decoding each element.
  if (expected.bytes == actual.bytes) return result;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t want = LoadBits(t, expected.bytes.data(), i);
    const uint64_t got = LoadBits(t, actual.bytes.data(), i);
    const uint64_t in = input ? LoadBits(*in_type, input->bytes.data(), i) : 0;
    const Verdict v = CompareElement(t, want, got, in_type, in, rules);
    if (v == Verdict::kMatch) continue;
    (v == Verdict::kDeviation ? result.detail.deviations
                              : result.detail.mismatches)++;
    const std::string value_class =
        in_type ? ValueClass(*in_type, in) : ValueClass(t, want);
    Record(result.detail, value_class,
           {i, in_type ? HexBits(*in_type, in) : "", HexBits(t, want),
            HexBits(t, got)});
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
