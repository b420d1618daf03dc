// Cast: conversion between any two numeric dtypes, bit for bit.
//
// Two implementations that share nothing but the dtype rows they are given:
// `CastOracle`, which decodes one pattern into an exact sign, integer
// significand and power of two and rounds it once, and `CastKernel`, which
// converts buffers by shifts and integer rounding. Tests prove them equal
// on every pattern of every source of 16 bits or fewer, and nightly on all
// 2^32 float patterns.
//
// Both take any DTypeInfo, not only the table's rows, so formats the table
// does not hold yet (uint4, int4, float4e2m1, float8e8m0, uint2, int2) work
// when the caller builds their row. Elements of 4 and 2 bits sit one per
// byte in the low bits (upper bits ignored on input, zero on output);
// packing them two or four to a byte is the I/O layer's job.
//
// Semantics (Cast-6, 9, 13, 19, 21, 23, 24, 25; CastLike likewise):
// - float -> float: round to nearest even once; overflow gives ±inf, except
//   into the float8 types, where the `saturate` tables apply ([x] is x
//   rounded, so 464 -> float8e4m3fn is 448, not an overflow), and into
//   float4e2m1, which always saturates (±inf -> ±6; NaN -> +6, its page).
//   ±inf into the fnuz types with saturate=1 is NaN up to Cast-23 and ±max
//   from Cast-24 (onnx/onnx#7130). No -0 in fnuz: -0 and tiny negatives
//   give +0.
// - -> float8e8m0 (Cast-24+): `round_mode` up (to the next power of two),
//   down, or nearest with ties up, of the exact value; then out of range
//   ([x] above 2^127 or below 2^-127) and +inf give the bound when
//   `saturate`, else NaN; 0 gives 2^-127 (0x00) when `saturate`, else NaN.
// - integer -> float: nearest even, overflow per the target's rule above.
// - float -> integer: toward zero (8 bits and wider, as numpy and ONNX's
//   reference evaluator do), nearest even for 4 and 2 bits (the int4 and
//   int2 pages), then the low bits of the exact result; NaN and ±inf give 0.
// - integer -> integer: the low bits (two's complement wrap).
// - -> bool: 0, ±0 false, everything else (NaN too) true. bool -> x: 0 or
//   1; any nonzero byte reads as true.
// - NaN -> float: the sign kept; into IEEE formats quiet, with the top bits
//   of an IEEE source's payload (as x86 and Arm conversion instructions
//   do); other sources give the canonical quiet NaN.
#ifndef ONNXCTS_CONVERT_H_
#define ONNXCTS_CONVERT_H_

#include <cstddef>
#include <cstdint>

#include "onnxcts/dtype.h"

namespace onnxcts::convert {

// Cast-24's `round_mode`; used only for float8e8m0 targets.
enum class RoundMode : uint8_t { kUp, kDown, kNearest };

struct CastOptions {
  bool saturate = true;
  RoundMode round_mode = RoundMode::kUp;
  int opset = 25;  // the Cast version; only 19-23 vs 24+ differ (fnuz ±inf)
};

// UnpackedBytes()
//
// Bytes per element in the buffers of CastKernel: the storage width, and
// one byte for the 4- and 2-bit types.
size_t UnpackedBytes(const DTypeInfo& t);

// CastOracle()
//
// The pattern of `to` that Cast gives for the pattern `bits` of `from`.
uint64_t CastOracle(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                    const CastOptions& o);

// CastKernel()
//
// Converts `n` elements of `in` into `out` (UnpackedBytes() each, any
// alignment, no overlap), the same answer as CastOracle on every pattern.
void CastKernel(const DTypeInfo& from, const void* in, const DTypeInfo& to,
                void* out, size_t n, const CastOptions& o);

// CastDeviation()
//
// Whether `actual`, which differs from CastOracle's answer, differs only at
// a spot the spec leaves open, with an answer some reading allows. NaN
// payloads are not among them: callers compare every NaN equal first. The
// open spots:
// 1. float -> integer of NaN, ±inf or a value out of the target's range
//    ("undefined if OOR"): any answer.
// 2. float -> integer of a non-integer value in range: the floor or the
//    ceiling (the spec names no rounding for 8 bits and wider; for 4 and 2
//    bits its pages say nearest even but ONNX's evaluator truncates).
// 3. -> float8e8m0 from a negative value, -0, or a value outside
//    [2^-127, 2^127]: any answer (negatives are "undefined"; the spec's
//    table tests x where the float8 tables test [x]).
// 4. bool sources other than 0 and 1: any answer.
// 5. ±inf into the fnuz types with saturate=1 at Cast-19 to 23: ±max, the
//    answer of Cast-24's table. Each version's own table says NaN, and the
//    oracle follows it; but onnx/onnx#7085 rewrote those tables as a
//    clarification of what was "not correctly specified", and ONNX's
//    evaluator (1.22) and ONNX Runtime give ±max at every version.
// 6. an integer or a double into float16 or bfloat16: the answer of
//    rounding to float32 first, then to the target (rounding twice). No
//    spec names the rounding of an integer, and the float8 tables' "RNE"
//    is of the value; the oracle rounds once, as IEEE 754's conversions
//    do, but ONNX's evaluator and ml_dtypes (and every backend tried)
//    convert through float32: uint32 0xff7fffff, just below the midpoint
//    of two bfloat16 neighbours, gives 0x4f7f once rounded, 0x4f80 twice.
bool CastDeviation(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
                   const CastOptions& o, uint64_t actual);

// CastOpen()
//
// Whether CastDeviation takes some answer other than CastOracle's (a NaN
// for a NaN aside) for the pattern `bits` of `from`: the spots 1 to 6
// above wherever an answer they allow differs from the oracle's (spot 2
// on a value that is no integer; spot 6 where rounding twice changes it).
bool CastOpen(const DTypeInfo& from, uint64_t bits, const DTypeInfo& to,
              const CastOptions& o);

}  // namespace onnxcts::convert

#endif  // ONNXCTS_CONVERT_H_
