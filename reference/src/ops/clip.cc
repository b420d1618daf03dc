// Clip, versions 6, 11, 12 and 13: each element of the input held between
// `min` and `max`: below min it is min, above max it is max, else itself.
// 6 takes the bounds as FLOAT attributes (the suite tries -1 and 0, 1 and
// 6 beside the defaults, float's lowest and highest, each rounded to the
// tensor's type), 11 on as optional scalar inputs of the input's type (a
// parameter each, ParameterRule: one value per case); 12 adds the
// integers, 13 bfloat16. When min is above max every element is max (the
// spec's words, and numpy's clip).
//
// Spec silent, and the reference as ONNX's reference evaluator (numpy's
// clip, whose maximum and minimum carry a NaN through): a NaN input stays
// itself (CPU and CUDA differ there, onnx/onnx#6002), a NaN bound gives
// that bound, where a zero meets a zero of the other sign (Clip(-0) with
// min +0) the input's is kept, and an infinity with its bound left out
// (11 on) stays infinite, though the spec's default "numeric_limits::max()"
// could hold it at the largest finite value. Any other answer at these
// spots is a deviation. Clip-6's defaults are numbers, float's extremes:
// there +inf is held at float's largest value, on double too.
#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/oracle.h"
#include "ops/ops.h"
#include "ops/ordering.h"

namespace onnxcts {
namespace {

bool IsNaN(const DTypeInfo& t, uint64_t bits) {
  return t.is_float() && oracle::IsNaN(t, bits);
}

bool Clip6DType(const DTypeInfo& t) {
  return t.code == DType::kFloat16 || t.code == DType::kFloat ||
         t.code == DType::kDouble;
}

// Less, one pair, through the comparison kernel.
bool KernelLess(const DTypeInfo& t, uint64_t a, uint64_t b) {
  uint8_t x[8];
  uint8_t y[8];
  StoreBits(t, x, 0, a);
  StoreBits(t, y, 0, b);
  uint8_t less = 0;
  CompareKernel(t, OrderedNumber, simd::Comparison::kLess, x, y, &less, 1);
  return less != 0;
}

// The kernel: the bounds settled once (a NaN one, or min above max, makes
// every answer but a NaN input's one value), then two comparisons a block.
void Clamp(const DTypeInfo& t, uint64_t lo, uint64_t hi, const void* in,
           void* out, size_t n) {
  if (!OrderedNumber(t)) {
    throw std::invalid_argument("Clip is not defined on " + std::string(t.name));
  }
  const bool fixed = IsNaN(t, lo) || IsNaN(t, hi) || KernelLess(t, hi, lo);
  const uint64_t all = IsNaN(t, lo) ? lo : hi;
  constexpr size_t kBlock = 1024;
  std::vector<uint8_t> bounds(2 * StorageBytes(t, kBlock));
  uint8_t* los = bounds.data();
  uint8_t* his = bounds.data() + StorageBytes(t, kBlock);
  for (size_t i = 0; i < kBlock; ++i) {
    StoreBits(t, los, i, lo);
    StoreBits(t, his, i, hi);
  }
  uint8_t below[kBlock];
  uint8_t above[kBlock];
  const size_t width = t.bits / 8;
  for (size_t at = 0; at < n; at += kBlock) {
    const size_t m = std::min(kBlock, n - at);
    const auto* x = static_cast<const uint8_t*>(in) + at * width;
    CompareKernel(t, OrderedNumber, simd::Comparison::kLess, x, los, below, m);
    CompareKernel(t, OrderedNumber, simd::Comparison::kLess, his, x, above, m);
    for (size_t i = 0; i < m; ++i) {
      const uint64_t v = LoadBits(t, x, i);
      const uint64_t y = IsNaN(t, v) ? v
                         : fixed     ? all
                         : below[i]  ? lo
                         : above[i]  ? hi
                                     : v;
      StoreBits(t, out, at + i, y);
    }
  }
}

// Plain: the decoded order of each pair.
uint64_t ClampOracle(const DTypeInfo& t, uint64_t lo, uint64_t hi,
                     uint64_t x) {
  if (IsNaN(t, x)) return x;
  if (IsNaN(t, lo)) return lo;
  if (IsNaN(t, hi)) return hi;
  if (OracleOrder(t, hi, lo) == Order::kLess) return hi;
  if (OracleOrder(t, x, lo) == Order::kLess) return lo;
  if (OracleOrder(t, x, hi) == Order::kGreater) return hi;
  return x;
}

// ---- the bounds -----------------------------------------------------

constexpr float kLowest = -3.40282347e38f;
constexpr float kHighest = 3.40282347e38f;
constexpr float kMins[] = {kLowest, -1.0f, 0.0f};
constexpr float kMaxes[] = {kHighest, 1.0f, 6.0f};

// A FLOAT bound in the tensor's type, rounded to nearest even.
uint64_t BoundIn(const DTypeInfo& t, float v) {
  return convert::CastOracle(Info(DType::kFloat), std::bit_cast<uint32_t>(v),
                             t, {});
}

void Clip6Node(std::span<const ConstTensorView> in,
               std::span<const TensorView> out, const Attributes& a) {
  const DTypeInfo& t = Info(in[0].dtype);
  Clamp(t, BoundIn(t, FloatOf(a, "min", kLowest)),
        BoundIn(t, FloatOf(a, "max", kHighest)), in[0].data, out[0].data,
        in[0].count);
}

// Clip-11 on: an absent bound (left out, or "" before a given max) is no
// bound: the dtype's lowest or highest value, an infinity for a float (as
// numpy's clip without it; ONNX's numeric_limits::max() would hold +inf at
// the largest finite value, so that answer is a deviation, Open() below).
uint64_t Extreme(const DTypeInfo& t, bool highest) {
  if (t.is_float()) {
    return highest ? t.format.infinity()
                   : t.format.infinity() | t.format.sign_mask();
  }
  const uint64_t top = uint64_t{1} << (t.bits - 1);
  if (t.kind == Kind::kSigned) return highest ? top - 1 : top;
  return highest ? t.all_bits() : 0;
}

void Clip11Node(std::span<const ConstTensorView> in,
                std::span<const TensorView> out, const Attributes&) {
  const DTypeInfo& t = Info(in[0].dtype);
  const auto bound = [&](size_t k, bool highest) {
    return in.size() > k && in[k].dtype != kAbsentInput
               ? LoadBits(t, in[k].data, 0)
               : Extreme(t, highest);
  };
  Clamp(t, bound(1, false), bound(2, true), in[0].data, out[0].data,
        in[0].count);
}

// ---- parameters (11 on) ------------------------------------------------

std::string ScalarBounds(std::span<const Dims> dims, const Attributes&) {
  for (size_t k = 1; k < dims.size(); ++k) {
    if (!dims[k].empty()) {
      return std::string(k == 1 ? "min" : "max") +
             " must be a scalar (shape []), not of rank " +
             std::to_string(dims[k].size());
    }
  }
  return "";
}

size_t TheOnlyElement(std::span<const Dims>, const Attributes&, size_t,
                      size_t) {
  return 0;
}

uint64_t Encoded(const DTypeInfo& t, double v) {
  if (!t.is_float()) return static_cast<uint64_t>(static_cast<int64_t>(v)) & t.all_bits();
  return convert::CastOracle(Info(DType::kDouble), std::bit_cast<uint64_t>(v),
                             t, {});
}

ParameterCase Bounds(std::span<const DType> types, std::string name,
                     std::string text, Dims x_dims, double lo, double hi) {
  const DTypeInfo& t = Info(types[0]);
  ParameterCase c;
  c.name = std::move(name);
  c.text = std::move(text);
  c.x_dims = std::move(x_dims);
  const double values[] = {lo, hi};
  for (size_t k = 1; k < types.size() && k < 3; ++k) {
    c.dims.push_back({});
    c.patterns.push_back({Encoded(t, values[k - 1])});
  }
  return c;
}

// -1 and 6 (unsigned: 10 and 200): values on both sides of each bound.
ParameterCase OneCase(std::span<const DType> types, const Attributes&,
                      const Dims& shape) {
  const bool unsigned_type = Info(types[0]).kind == Kind::kUnsigned;
  return Bounds(types, "bounds", "bounds", shape, unsigned_type ? 10 : -1,
                unsigned_type ? 200 : 6);
}

// With both bounds given: min +0 (which -0 meets), min above max, and
// (floats) a NaN min.
std::vector<ParameterCase> Layouts(std::span<const DType> types,
                                   const Attributes&, size_t count) {
  if (types.size() < 3) return {};
  const Dims x = {static_cast<int64_t>(count)};
  const bool unsigned_type = Info(types[0]).kind == Kind::kUnsigned;
  std::vector<ParameterCase> cases = {
      Bounds(types, "zero_to_six", "min 0, max 6", x, 0, 6),
      Bounds(types, "min_above_max", "min above max", x,
             unsigned_type ? 200 : 6, unsigned_type ? 10 : -1)};
  if (Info(types[0]).is_float()) {
    cases.push_back(Bounds(types, "nan_min", "a NaN min, max 6", x,
                           std::numeric_limits<double>::quiet_NaN(), 6));
  }
  return cases;
}

constexpr ParameterRule kBoundsRule = {ScalarBounds, TheOnlyElement, OneCase,
                                       Layouts};

// ---- open spots ------------------------------------------------------

bool Open(const OpSchema&, const ElementAnswer& e) {
  const DTypeInfo& t = *e.output;
  if (e.input->code != t.code || !t.is_float()) return false;
  if (std::ranges::any_of(e.inputs, [&](uint64_t p) { return IsNaN(t, p); })) {
    return true;
  }
  const uint64_t magnitude = t.format.magnitude_mask();
  const bool zeros = (e.expected & magnitude) == 0 && (e.actual & magnitude) == 0;
  // An infinity that no bound held, answered as the largest finite value
  // of its sign (the absent bound read as numeric_limits' max).
  const uint64_t sign = e.expected & t.format.sign_mask();
  const bool held = (e.expected & magnitude) == t.format.infinity() &&
                    e.actual == (sign | (t.format.infinity() - 1));
  return zeros || held;
}

// Where Open() takes an answer that is not the reference's. It takes any
// answer beside a NaN (0 among them), any zero for a zero (the other
// zero) and the largest finite value for an infinity: every answer it
// can take is among these three.
bool OpenAnswer(const OpSchema& s, const ElementAnswer& e) {
  const FloatFormat& f = e.output->format;
  const uint64_t sign = e.expected & f.sign_mask();
  return OtherAnswerDeviates(
      Open, s, e, {0, e.expected ^ f.sign_mask(), sign | (f.infinity() - 1)});
}

// ---- schemas and variants ------------------------------------------------

constexpr Formal kIn6[] = {{"input", "T"}};
constexpr Formal kIn11[] = {
    {"input", "T"},
    {.name = "min", .type = "T", .optional = true, .parameter = true},
    {.name = "max", .type = "T", .optional = true, .parameter = true}};
constexpr Formal kOut[] = {{"output", "T"}};
constexpr AttrSpec kAttrs6[] = {{.name = "max",
                                 .type = AttrType::kFloat,
                                 .default_float = kHighest,
                                 .float_choices = kMaxes},
                                {.name = "min",
                                 .type = AttrType::kFloat,
                                 .default_float = kLowest,
                                 .float_choices = kMins}};
constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr TypeConstraint kC12[] = {{"T", kNumeric}};
constexpr TypeConstraint kC13[] = {{"T", kNumericWithBfloat16}};

constexpr OpSchema Version(int since, std::span<const TypeConstraint> c) {
  return {.op = "Clip",
          .since_version = since,
          .inputs = since == 6 ? std::span<const Formal>(kIn6) : kIn11,
          .outputs = kOut,
          .constraints = c,
          .attributes = since == 6 ? std::span<const AttrSpec>(kAttrs6)
                                   : std::span<const AttrSpec>{},
          .kernel = since == 6 ? Clip6Node : Clip11Node,
          .deviation = Open,
          .parameters = since == 6 ? nullptr : &kBoundsRule,
          .open = OpenAnswer};
}

constexpr OpSchema kSchemas[] = {Version(6, kC6), Version(11, kC6),
                                 Version(12, kC12), Version(13, kC13)};

// Clip-6's bounds as a variant keys them: min kMins[k], max kMaxes[k].
uint64_t Low(const Variant& v, const DTypeInfo& t) {
  return BoundIn(t, kMins[v.Attribute("min", 0)]);
}
uint64_t High(const Variant& v, const DTypeInfo& t) {
  return BoundIn(t, kMaxes[v.Attribute("max", 0)]);
}

void ClipVariant(const Variant& v, const DTypeInfo& t, const void* in,
                 void* out, size_t n) {
  if (!Clip6DType(t)) {
    throw std::invalid_argument("Clip-6 is not defined on " +
                                std::string(t.name));
  }
  Clamp(t, Low(v, t), High(v, t), in, out, n);
}

uint64_t ClipOracle(const Variant& v, const DTypeInfo& t, uint64_t x) {
  return ClampOracle(t, Low(v, t), High(v, t), x);
}

// Every pair of the listed bounds, max kMaxes[M] and min kMins[m].
template <int M, int m>
constexpr IntAttribute kBounds[] = {{"max", M}, {"min", m}};

constexpr Variant Bounded(std::string_view name,
                          std::span<const IntAttribute> bounds) {
  return {.name = name,
          .op = "Clip",
          .attributes = bounds,
          .last_version = 10,
          .defines = DefinesBy<Clip6DType>,
          .kernel = ClipVariant,
          .oracle = ClipOracle,
          .on_runs = OnRuns::kByPattern};
}

// Named as the suite's ids name the bounds ("clip_max_6_min_0").
constexpr Variant kVariants[] = {
    Bounded("clip", kBounds<0, 0>),
    Bounded("clip_min_m1", kBounds<0, 1>),
    Bounded("clip_min_0", kBounds<0, 2>),
    Bounded("clip_max_1", kBounds<1, 0>),
    Bounded("clip_max_1_min_m1", kBounds<1, 1>),
    Bounded("clip_max_1_min_0", kBounds<1, 2>),
    Bounded("clip_max_6", kBounds<2, 0>),
    Bounded("clip_max_6_min_m1", kBounds<2, 1>),
    Bounded("clip_max_6_min_0", kBounds<2, 2>),
};

}  // namespace

ONNXCTS_REGISTER_OP(Clip)

}  // namespace onnxcts
