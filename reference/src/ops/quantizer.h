// What QuantizeLinear and DequantizeLinear share (quantize.h does their
// arithmetic): the dtypes their versions allow, their attributes, how a
// node's scale and zero point are laid out against x (per tensor, per axis,
// blocked), and the suite's parameter cases built from that layout.
#ifndef ONNXCTS_SRC_OPS_QUANTIZER_H_
#define ONNXCTS_SRC_OPS_QUANTIZER_H_

#include <array>
#include <span>
#include <string>
#include <vector>

#include "onnxcts/quantize.h"
#include "onnxcts/schema.h"
#include "ops/conversion.h"
#include "ops/ops.h"

namespace onnxcts::quantizer {

using conversion::Join;

// Input positions: x, its scale and its zero point (optional).
inline constexpr size_t kX = 0;
inline constexpr size_t kScale = 1;
inline constexpr size_t kZeroPoint = 2;

inline constexpr std::array kFloatOnly = {DType::kFloat};
inline constexpr std::array kFloats = {DType::kFloat, DType::kFloat16,
                                       DType::kBfloat16};
inline constexpr auto kFloatsInt32 = Join(kFloats, std::array{DType::kInt32});
inline constexpr std::array kFloat8 = {
    DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ, DType::kFloat8E5M2,
    DType::kFloat8E5M2FNUZ};
inline constexpr std::array kInt8Uint8 = {DType::kInt8, DType::kUint8};
inline constexpr auto kQuantized19 = Join(kInt8Uint8, kFloat8);
inline constexpr auto kQuantized21 =
    Join(Join(kInt8Uint8, std::array{DType::kInt16, DType::kUint16}),
         Join(kFloat8, std::array{DType::kUint4, DType::kInt4}));
inline constexpr auto kQuantized23 =
    Join(kQuantized21, std::array{DType::kFloat4E2M1});
inline constexpr auto kQuantized25 =
    Join(kQuantized23, std::array{DType::kUint2, DType::kInt2});

inline constexpr AttrSpec kAxis = {.name = "axis",
                                   .type = AttrType::kInt,
                                   .default_int = 1};
inline constexpr AttrSpec kBlockSize = {.name = "block_size",
                                        .type = AttrType::kInt};

// `output_dtype`, naming a dtype of constraint `constraint`; 0 is unset.
template <const std::string_view& kConstraint>
inline constexpr AttrSpec kOutputDType = {.name = "output_dtype",
                                          .type = AttrType::kInt,
                                          .dtype_of = kConstraint,
                                          .zero_unset = true};

// The precisions QuantizeLinear-23's `precision` may name: the float types
// quantize.h divides in, and int32 (an integer scale's, divided in double).
inline constexpr std::array kPrecisions = {DType::kFloat, DType::kFloat16,
                                           DType::kBfloat16, DType::kDouble,
                                           DType::kInt32};
inline constexpr AttrSpec kPrecision = {.name = "precision",
                                        .type = AttrType::kInt,
                                        .zero_unset = true,
                                        .dtypes = kPrecisions};

// Every input's shape and the resolved attributes, checked against the
// three layouts (ParameterRule::check). A version without `axis` (10)
// allows a per-tensor scale only.
std::string CheckShapes(std::span<const Dims> dims, const Attributes& a);

// The layout CheckShapes() accepted.
quantize::ScaleLayout LayoutOf(std::span<const Dims> dims,
                               const Attributes& a);

// ParameterRule::index: the scale (and zero point) element `i` reads.
size_t ParameterIndex(std::span<const Dims> dims, const Attributes& a,
                      size_t k, size_t i);

// The options a node's attributes give at `version`.
quantize::QuantizeOptions OptionsOf(const Attributes& a, int version);

// The layout of a node's scale against x (its inputs' shapes, checked).
quantize::ScaleLayout NodeLayout(std::span<const ConstTensorView> in,
                                 const Attributes& a);

// The node's zero points, unpacked (Unpack()); empty when it has none.
std::vector<uint8_t> ZeroPointsOf(std::span<const ConstTensorView> in);

// A tensor's elements one per byte or wider (convert::UnpackedBytes()),
// for quantize.h's kernels, and back into the tensor's packing.
std::vector<uint8_t> Unpack(const ConstTensorView& t);
void StorePacked(const DTypeInfo& t, const std::vector<uint8_t>& unpacked,
                 void* out, size_t n);

// One value per parameter: the scale `scale` (and zero point `zero_point`
// when the node has one), per tensor, for x of `shape`.
ParameterCase PerTensor(std::span<const DType> types, const Dims& shape,
                        uint64_t scale, uint64_t zero_point);

// x of `count` patterns as rows, against `scales` (and `zero_points`, of
// the same length) along axis 1: each row meets every pair. Per axis (one
// column each), or blocked (`block` columns each, the last block one
// short, `block_size` among its attributes; the zero points taken in turn
// as many as there are scales).
ParameterCase PerAxis(std::span<const DType> types, size_t count,
                      const std::vector<uint64_t>& scales,
                      const std::vector<uint64_t>& zero_points);
ParameterCase Blocked(std::span<const DType> types, size_t count,
                      const std::vector<uint64_t>& scales,
                      const std::vector<uint64_t>& zero_points, size_t block);

// `value` as a scale of `t` (Cast's oracle; a float8e8m0 rounds up).
uint64_t ScaleOf(double value, const DTypeInfo& t);

// A version of a quantizer: what QuantizeLinear's and DequantizeLinear's
// schema entries share.
constexpr OpSchema Version(std::string_view op, int since,
                           std::span<const Formal> inputs,
                           std::span<const Formal> outputs,
                           std::span<const TypeConstraint> types,
                           std::span<const AttrSpec> attributes,
                           KernelFn kernel, DeviationFn deviation,
                           DeviationFn open, const ParameterRule& rule,
                           bool (*keeps_case)(const OpSchema&,
                                              std::span<const DType>,
                                              const Attributes&)) {
  return {.op = op,
          .since_version = since,
          .inputs = inputs,
          .outputs = outputs,
          .constraints = types,
          .attributes = attributes,
          .kernel = kernel,
          .deviation = deviation,
          .parameters = &rule,
          .keeps_case = keeps_case,
          .open = open};
}

// Whether the node has a zero point.
inline bool HasZeroPoint(std::span<const DType> types) {
  return types.size() > kZeroPoint;
}

}  // namespace onnxcts::quantizer

#endif  // ONNXCTS_SRC_OPS_QUANTIZER_H_
