#include "run/compare.h"

#include <bit>
#include <cmath>
#include <optional>
#include <span>

#include <fmt/core.h>

#include "onnxcts/broadcast.h"
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
                       const DTypeInfo* in_type, std::span<const uint64_t> in,
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
    return Verdict::kMatch;
  }
  static const Attributes kNone;
  const ElementAnswer answer{in_type, in, &t, want, got,
                             rules.attributes ? rules.attributes : &kNone};
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

// The class a mismatch is counted under: its input's where there is one.
std::string ValueClass(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) return bits ? "true" : "false";
  return oracle::ClassName(t, bits);
}

// The element inputs as the output's elements read them, broadcast (a
// type_only input of `schema`, CastLike's target_type, is none); none when
// one of them does not broadcast to the output's shape or their dtypes
// differ.
class ElementInputs {
 public:
  ElementInputs(std::span<const Tensor* const> all,
                const std::vector<int64_t>& out_dims, const OpSchema* schema) {
    std::vector<const Tensor*> inputs;
    for (size_t i = 0; i < all.size(); ++i) {
      if (schema == nullptr || schema->ElementInput(i)) {
        inputs.push_back(all[i]);
      }
    }
    for (const Tensor* x : inputs) {
      if (x == nullptr) {
        inputs_.clear();
        index_.clear();
        return;
      }
      const Dims pair[] = {x->dims, out_dims};
      const std::optional<Dims> to = BroadcastDims(pair);
      if (!to || *to != out_dims || x->dtype != inputs[0]->dtype) {
        inputs_.clear();
        index_.clear();
        return;
      }
      inputs_.push_back(x);
      index_.emplace_back(x->dims, out_dims);
    }
    if (!inputs_.empty()) type_ = &Info(inputs_[0]->dtype);
    bits_.resize(inputs_.size());
  }

  const DTypeInfo* type() const { return type_; }

  // The inputs' patterns at output element `i`.
  std::span<const uint64_t> At(size_t i) {
    for (size_t k = 0; k < inputs_.size(); ++k) {
      bits_[k] = LoadBits(*type_, inputs_[k]->bytes.data(), index_[k](i));
    }
    return bits_;
  }

  std::string Classes(std::span<const uint64_t> bits) const {
    std::string text;
    for (uint64_t b : bits) text += (text.empty() ? "" : ",") + ValueClass(*type_, b);
    return text;
  }

  std::string Hex(std::span<const uint64_t> bits) const {
    std::string text;
    for (uint64_t b : bits) text += (text.empty() ? "" : ",") + HexBits(*type_, b);
    return text;
  }

 private:
  std::vector<const Tensor*> inputs_;
  std::vector<BroadcastIndex> index_;
  std::vector<uint64_t> bits_;
  const DTypeInfo* type_ = nullptr;
};

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
  ElementInputs element_inputs(inputs, expected.dims, rules.schema);
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
    const Verdict v = CompareElement(t, want, got, in_type, in, rules);
    if (v == Verdict::kMatch) continue;
    (v == Verdict::kDeviation ? result.detail.deviations
                              : result.detail.mismatches)++;
    const std::string value_class =
        in_type ? element_inputs.Classes(in) : ValueClass(t, want);
    Record(result.detail, value_class,
           {i, in_type ? element_inputs.Hex(in) : "", HexBits(t, want),
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
