// The kernels of the bit predicates, IsInf, IsNaN and Sign, over raw bit
// patterns: the ops the project began with, which other code calls by
// name. Every other op's kernel is reached through the schema table
// (schema.h: OpSchema, Variant), defined in its own file under
// reference/src/ops/.
//
// Each works on a contiguous buffer of `n` elements of dtype `t`, stored as
// ONNX raw_data stores them (little-endian, the element width of the dtype
// table), any `n` including zero, at any address: no alignment is needed.
// They never use the host's arithmetic for a format: every decision is made
// on bits, from the dtype table. Inputs and outputs may not overlap, except
// that a kernel whose output has its input's dtype (Sign) may run in place.
//
// A dtype that the op does not define (IsNaN on int8, say) throws
// std::invalid_argument; the op schema table says which dtypes each opset
// version allows, and callers check it first.
#ifndef ONNXCTS_KERNELS_H_
#define ONNXCTS_KERNELS_H_

#include <cstddef>
#include <cstdint>

#include "onnxcts/dtype.h"

namespace onnxcts {

struct IsInfFlags {
  bool detect_positive = true;
  bool detect_negative = true;
};

// IsInf()
//
// Writes 1 to `out[i]` where `bits[i]` is an infinity that `flags` select,
// else 0. Formats without infinities write all zeros.
void IsInf(DType t, const void* bits, uint8_t* out, size_t n,
           IsInfFlags flags = {});

// IsNaN()
//
// Writes 1 to `out[i]` where `bits[i]` is a NaN of dtype `t`, else 0.
void IsNaN(DType t, const void* bits, uint8_t* out, size_t n);

// Sign()
//
// Writes 1, -1 or 0 in dtype `t`. Sign(±0) = +0 and Sign(NaN) = that same
// NaN, payload and sign kept (numpy's answer; the spec is silent).
void Sign(DType t, const void* bits, void* out, size_t n);

}  // namespace onnxcts

#endif  // ONNXCTS_KERNELS_H_
