// DequantizeLinear, versions 10, 13, 19, 21, 23, 24 and 25: x minus its
// zero point, times its scale (quantize.h computes and decides, and lists
// the spots the spec leaves open).
//
// Per tensor, per axis (13 on) and blocked (21 on), as QuantizeLinear. The
// output is float (10, 13), the scale's type (19, 21), or `output_dtype`
// when given (23 on). The suite meets each x pattern with one scale (a
// per-tensor case, which sweeps take), and with every zero point of its
// dtype (up to 8 bits; else quantize.h's few) and the scale set in turn
// along the axis.
#include <algorithm>
#include <string_view>

#include "onnxcts/patterns.h"
#include "onnxcts/quantize.h"
#include "ops/ops.h"
#include "ops/quantizer.h"

namespace onnxcts {
namespace {

using namespace quantizer;

constexpr std::string_view kT3 = "T3";

constexpr std::array kX10 = {DType::kInt8, DType::kUint8, DType::kInt32};
constexpr auto kX19 = Join(kX10, kFloat8);
constexpr auto kX21 =
    Join(kX19, std::array{DType::kInt16, DType::kUint16, DType::kUint4,
                          DType::kInt4});
constexpr auto kX23 = Join(kX21, std::array{DType::kFloat4E2M1});
constexpr auto kX25 = Join(kX23, std::array{DType::kUint2, DType::kInt2});
constexpr auto kScales24 = Join(kFloats, std::array{DType::kFloat8E8M0});

// Versions 10 and 13: a float scale, float out.
constexpr Formal kIn10[] = {
    {.name = "x", .type = "T"},
    {.name = "x_scale", .type = "tensor(float)", .parameter = true},
    {.name = "x_zero_point", .type = "T", .optional = true,
     .parameter = true}};
constexpr Formal kOut10[] = {{"y", "tensor(float)"}};
constexpr TypeConstraint kTypes10[] = {{"T", kX10},
                                       {"tensor(float)", kFloatOnly}};

// 19 on: the output has the scale's type (23 on: unless output_dtype).
constexpr Formal kIn19[] = {
    {.name = "x", .type = "T1"},
    {.name = "x_scale", .type = "T2", .parameter = true},
    {.name = "x_zero_point", .type = "T1", .optional = true,
     .parameter = true}};
constexpr Formal kOut19[] = {{"y", "T2"}};
constexpr Formal kOut23[] = {{"y", "T3"}};
constexpr TypeConstraint kTypes19[] = {{"T1", kX19}, {"T2", kFloats}};
constexpr TypeConstraint kTypes21[] = {{"T1", kX21}, {"T2", kFloats}};
constexpr TypeConstraint kTypes23[] = {
    {"T1", kX23}, {"T2", kFloats},
    {.name = "T3", .allowed = kFloats, .unbound_like = "T2"}};
constexpr TypeConstraint kTypes24[] = {
    {"T1", kX23}, {"T2", kScales24},
    {.name = "T3", .allowed = kFloats, .unbound_like = "T2"}};
constexpr TypeConstraint kTypes25[] = {
    {"T1", kX25}, {"T2", kScales24},
    {.name = "T3", .allowed = kFloats, .unbound_like = "T2"}};

constexpr AttrSpec kAttrs13[] = {kAxis};
constexpr AttrSpec kAttrs21[] = {kAxis, kBlockSize};
constexpr AttrSpec kAttrs23[] = {kAxis, kBlockSize, kOutputDType<kT3>};

template <int kVersion>
void Node(std::span<const ConstTensorView> in, std::span<const TensorView> out,
          const Attributes& a) {
  const TensorView& y = out[0];
  if (y.count == 0) return;
  const std::vector<uint8_t> x = Unpack(in[kX]);
  const std::vector<uint8_t> zero_points = ZeroPointsOf(in);
  quantize::DequantizeKernel(
      Info(in[kX].dtype), x.data(),
      zero_points.empty() ? nullptr : zero_points.data(),
      Info(in[kScale].dtype), in[kScale].data, Info(y.dtype), y.data, y.count,
      NodeLayout(in, a), OptionsOf(a, kVersion));
}

bool Deviates(const OpSchema& s, const ElementAnswer& e) {
  if (e.types.size() < 2) return false;
  const uint64_t zero_point = e.inputs.size() > kZeroPoint ? e.inputs[kZeroPoint] : 0;
  return quantize::DequantizeDeviation(
      Info(e.types[kX]), e.inputs[kX], zero_point, Info(e.types[kScale]),
      e.inputs[kScale], *e.output, OptionsOf(*e.attributes, s.since_version),
      e.actual);
}

// Open where Deviates() takes another answer (quantize.h's spots).
bool Opens(const OpSchema& s, const ElementAnswer& e) {
  if (e.types.size() < 2) return false;
  const uint64_t zero_point =
      e.inputs.size() > kZeroPoint ? e.inputs[kZeroPoint] : 0;
  return quantize::DequantizeOpen(
      Info(e.types[kX]), e.inputs[kX], zero_point, Info(e.types[kScale]),
      e.inputs[kScale], *e.output, OptionsOf(*e.attributes, s.since_version));
}

// Whether a node of `types` with `a` makes a choice away from the plain
// node on its x (a float scale, the scale's output): another scale dtype,
// or `output_dtype` (which a float8e8m0 scale needs).
bool Away(std::span<const DType> types, const Attributes& a) {
  return types[kScale] != DType::kFloat ||
         IntOf(a, "output_dtype", 0) != 0;
}

// A per-tensor case: the scale 3, zero point 1 of an integer x (0 of a
// float one).
ParameterCase Single(std::span<const DType> types, const Attributes&,
                     const Dims& shape) {
  const DTypeInfo& x = Info(types[kX]);
  return PerTensor(types, shape, ScaleOf(3.0, Info(types[kScale])),
                   x.is_integer() ? 1 : 0);
}

// Every zero point of x's dtype up to 8 bits (else SomeZeroPoints), each
// with the next scale of the set, per axis; and (21 on) the scale set in
// blocks of 3 with the zero points in turn. For the plain node only.
std::vector<ParameterCase> Layouts(std::span<const DType> types,
                                   const Attributes& a, size_t count) {
  if (Away(types, a)) return {};
  const DTypeInfo& x = Info(types[kX]);
  const std::vector<uint64_t> set = quantize::ScaleSet(Info(types[kScale]));
  std::vector<uint64_t> zps = quantize::SomeZeroPoints(x);
  if (x.bits <= 8) {
    zps.resize(x.all_bits() + 1);
    for (size_t p = 0; p < zps.size(); ++p) zps[p] = p;
  }
  if (!HasZeroPoint(types)) zps.resize(set.size(), 0);
  std::vector<uint64_t> scales(zps.size());
  for (size_t k = 0; k < zps.size(); ++k) scales[k] = set[k % set.size()];
  std::vector<ParameterCase> cases = {PerAxis(types, count, scales, zps)};
  if (a.contains("block_size")) cases.push_back(Blocked(types, count, set, zps, 3));
  return cases;
}

constexpr ParameterRule kRule = {CheckShapes, ParameterIndex, Single, Layouts};

// The cases the suite keeps: the plain node on every x dtype, with and
// without a zero point; on int8, uint4 and float8e4m3fn x, each other
// scale dtype alone and each `output_dtype` alone (a float8e8m0 scale with
// each).
bool KeepsCase(const OpSchema&, std::span<const DType> types,
               const Attributes& a) {
  const DType x = types[kX];
  const bool narrow = x == DType::kInt8 || x == DType::kUint4 ||
                      x == DType::kFloat8E4M3FN;
  const bool both = types[kScale] != DType::kFloat &&
                    IntOf(a, "output_dtype", 0) != 0;
  return !Away(types, a) ||
         (narrow && (!both || types[kScale] == DType::kFloat8E8M0));
}

constexpr OpSchema V(int since, std::span<const Formal> inputs,
                     std::span<const Formal> outputs,
                     std::span<const TypeConstraint> types,
                     std::span<const AttrSpec> attributes, KernelFn kernel) {
  return Version("DequantizeLinear", since, inputs, outputs, types, attributes,
                 kernel, Deviates, Opens, kRule, KeepsCase);
}

constexpr OpSchema kSchemas[] = {
    V(10, kIn10, kOut10, kTypes10, {}, Node<10>),
    V(13, kIn10, kOut10, kTypes10, kAttrs13, Node<13>),
    V(19, kIn19, kOut19, kTypes19, kAttrs13, Node<19>),
    V(21, kIn19, kOut19, kTypes21, kAttrs21, Node<21>),
    V(23, kIn19, kOut23, kTypes23, kAttrs23, Node<23>),
    V(24, kIn19, kOut23, kTypes24, kAttrs23, Node<24>),
    V(25, kIn19, kOut23, kTypes25, kAttrs23, Node<25>),
};

constexpr std::span<const Variant> kVariants = {};

}  // namespace

ONNXCTS_REGISTER_OP(DequantizeLinear)

}  // namespace onnxcts
