// What PRelu and LeakyRelu share: f(x) = slope * x for x < 0, f(x) = x for
// x >= 0, as the spec writes it. So ±0 is itself (not 0 times the slope,
// which ONNX's reference evaluator computes), and a NaN, neither below nor
// at or above zero, is kept as it came; below zero the product is Mul's:
// IEEE 754 in the tensor's own format rounded once (arithmetic.h), the
// wrapped product on integers (whose overflow is an open spot).
#ifndef ONNXCTS_SRC_OPS_RECTIFIER_H_
#define ONNXCTS_SRC_OPS_RECTIFIER_H_

#include <cstddef>
#include <cstdint>

#include "onnxcts/dtype.h"

namespace onnxcts {

// The kernel on `n` elements of `x` and `slope` each (`out` may be `x`).
void Rectify(const DTypeInfo& t, const void* x, const void* slope, void* out,
             size_t n);

// The plain oracle's answer for one pair.
uint64_t RectifyOracle(const DTypeInfo& t, uint64_t x, uint64_t slope);

// Whether the spec leaves the answer open: an integer x below zero whose
// product with `slope` does not fit.
bool RectifyOpen(const DTypeInfo& t, uint64_t x, uint64_t slope);

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_RECTIFIER_H_
