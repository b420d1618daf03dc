// The oracle of the bit predicates (IsInf, IsNaN, Sign) and the value
// classes every report names: a deliberately plain second implementation,
// which the fast kernels are proven against on every bit pattern. The
// other ops' oracles sit beside their kernels (each op's file under
// reference/src/ops/, through the schema table), sharing exact decoding
// (exact_value.h) and Cast's oracle (convert.h).
//
// It decodes each pattern into sign, exponent and mantissa fields from the
// dtype table and classifies it with plain comparisons, one element at a
// time. It shares the dtype table with the kernels and nothing else.
#ifndef ONNXCTS_ORACLE_H_
#define ONNXCTS_ORACLE_H_

#include <cstdint>
#include <string>

#include "onnxcts/dtype.h"

namespace onnxcts::oracle {

// The value classes of DESIGN.md. Floats use the first six (with a sign);
// integers use the last five. Formats whose NaNs carry no quiet bit
// (float8e4m3fn, the fnuz formats, float8e8m0) have only quiet NaNs: their
// NaN encodings are the canonical ones. float4e2m1 has zeros, subnormals
// (±0.5) and normals only. float8e8m0 has no sign bit, no zero and no
// subnormal: every pattern but 0xFF is a positive normal (2^(e-127), its
// exponent 0 included) and 0xFF is its one NaN, so its class names are
// "+normal" and "+qnan" (positive, as the sign of every value it encodes).
enum class ValueClass : uint8_t {
  kZero,
  kSubnormal,
  kNormal,
  kInfinity,
  kQuietNaN,
  kSignalingNaN,
  kIntNegative,
  kIntZero,
  kIntPositive,
  kIntMin,
  kIntMax,
};

struct Fields {
  bool sign;
  uint64_t exponent;  // biased
  uint64_t mantissa;
};

// NotAFloat()
//
// Throws std::invalid_argument naming `t`, which is not a float dtype.
[[noreturn]] void NotAFloat(const DTypeInfo& t);

// Decode()
//
// Splits a float pattern into its fields. Inline: the pair checks decode
// two patterns for each of 2^32 pairs.
inline Fields Decode(const DTypeInfo& t, uint64_t bits) {
  if (!t.is_float()) NotAFloat(t);
  const FloatFormat& f = t.format;
  return {.sign = (bits & f.sign_mask()) != 0,
          .exponent = (bits & f.exponent_mask()) >> f.mantissa_bits,
          .mantissa = bits & f.mantissa_mask()};
}

// Classify()
//
// The value class of a pattern of any numeric dtype.
ValueClass Classify(const DTypeInfo& t, uint64_t bits);

// IsNegative()
//
// Whether the sign of the pattern is negative (for floats: the sign bit,
// NaNs included; for the fnuz NaN, true).
bool IsNegative(const DTypeInfo& t, uint64_t bits);

// ClassName()
//
// "+normal", "-qnan", "int_min", ...: the names reports use.
std::string ClassName(const DTypeInfo& t, uint64_t bits);

// A pattern's class and sign: all the ops below need to know of it, so a
// sweep classifies each pattern once and derives every op's answer.
struct Classified {
  ValueClass value_class;
  bool negative;
};

Classified ClassifyWithSign(const DTypeInfo& t, uint64_t bits);

bool IsNaN(Classified x);
bool IsInf(Classified x, bool detect_positive, bool detect_negative);
// The bits of Sign(x) in dtype `t` (see kernels.h for the semantics).
uint64_t Sign(const DTypeInfo& t, Classified x, uint64_t bits);

bool IsNaN(const DTypeInfo& t, uint64_t bits);
bool IsInf(const DTypeInfo& t, uint64_t bits, bool detect_positive,
           bool detect_negative);
uint64_t Sign(const DTypeInfo& t, uint64_t bits);

// Value()
//
// The exact value of a float pattern as a double, for formats of 32 bits or
// fewer (each is exactly representable); NaNs give a quiet double NaN.
double Value(const DTypeInfo& t, uint64_t bits);

}  // namespace onnxcts::oracle

#endif  // ONNXCTS_ORACLE_H_
