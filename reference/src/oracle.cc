// Written to be read, not to be fast: every answer follows from the fields
// of the pattern by the rules of DESIGN.md's format table.
#include "onnxcts/oracle.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace onnxcts::oracle {
namespace {

uint64_t Ones(int n) { return n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

bool IsNaNFields(const FloatFormat& f, const Fields& x) {
  const uint64_t top_exponent = Ones(f.exponent_bits);
  switch (f.specials) {
    case Specials::kIeee:
      return x.exponent == top_exponent && x.mantissa != 0;
    case Specials::kFiniteOnly:
      return x.exponent == top_exponent && x.mantissa == Ones(f.mantissa_bits);
    case Specials::kFnuz:
      return x.sign && x.exponent == 0 && x.mantissa == 0;
    case Specials::kExponentOnly:  // float8e8m0: 0xFF alone
      return x.exponent == top_exponent;
    case Specials::kNoNaN:  // float4e2m1: every pattern is a number
    case Specials::kNone:
      break;
  }
  return false;
}

bool IsInfFields(const FloatFormat& f, const Fields& x) {
  return f.specials == Specials::kIeee &&
         x.exponent == Ones(f.exponent_bits) && x.mantissa == 0;
}

const FloatFormat& FloatOf(const DTypeInfo& t) {
  if (!t.is_float()) NotAFloat(t);
  return t.format;
}

// Two's complement value of an integer pattern.
int64_t SignedValue(const DTypeInfo& t, uint64_t bits) {
  const uint64_t sign = uint64_t{1} << (t.bits - 1);
  if ((bits & sign) == 0) return static_cast<int64_t>(bits);
  // -(2^bits - bits), computed without overflow for int64's minimum.
  return -static_cast<int64_t>((t.all_bits() - bits)) - 1;
}

ValueClass ClassifyInteger(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kUnsigned) {
    if (bits == 0) return ValueClass::kIntZero;
    return bits == t.all_bits() ? ValueClass::kIntMax : ValueClass::kIntPositive;
  }
  const uint64_t min_bits = uint64_t{1} << (t.bits - 1);
  if (bits == min_bits) return ValueClass::kIntMin;
  if (bits == min_bits - 1) return ValueClass::kIntMax;
  const int64_t v = SignedValue(t, bits);
  if (v == 0) return ValueClass::kIntZero;
  return v < 0 ? ValueClass::kIntNegative : ValueClass::kIntPositive;
}

}  // namespace

void NotAFloat(const DTypeInfo& t) {
  throw std::invalid_argument(std::string(t.name) + " is not a float dtype");
}

ValueClass Classify(const DTypeInfo& t, uint64_t bits) {
  if (!t.is_float()) return ClassifyInteger(t, bits);
  const Fields x = Decode(t, bits);
  if (IsNaNFields(t.format, x)) {
    // Only IEEE formats have a quiet bit; float8e8m0 has no mantissa at all.
    if (t.format.specials != Specials::kIeee) return ValueClass::kQuietNaN;
    return (x.mantissa & t.format.quiet_bit()) != 0
               ? ValueClass::kQuietNaN
               : ValueClass::kSignalingNaN;
  }
  if (IsInfFields(t.format, x)) return ValueClass::kInfinity;
  // A format without a zero (float8e8m0) has no subnormals either: its
  // exponent 0 is 2^-bias, a normal power of two like every other.
  if (x.exponent != 0 || !t.format.has_zero()) return ValueClass::kNormal;
  return x.mantissa == 0 ? ValueClass::kZero : ValueClass::kSubnormal;
}

bool IsNegative(const DTypeInfo& t, uint64_t bits) {
  if (t.is_float()) return Decode(t, bits).sign;
  return t.kind == Kind::kSigned && SignedValue(t, bits) < 0;
}

std::string ClassName(const DTypeInfo& t, uint64_t bits) {
  static constexpr const char* kNames[] = {
      "zero", "subnormal", "normal", "inf", "qnan", "snan",
      "int_negative", "int_zero", "int_positive", "int_min", "int_max"};
  const ValueClass c = Classify(t, bits);
  const std::string name = kNames[static_cast<int>(c)];
  if (!t.is_float()) return name;
  return (IsNegative(t, bits) ? "-" : "+") + name;
}

Classified ClassifyWithSign(const DTypeInfo& t, uint64_t bits) {
  return {Classify(t, bits), IsNegative(t, bits)};
}

bool IsNaN(Classified x) {
  return x.value_class == ValueClass::kQuietNaN ||
         x.value_class == ValueClass::kSignalingNaN;
}

bool IsInf(Classified x, bool detect_positive, bool detect_negative) {
  if (x.value_class != ValueClass::kInfinity) return false;
  return x.negative ? detect_negative : detect_positive;
}

uint64_t Sign(const DTypeInfo& t, Classified x, uint64_t bits) {
  switch (x.value_class) {
    case ValueClass::kQuietNaN:
    case ValueClass::kSignalingNaN:
      return bits;
    case ValueClass::kZero:
    case ValueClass::kIntZero:
      return 0;
    default:
      break;
  }
  if (!t.is_float()) return x.negative ? t.all_bits() : 1;  // -1: all ones
  // ±1.0: the biased exponent equals the bias, the mantissa is zero.
  const FloatFormat& f = t.format;
  const uint64_t one = static_cast<uint64_t>(f.bias) << f.mantissa_bits;
  return x.negative ? (uint64_t{1} << (f.width() - 1)) | one : one;
}

bool IsNaN(const DTypeInfo& t, uint64_t bits) {
  FloatOf(t);  // throws on non-floats, as the kernel does
  return IsNaN(ClassifyWithSign(t, bits));
}

bool IsInf(const DTypeInfo& t, uint64_t bits, bool detect_positive,
           bool detect_negative) {
  FloatOf(t);
  return IsInf(ClassifyWithSign(t, bits), detect_positive, detect_negative);
}

uint64_t Sign(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) {
    throw std::invalid_argument("Sign is not defined on bool");
  }
  return Sign(t, ClassifyWithSign(t, bits), bits);
}

double Value(const DTypeInfo& t, uint64_t bits) {
  const FloatFormat& f = FloatOf(t);
  if (f.width() > 32) {
    throw std::invalid_argument("oracle::Value takes formats up to 32 bits");
  }
  const Fields x = Decode(t, bits);
  if (IsNaNFields(f, x)) return std::numeric_limits<double>::quiet_NaN();
  const double sign = x.sign ? -1.0 : 1.0;
  if (IsInfFields(f, x)) return sign * std::numeric_limits<double>::infinity();
  const double fraction =
      static_cast<double>(x.mantissa) / std::ldexp(1.0, f.mantissa_bits);
  if (x.exponent == 0 && f.has_zero()) {
    return sign * std::ldexp(fraction, 1 - f.bias);
  }
  return sign *
         std::ldexp(1.0 + fraction, static_cast<int>(x.exponent) - f.bias);
}

}  // namespace onnxcts::oracle
