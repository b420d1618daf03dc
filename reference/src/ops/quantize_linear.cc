// QuantizeLinear, versions 10, 13, 19, 21, 23, 24 and 25: x divided by its
// scale, rounded, plus the zero point, saturated (quantize.h computes and
// decides, and lists the spots the spec leaves open).
//
// Per tensor (a scale of one value), per axis (a 1-D scale along `axis`,
// from 13) and blocked (`block_size`, from 21). Without a zero point the
// output is uint8, or `output_dtype` (21 on). The suite meets each x
// pattern with one scale (a per-tensor case, which sweeps take) and with
// the scale set of quantize.h and its zero points (a per-axis case and,
// from 21, a blocked one).
#include <algorithm>
#include <string_view>

#include "onnxcts/quantize.h"
#include "ops/ops.h"
#include "ops/quantizer.h"

namespace onnxcts {
namespace {

using namespace quantizer;

constexpr std::string_view kT2 = "T2";
constexpr std::string_view kT3 = "T3";

// Versions 10 and 13: a float scale, int8 or uint8 out.
constexpr Formal kIn10[] = {
    {.name = "x", .type = "T1"},
    {.name = "y_scale", .type = "tensor(float)", .parameter = true},
    {.name = "y_zero_point", .type = "T2", .optional = true,
     .parameter = true}};
constexpr Formal kOut10[] = {{"y", "T2"}};
constexpr std::array kX10 = {DType::kFloat, DType::kInt32};
constexpr TypeConstraint kTypes10[] = {
    {"T1", kX10},
    {"tensor(float)", kFloatOnly},
    {.name = "T2", .allowed = kInt8Uint8, .unbound = DType::kUint8}};

// 19 and 21: the scale has x's type.
constexpr Formal kIn19[] = {
    {.name = "x", .type = "T1"},
    {.name = "y_scale", .type = "T1", .parameter = true},
    {.name = "y_zero_point", .type = "T2", .optional = true,
     .parameter = true}};
constexpr TypeConstraint kTypes19[] = {
    {"T1", kFloatsInt32},
    {.name = "T2", .allowed = kQuantized19, .unbound = DType::kUint8}};
constexpr TypeConstraint kTypes21[] = {
    {"T1", kFloatsInt32},
    {.name = "T2", .allowed = kQuantized21, .unbound = DType::kUint8}};

// 23 on: a scale of its own type.
constexpr Formal kIn23[] = {
    {.name = "x", .type = "T1"},
    {.name = "y_scale", .type = "T2", .parameter = true},
    {.name = "y_zero_point", .type = "T3", .optional = true,
     .parameter = true}};
constexpr Formal kOut23[] = {{"y", "T3"}};
constexpr auto kScales24 = Join(kFloatsInt32, std::array{DType::kFloat8E8M0});
constexpr TypeConstraint kTypes23[] = {
    {"T1", kFloatsInt32},
    {"T2", kFloatsInt32},
    {.name = "T3", .allowed = kQuantized23, .unbound = DType::kUint8}};
constexpr TypeConstraint kTypes24[] = {
    {"T1", kFloatsInt32},
    {"T2", kScales24},
    {.name = "T3", .allowed = kQuantized23, .unbound = DType::kUint8}};
constexpr TypeConstraint kTypes25[] = {
    {"T1", kFloatsInt32},
    {"T2", kScales24},
    {.name = "T3", .allowed = kQuantized25, .unbound = DType::kUint8}};

constexpr AttrSpec kAttrs13[] = {kAxis};
constexpr AttrSpec kAttrs19[] = {kAxis, conversion::kSaturate};
constexpr AttrSpec kAttrs21[] = {kAxis, kBlockSize, kOutputDType<kT2>,
                                 conversion::kSaturate};
constexpr AttrSpec kAttrs23[] = {kAxis, kBlockSize, kOutputDType<kT3>,
                                 kPrecision, conversion::kSaturate};

template <int kVersion>
void Node(std::span<const ConstTensorView> in, std::span<const TensorView> out,
          const Attributes& a) {
  const TensorView& y = out[0];
  if (y.count == 0) return;
  const std::vector<uint8_t> zero_points = ZeroPointsOf(in);
  std::vector<uint8_t> result(y.count * convert::UnpackedBytes(Info(y.dtype)));
  quantize::QuantizeKernel(
      Info(in[kX].dtype), in[kX].data, Info(in[kScale].dtype), in[kScale].data,
      Info(y.dtype), zero_points.empty() ? nullptr : zero_points.data(),
      result.data(), y.count, NodeLayout(in, a), OptionsOf(a, kVersion));
  StorePacked(Info(y.dtype), result, y.data, y.count);
}

bool Deviates(const OpSchema& s, const ElementAnswer& e) {
  if (e.types.size() < 2) return false;
  const uint64_t zero_point = e.inputs.size() > kZeroPoint ? e.inputs[kZeroPoint] : 0;
  return quantize::QuantizeDeviation(
      Info(e.types[kX]), e.inputs[kX], Info(e.types[kScale]),
      e.inputs[kScale], *e.output, zero_point,
      OptionsOf(*e.attributes, s.since_version), e.actual);
}

// Open where Deviates() takes another answer (quantize.h's spots).
bool Opens(const OpSchema& s, const ElementAnswer& e) {
  if (e.types.size() < 2) return false;
  const uint64_t zero_point =
      e.inputs.size() > kZeroPoint ? e.inputs[kZeroPoint] : 0;
  return quantize::QuantizeOpen(
      Info(e.types[kX]), e.inputs[kX], Info(e.types[kScale]), e.inputs[kScale],
      *e.output, zero_point, OptionsOf(*e.attributes, s.since_version));
}

// The output's dtype: the zero point's, else `output_dtype`, else uint8.
DType OutputOf(std::span<const DType> types, const Attributes& a) {
  if (HasZeroPoint(types)) return types[kZeroPoint];
  const int64_t code = IntOf(a, "output_dtype", 0);
  return code != 0 ? static_cast<DType>(code) : DType::kUint8;
}

// How many choices a node of `types` with `a` makes away from the plain
// node into its output: a scale not of x's type (float for int32 x),
// `output_dtype`, `precision`, saturate=0.
int ChoicesAway(std::span<const DType> types, const Attributes& a) {
  const bool own_scale =
      types[kScale] == types[kX] ||
      (types[kScale] == DType::kFloat && types[kX] == DType::kInt32);
  return !own_scale + (IntOf(a, "output_dtype", 0) != 0) +
         (IntOf(a, "precision", 0) != 0) +
         (IntOf(a, "saturate", 1) == 0);
}

// A per-tensor case: the scale 3 (inexact quotients, and ties such as
// 7.5 / 3), zero point 1 of an integer output (0 of a float one).
ParameterCase Single(std::span<const DType> types, const Attributes& a,
                     const Dims& shape) {
  const DTypeInfo& y = Info(OutputOf(types, a));
  return PerTensor(types, shape, ScaleOf(3.0, Info(types[kScale])),
                   y.is_integer() ? 1 : 0);
}

// Every scale of the set with each of SomeZeroPoints, per axis; and (21 on)
// the scale set in blocks of 3 with the zero points in turn. For the plain
// node into each output (ChoicesAway), not the others.
std::vector<ParameterCase> Layouts(std::span<const DType> types,
                                   const Attributes& a, size_t count) {
  if (ChoicesAway(types, a) != 0) return {};
  const std::vector<uint64_t> set = quantize::ScaleSet(Info(types[kScale]));
  const std::vector<uint64_t> zps =
      quantize::SomeZeroPoints(Info(OutputOf(types, a)));
  std::vector<uint64_t> scales, zero_points;
  for (uint64_t z : zps) {
    scales.insert(scales.end(), set.begin(), set.end());
    zero_points.insert(zero_points.end(), set.size(), z);
  }
  std::vector<ParameterCase> cases = {PerAxis(types, count, scales, zero_points)};
  if (a.contains("block_size")) cases.push_back(Blocked(types, count, set, zps, 3));
  return cases;
}

constexpr ParameterRule kRule = {CheckShapes, ParameterIndex, Single, Layouts};

bool IsFloat8(DType t) { return std::ranges::find(kFloat8, t) != kFloat8.end(); }

// The cases the suite keeps, one choice at a time away from the plain
// node: every output dtype (by its zero point, or none: uint8); then
// saturate=0 into each float8 type, and into int8 and float8e4m3fn each
// other scale dtype, each `output_dtype` and each float `precision`.
bool KeepsCase(const OpSchema&, std::span<const DType> types,
               const Attributes& a) {
  const DType y = OutputOf(types, a);
  const int away = ChoicesAway(types, a);
  if (IntOf(a, "saturate", 1) == 0) return IsFloat8(y) && away == 1;
  const auto precision = static_cast<DType>(IntOf(a, "precision", 0));
  const bool odd_precision =
      precision == DType::kInt32 || precision == DType::kDouble;
  const bool narrow = y == DType::kInt8 || y == DType::kFloat8E4M3FN;
  return away == 0 || (away == 1 && narrow && !odd_precision);
}

constexpr OpSchema V(int since, std::span<const Formal> inputs,
                     std::span<const Formal> outputs,
                     std::span<const TypeConstraint> types,
                     std::span<const AttrSpec> attributes, KernelFn kernel) {
  return Version("QuantizeLinear", since, inputs, outputs, types, attributes,
                 kernel, Deviates, Opens, kRule, KeepsCase);
}

constexpr OpSchema kSchemas[] = {
    V(10, kIn10, kOut10, kTypes10, {}, Node<10>),
    V(13, kIn10, kOut10, kTypes10, kAttrs13, Node<13>),
    V(19, kIn19, kOut10, kTypes19, kAttrs19, Node<19>),
    V(21, kIn19, kOut10, kTypes21, kAttrs21, Node<21>),
    V(23, kIn23, kOut23, kTypes23, kAttrs23, Node<23>),
    V(24, kIn23, kOut23, kTypes24, kAttrs23, Node<24>),
    V(25, kIn23, kOut23, kTypes25, kAttrs23, Node<25>),
};

constexpr std::span<const Variant> kVariants = {};

}  // namespace

ONNXCTS_REGISTER_OP(QuantizeLinear)

}  // namespace onnxcts
