// QuantizeLinear and DequantizeLinear: the arithmetic of one element, bit
// for bit.
//
// Two implementations that share nothing but the dtype rows and the Cast
// library: `QuantizeOracle`/`DequantizeOracle`, which decode patterns into
// exact significands and powers of two, divide or multiply exactly and round
// once with integer arithmetic (Cast's oracle does the conversions), and
// `QuantizeKernel`/`DequantizeKernel`, which run buffers through CastKernel
// and host double arithmetic where that is provably the same (below). Tests
// prove them equal on every float16 and bfloat16 x against a set of scales,
// and on every (x, zero point) pair of the 8-, 4- and 2-bit types.
//
// Elements of 4 and 2 bits sit one per byte in the low bits, as in
// convert.h; packing is the I/O layer's job. Patterns are uint64_t bits.
//
// Semantics, QuantizeLinear (10, 13, 19, 21, 23, 24, 25):
//   y = saturate(round(x / y_scale) + y_zero_point)
// - The division is done in a precision P: the `precision` attribute (23+)
//   when given, else the scale's type (23+ says so; before 23 x and the
//   scale share a type, or the scale is float). x and the scale are each
//   cast to P (Cast's rules: a float32 x beyond 65504 is inf in float16),
//   and the quotient is rounded once to P, nearest even. A NaN quotient is
//   P's positive quiet NaN. Two readings are decided here:
//   - a float8e8m0 scale (24+) without `precision`: P is float, as ONNX's
//     evaluator divides (e8m0 has neither sign nor mantissa);
//   - an integer P (an int32 scale, QuantizeLinear-19 and later, or an
//     integer `precision`): the division is done in double, as numpy (and
//     so ONNX's evaluator) divides by an int32.
// - Integer outputs (int8, uint8, int16, uint16, int4, uint4, int2, uint2):
//   the quotient rounded half to even to an integer, plus the zero point,
//   clamped to the output's range (±inf clamp too). A NaN quotient gives the
//   zero point (as Cast's NaN -> integer gives 0). `saturate` is ignored.
// - Float outputs (float8 types 19+, float4e2m1 23+): the quotient plus the
//   zero point, the sum rounded to P (no addition when the zero point is a
//   zero, so -0 stays -0), then Cast to the output with `saturate`; Cast's
//   opset rule for ±inf into the fnuz types follows the op version
//   (NaN up to 23, ±max from 24). float4e2m1 always saturates.
// DequantizeLinear (10, 13, 19, 21, 23, 24, 25):
//   y = (x - x_zero_point) * x_scale
// - The difference is exact (integers; for float x, the exact difference of
//   two float8 or float4 values; no subtraction when the zero point is a
//   zero). It and the scale are each cast to P, the output's type (23+:
//   `output_dtype`, else the scale's type), and the product is rounded once
//   to P. A NaN product is P's positive quiet NaN.
//
// Open spots (the spec is silent; the answer above, then what ONNX's
// reference evaluator (onnx 1.22) does there; the Deviation predicates
// accept the alternatives listed):
// 1. Quantize: whether x is rounded to P before dividing, and the precision
//    when the types differ. The evaluator divides in numpy's promotion of x
//    and the scale (float32 for mixed float types and e8m0 scales, double
//    with int32), ignoring the text. Deviation: the answer with P = float
//    or P = double.
// 2. Quantize, NaN quotient (NaN x, NaN scale, 0/0) into an integer output:
//    the zero point. The evaluator casts NaN to int32 (INT32_MIN on x86, 0
//    on Arm) and clamps: the range's minimum on x86. Deviation: any answer.
// 3. Quantize, a zero or NaN scale: IEEE division (±inf, NaN). Deviation:
//    any answer.
// 4. Quantize, ±inf into the fnuz float8 types with saturate at versions
//    before 24: NaN (Cast-23's table). The evaluator gives ±max (Cast-24's
//    table) at every version. Deviation: ±max there.
// 5. A zero point of a float type other than a zero: the sum (difference)
//    in P. The evaluator ignores it for float8 outputs, adds it for
//    float4e2m1, and refuses it in DequantizeLinear. Deviation: the answer
//    with the zero point ignored. And the sign of a zero output when the
//    zero point is a zero (the evaluator adds it for float4e2m1, giving
//    +0): the other zero.
// 6. Dequantize, an int32 x with a zero point other than 0 ("supposed to
//    be 0"). Deviation: any answer.
// 7. A `precision` naming an integer type (the evaluator casts x to it,
//    truncating). Deviation: any answer.
// Not open, though the evaluator differs (no deviation):
// - a quotient that rounds beyond ±2^31 (or is ±inf) saturates; the
//   evaluator casts it to int32 before adding the zero point (wrapping) and
//   clipping, so +inf and 3e9 give the range's minimum;
// - NaN into float4e2m1 is 6 (its page, and Cast's); ml_dtypes gives ±0.
// Dequantize: the evaluator subtracts and multiplies in float32 and then
// casts to the output (spot 1's deviation for DequantizeLinear: P = float
// or double). onnx 1.22's evaluator registers no QuantizeLinear or
// DequantizeLinear class past 21 (its _23 and _25 classes exist unused), so
// it runs versions 23 on with the 21 classes, which refuse `precision` and
// `output_dtype`.
// What each version allows (the op files check it): QuantizeLinear-10/13
// float or int32 x, float scale, int8/uint8 y; 19 x and scale float,
// float16, bfloat16 or int32 of one type, float8 y too, `saturate`; 21
// 16-bit and 4-bit y, `output_dtype`, blocks; 23 the scale's type apart
// from x's, `precision`, float4e2m1 y; 24 float8e8m0 scales; 25 2-bit y.
// DequantizeLinear likewise, with int32 x throughout, float8 x from 19,
// `output_dtype` (float, float16, bfloat16) from 23.
// NaN payloads and signs are not compared: callers compare NaNs equal.
#ifndef ONNXCTS_QUANTIZE_H_
#define ONNXCTS_QUANTIZE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "onnxcts/dtype.h"

namespace onnxcts::quantize {

struct QuantizeOptions {
  bool saturate = true;  // float8 outputs of QuantizeLinear only
  // QuantizeLinear: the `precision` attribute; DequantizeLinear: the
  // multiplication's precision (the output type when null; set only to
  // compute a deviation). Null: the rule above.
  const DTypeInfo* precision = nullptr;
  int opset = 25;  // the op version; only < 24 vs 24+ differs (fnuz ±inf)
};

// QuantizePrecision()
//
// The precision QuantizeLinear divides in: `o.precision`, else the scale's
// type, float for a float8e8m0 scale; an integer precision gives double.
// Throws std::invalid_argument for a float precision other than float16,
// bfloat16, float or double.
const DTypeInfo& QuantizePrecision(const DTypeInfo& scale_type,
                                   const QuantizeOptions& o);

// QuantizeOracle()
//
// The pattern of `y_type` that QuantizeLinear gives for the pattern `x` of
// `x_type`, the scale `scale` and the zero point `zero_point` (a pattern of
// `y_type`; 0 when the op has none).
uint64_t QuantizeOracle(const DTypeInfo& x_type, uint64_t x,
                        const DTypeInfo& scale_type, uint64_t scale,
                        const DTypeInfo& y_type, uint64_t zero_point,
                        const QuantizeOptions& o);

// DequantizeOracle()
//
// The pattern of `y_type` that DequantizeLinear gives for `x` and
// `zero_point` (patterns of `x_type`) and `scale`.
uint64_t DequantizeOracle(const DTypeInfo& x_type, uint64_t x,
                          uint64_t zero_point, const DTypeInfo& scale_type,
                          uint64_t scale, const DTypeInfo& y_type,
                          const QuantizeOptions& o);

// Which scale (and zero point) each element of x uses. x is viewed as
// [outer, axis_len, inner], the axis in the middle:
// - per tensor: every element uses scale 0;
// - per axis: element (o, a, i) uses scale a;
// - blocked (block B): scales are [outer, ceil(axis_len / B), inner] and
//   element (o, a, i) uses scale (o, a / B, i).
struct ScaleLayout {
  enum class Kind : uint8_t { kPerTensor, kPerAxis, kBlocked };
  Kind kind = Kind::kPerTensor;
  size_t axis_len = 1;
  size_t inner = 1;
  size_t block = 1;

  static ScaleLayout PerTensor() { return {}; }
  static ScaleLayout PerAxis(size_t axis_len, size_t inner) {
    return {Kind::kPerAxis, axis_len, inner, 1};
  }
  static ScaleLayout Blocked(size_t axis_len, size_t inner, size_t block) {
    return {Kind::kBlocked, axis_len, inner, block};
  }
  // The scale index of element `i`.
  size_t Index(size_t i) const;
  // The number of scales `n` elements of x need.
  size_t Count(size_t n) const;
};

// QuantizeKernel()
//
// Quantizes `n` elements of `x` into `y` (convert::UnpackedBytes() each, no
// overlap); `scales` and `zero_points` hold layout.Count(n) elements;
// `zero_points` may be null (no zero point: 0). The same answer as
// QuantizeOracle on every pattern.
void QuantizeKernel(const DTypeInfo& x_type, const void* x,
                    const DTypeInfo& scale_type, const void* scales,
                    const DTypeInfo& y_type, const void* zero_points, void* y,
                    size_t n, const ScaleLayout& layout,
                    const QuantizeOptions& o);

// DequantizeKernel()
//
// Dequantizes `n` elements of `x` into `y`; as QuantizeKernel, the same
// answer as DequantizeOracle on every pattern.
void DequantizeKernel(const DTypeInfo& x_type, const void* x,
                      const void* zero_points, const DTypeInfo& scale_type,
                      const void* scales, const DTypeInfo& y_type, void* y,
                      size_t n, const ScaleLayout& layout,
                      const QuantizeOptions& o);

// QuantizeDeviation()
//
// Whether `actual`, which differs from QuantizeOracle's answer, differs
// only at an open spot above, with an answer it allows.
bool QuantizeDeviation(const DTypeInfo& x_type, uint64_t x,
                       const DTypeInfo& scale_type, uint64_t scale,
                       const DTypeInfo& y_type, uint64_t zero_point,
                       const QuantizeOptions& o, uint64_t actual);

// QuantizeOpen()
//
// Whether QuantizeDeviation takes some answer other than QuantizeOracle's
// (a NaN for a NaN aside) on these operands: spots 2, 3 and 7 always;
// 1, 4 and 5 where the answer they allow differs from the oracle's.
bool QuantizeOpen(const DTypeInfo& x_type, uint64_t x,
                  const DTypeInfo& scale_type, uint64_t scale,
                  const DTypeInfo& y_type, uint64_t zero_point,
                  const QuantizeOptions& o);

// DequantizeDeviation()
//
// Likewise for DequantizeOracle.
bool DequantizeDeviation(const DTypeInfo& x_type, uint64_t x,
                         uint64_t zero_point, const DTypeInfo& scale_type,
                         uint64_t scale, const DTypeInfo& y_type,
                         const QuantizeOptions& o, uint64_t actual);

// DequantizeOpen()
//
// Likewise for DequantizeOracle: spot 6 always; 1 and 5 where the answer
// they allow differs from the oracle's.
bool DequantizeOpen(const DTypeInfo& x_type, uint64_t x, uint64_t zero_point,
                    const DTypeInfo& scale_type, uint64_t scale,
                    const DTypeInfo& y_type, const QuantizeOptions& o);

// ScaleSet()
//
// Scales that matter, as patterns of `t`: powers of two (exact quotients,
// ties at x = k + 0.5), 3 and 0.1 (inexact quotients; 7.5 over 3 is a
// tie), subnormal, large, negative, zeros, infinities and NaN; each
// converted to `t` by Cast's oracle (out-of-range values become its
// infinities or zeros) and kept once. A float8e8m0 set keeps the positive
// powers of two and its NaN. An int32 scale's set (QuantizeLinear-19 on):
// small values, 0, -1, the extremes and 1000.
std::vector<uint64_t> ScaleSet(const DTypeInfo& t);

// SomeZeroPoints()
//
// Zero points of a quantized dtype that change answers: zero, and values
// near the range's ends (integers), or one of each sign and a NaN (floats).
std::vector<uint64_t> SomeZeroPoints(const DTypeInfo& y);

}  // namespace onnxcts::quantize

#endif  // ONNXCTS_QUANTIZE_H_
