// The QuantizeLinear and DequantizeLinear oracle: one element at a time,
// operands decoded to exact sign, significand and power of two; quotients,
// products and sums formed exactly (a quotient to 64 bits and a sticky
// bit, which decides any rounding to 53 bits or fewer) and rounded once
// with integer arithmetic. Conversions go through CastOracle. Plain on
// purpose; the fast path is quantize_kernel.cc, and the two share no code.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "exact_value.h"
#include "onnxcts/convert.h"
#include "onnxcts/quantize.h"

namespace onnxcts::quantize {
namespace {

__extension__ typedef unsigned __int128 u128;

using exact::Class;

// (-1)^negative * (significand + sticky) * 2^exponent, where a set sticky
// bit stands for a positive amount below one unit of the significand.
struct Exact {
  Class cls = Class::kNumber;
  bool negative = false;
  u128 significand = 0;
  int exponent = 0;
  bool sticky = false;
};

int BitWidth(u128 v) {
  const auto high = static_cast<uint64_t>(v >> 64);
  return high != 0 ? 64 + std::bit_width(high)
                   : std::bit_width(static_cast<uint64_t>(v));
}

const DTypeInfo& Double() { return Info(DType::kDouble); }

// A pattern of an IEEE format (float16, bfloat16, float, double), as the
// Cast and arithmetic oracles decode it.
Exact DecodeIeee(const FloatFormat& f, uint64_t bits) {
  const exact::Value v = exact::DecodeFloat(f, bits);
  return Exact{.cls = v.cls,
               .negative = v.negative,
               .significand = v.cls == Class::kNumber ? v.significand : 0,
               .exponent = v.cls == Class::kNumber ? v.exponent : 0};
}

// Any float or integer pattern of 32 bits or fewer: every one is exact in
// double, so Cast's oracle takes it there.
Exact Decode(const DTypeInfo& t, uint64_t bits) {
  return DecodeIeee(Double().format,
                    convert::CastOracle(t, bits, Double(), {}));
}

bool IsZero(const Exact& x) {
  return x.cls == Class::kNumber && x.significand == 0 && !x.sticky;
}

uint64_t QuietNaN(const FloatFormat& f) {
  return f.exponent_mask() | f.quiet_bit();
}

// x rounded to nearest even in the IEEE format f; overflow gives ±inf.
uint64_t Round(const FloatFormat& f, const Exact& x) {
  if (x.cls == Class::kNaN) return QuietNaN(f);
  const uint64_t sign = x.negative ? f.sign_mask() : 0;
  if (x.cls == Class::kInfinity) return sign | f.infinity();
  if (x.significand == 0) return sign;  // sticky never stands alone
  const int m = f.mantissa_bits;
  const int top = x.exponent + BitWidth(x.significand) - 1;
  const int lowest_quantum = 1 - f.bias - m;
  int quantum = top - m > lowest_quantum ? top - m : lowest_quantum;
  const int shift = quantum - x.exponent;
  u128 r = 0;
  if (shift <= 0) {
    r = x.significand << -shift;  // exact; no sticky below an exact value
  } else {
    const u128 kept = shift >= 128 ? 0 : x.significand >> shift;
    const u128 rest = shift >= 128 ? x.significand : x.significand - (kept << shift);
    const u128 half = shift > 128 ? 0 : u128{1} << (shift - 1);
    // Beyond 128 bits of shift the value is below half a quantum.
    const bool above = shift <= 128 && (rest > half || (rest == half && x.sticky));
    const bool tie = shift <= 128 && rest == half && !x.sticky;
    r = kept + ((above || (tie && (kept & 1) != 0)) ? 1 : 0);
  }
  if (r == u128{2} << m) {
    r >>= 1;
    ++quantum;
  }
  if (r == 0) return sign;
  const uint64_t small = static_cast<uint64_t>(r);
  const uint64_t magnitude =
      small < (uint64_t{1} << m)
          ? small
          : (static_cast<uint64_t>(quantum + m + f.bias) << m) |
                (small - (uint64_t{1} << m));
  if (magnitude >= f.infinity()) return sign | f.infinity();
  return sign | magnitude;
}

Exact NaN() { return Exact{.cls = Class::kNaN}; }

Exact Divide(const Exact& a, const Exact& b) {
  const bool negative = a.negative != b.negative;
  if (a.cls == Class::kNaN || b.cls == Class::kNaN) return NaN();
  if (a.cls == Class::kInfinity) {
    return b.cls == Class::kInfinity ? NaN()
                                     : Exact{Class::kInfinity, negative};
  }
  if (b.cls == Class::kInfinity) return Exact{.negative = negative};
  if (b.significand == 0) {
    return a.significand == 0 ? NaN() : Exact{Class::kInfinity, negative};
  }
  if (a.significand == 0) return Exact{.negative = negative};
  // Both significands have 53 bits or fewer: a shifted to 64 more bits than
  // b gives a quotient of 64 or 65 bits.
  const int k = 64 + BitWidth(b.significand) - BitWidth(a.significand);
  const u128 n = a.significand << k;
  const u128 q = n / b.significand;
  return Exact{Class::kNumber, negative, q, a.exponent - b.exponent - k,
               q * b.significand != n};
}

Exact Multiply(const Exact& a, const Exact& b) {
  const bool negative = a.negative != b.negative;
  if (a.cls == Class::kNaN || b.cls == Class::kNaN) return NaN();
  if (a.cls == Class::kInfinity || b.cls == Class::kInfinity) {
    const Exact& other = a.cls == Class::kInfinity ? b : a;
    if (other.cls == Class::kNumber && other.significand == 0) return NaN();
    return Exact{Class::kInfinity, negative};
  }
  return Exact{Class::kNumber, negative, a.significand * b.significand,
               a.exponent + b.exponent};
}

// a + b exactly, but that an operand too small to reach the rounding point
// of any format of 53 bits or fewer becomes a tiny stand-in of its sign.
Exact Add(Exact a, Exact b) {
  if (a.cls == Class::kNaN || b.cls == Class::kNaN) return NaN();
  if (a.cls == Class::kInfinity && b.cls == Class::kInfinity) {
    return a.negative == b.negative ? a : NaN();
  }
  if (a.cls == Class::kInfinity) return a;
  if (b.cls == Class::kInfinity) return b;
  if (b.significand == 0) return a.significand == 0 ? Exact{.negative = a.negative && b.negative} : a;
  if (a.significand == 0) return b;
  const int top_a = a.exponent + BitWidth(a.significand);
  const int top_b = b.exponent + BitWidth(b.significand);
  Exact& hi = top_a >= top_b ? a : b;
  Exact& lo = top_a >= top_b ? b : a;
  const int top = hi.exponent + BitWidth(hi.significand) - 1;
  if (top - lo.exponent > 120) {
    lo.significand = 1;
    lo.exponent = top - 100;
  }
  const int base = hi.exponent < lo.exponent ? hi.exponent : lo.exponent;
  const u128 h = hi.significand << (hi.exponent - base);
  const u128 l = lo.significand << (lo.exponent - base);
  if (hi.negative == lo.negative) return Exact{Class::kNumber, hi.negative, h + l, base};
  if (h == l) return Exact{};  // an exact zero sum is +0
  return h > l ? Exact{Class::kNumber, hi.negative, h - l, base}
               : Exact{Class::kNumber, lo.negative, l - h, base};
}

Exact Negate(Exact x) {
  x.negative = !x.negative;
  return x;
}

// The integer value of an integer pattern, sign-extended.
int64_t IntegerValue(const DTypeInfo& t, uint64_t bits) {
  const uint64_t value = bits & t.all_bits();
  if (t.kind != Kind::kSigned || t.bits == 64) return static_cast<int64_t>(value);
  const uint64_t sign = uint64_t{1} << (t.bits - 1);
  return static_cast<int64_t>(value ^ sign) - static_cast<int64_t>(sign);
}

Exact FromInteger(int64_t v) {
  const bool negative = v < 0;
  return Exact{Class::kNumber, negative,
               negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v), 0};
}

// The P pattern, exact, to an integer output: rounded half to even, plus
// the zero point, clamped.
uint64_t ToInteger(const DTypeInfo& p, uint64_t q, const DTypeInfo& y,
                   uint64_t zero_point) {
  const int64_t zp = IntegerValue(y, zero_point);
  const int value_bits = y.kind == Kind::kSigned ? y.bits - 1 : y.bits;
  const int64_t hi = (int64_t{1} << value_bits) - 1;
  const int64_t lo = y.kind == Kind::kSigned ? -hi - 1 : 0;
  const Exact x = DecodeIeee(p.format, q);
  int64_t sum = 0;
  if (x.cls == Class::kNaN) {
    sum = zp;
  } else if (x.cls == Class::kInfinity ||
             (x.significand != 0 &&
              x.exponent + BitWidth(x.significand) > 40)) {
    sum = x.negative ? lo : hi;  // |x| >= 2^40: beyond any range and zp
  } else {
    uint64_t magnitude = 0;
    const auto s = static_cast<uint64_t>(x.significand);
    if (x.exponent >= 0) {
      magnitude = s << x.exponent;
    } else if (x.exponent > -64) {
      const int shift = -x.exponent;
      const uint64_t kept = s >> shift;
      const uint64_t rest = s - (kept << shift);
      const uint64_t half = uint64_t{1} << (shift - 1);
      magnitude = kept + ((rest > half || (rest == half && (kept & 1) != 0)) ? 1 : 0);
    }  // else below 2^-11 of a unit: 0
    const auto v = static_cast<int64_t>(magnitude);
    sum = (x.negative ? -v : v) + zp;
  }
  sum = sum < lo ? lo : sum > hi ? hi : sum;
  return static_cast<uint64_t>(sum) & y.all_bits();
}

// Cast-23's table for ±inf into fnuz before version 24.
convert::CastOptions CastFor(const QuantizeOptions& o) {
  return {o.saturate, convert::RoundMode::kUp, o.opset < 24 ? 23 : 25};
}

bool IsIeeeFloat(const DTypeInfo& t) {
  return t.kind == Kind::kFloat && t.format.specials == Specials::kIeee &&
         t.bits >= 16;
}

const DTypeInfo& Checked(const DTypeInfo& p) {
  if (p.is_integer()) return Double();
  if (!IsIeeeFloat(p)) {
    throw std::invalid_argument("no arithmetic in precision " + std::string(p.name));
  }
  return p;
}

bool FloatZero(const DTypeInfo& t, uint64_t bits) {
  return t.is_float() && IsZero(Decode(t, bits));
}

// Equal patterns, or two NaNs (payloads and signs are not compared).
bool Same(const DTypeInfo& t, uint64_t a, uint64_t b) {
  return a == b || (t.is_float() && Decode(t, a).cls == Class::kNaN &&
                    Decode(t, b).cls == Class::kNaN);
}

}  // namespace

const DTypeInfo& QuantizePrecision(const DTypeInfo& scale_type,
                                   const QuantizeOptions& o) {
  if (o.precision != nullptr) return Checked(*o.precision);
  if (scale_type.kind == Kind::kFloat &&
      scale_type.format.specials == Specials::kExponentOnly) {
    return Info(DType::kFloat);
  }
  return Checked(scale_type);
}

uint64_t QuantizeOracle(const DTypeInfo& x_type, uint64_t x,
                        const DTypeInfo& scale_type, uint64_t scale,
                        const DTypeInfo& y_type, uint64_t zero_point,
                        const QuantizeOptions& o) {
  const DTypeInfo& p = QuantizePrecision(scale_type, o);
  const FloatFormat& f = p.format;
  const Exact xp = DecodeIeee(f, convert::CastOracle(x_type, x, p, {}));
  const Exact sp = DecodeIeee(f, convert::CastOracle(scale_type, scale, p, {}));
  const uint64_t q = Round(f, Divide(xp, sp));
  if (!y_type.is_float()) return ToInteger(p, q, y_type, zero_point);
  uint64_t sum = q;
  if (!FloatZero(y_type, zero_point)) {
    sum = Round(f, Add(DecodeIeee(f, q), Decode(y_type, zero_point)));
  }
  return convert::CastOracle(p, sum, y_type, CastFor(o));
}

uint64_t DequantizeOracle(const DTypeInfo& x_type, uint64_t x,
                          uint64_t zero_point, const DTypeInfo& scale_type,
                          uint64_t scale, const DTypeInfo& y_type,
                          const QuantizeOptions& o) {
  const DTypeInfo& p = Checked(o.precision != nullptr ? *o.precision : y_type);
  const FloatFormat& f = p.format;
  Exact difference;
  if (x_type.is_float()) {
    difference = Decode(x_type, x);
    if (!FloatZero(x_type, zero_point)) {
      difference = Add(difference, Negate(Decode(x_type, zero_point)));
    }
  } else {
    difference = FromInteger(IntegerValue(x_type, x) -
                             IntegerValue(x_type, zero_point));
  }
  const Exact a = DecodeIeee(f, Round(f, difference));
  const Exact s = DecodeIeee(f, convert::CastOracle(scale_type, scale, p, {}));
  const uint64_t product = Round(f, Multiply(a, s));
  if (p.code == y_type.code) return product;
  return convert::CastOracle(p, product, y_type, {});
}

namespace {

// What the spec allows beside the oracle's answer at one element: any
// answer, or those listed (compared by Same()).
struct Allowed {
  bool any = false;
  std::vector<uint64_t> answers;
};

Allowed Any() {
  Allowed a;
  a.any = true;
  return a;
}

Allowed QuantizeAlternatives(const DTypeInfo& x_type, uint64_t x,
                             const DTypeInfo& scale_type, uint64_t scale,
                             const DTypeInfo& y_type, uint64_t zero_point,
                             const QuantizeOptions& o) {
  if (o.precision != nullptr && o.precision->is_integer()) return Any();  // 7
  const Exact s = Decode(scale_type, scale);
  if (s.cls == Class::kNaN || IsZero(s)) return Any();  // 3
  const DTypeInfo& p = QuantizePrecision(scale_type, o);
  if (!y_type.is_float()) {
    const Exact q = Divide(DecodeIeee(p.format, convert::CastOracle(x_type, x, p, {})),
                           DecodeIeee(p.format, convert::CastOracle(scale_type, scale, p, {})));
    if (q.cls == Class::kNaN) return Any();  // 2
  }
  Allowed a;
  const bool float_zp = y_type.is_float();
  const bool zero_zp = float_zp && FloatZero(y_type, zero_point);
  const uint64_t expected =
      QuantizeOracle(x_type, x, scale_type, scale, y_type, zero_point, o);
  if (zero_zp && FloatZero(y_type, expected)) {  // 5: the sign of a zero
    for (uint64_t zero : {uint64_t{0}, y_type.format.sign_mask()}) {
      if (FloatZero(y_type, zero)) a.answers.push_back(zero);
    }
  }
  const bool fnuz = y_type.is_float() && y_type.format.specials == Specials::kFnuz;
  for (const DTypeInfo* precision : {o.precision, &Info(DType::kFloat), &Double()}) {
    for (int opset : {o.opset, fnuz && o.opset < 24 ? 25 : o.opset}) {    // 4
      for (uint64_t zp : {zero_point, float_zp && !zero_zp ? 0 : zero_point}) {  // 5
        QuantizeOptions alt = o;
        alt.precision = precision;
        alt.opset = opset;
        a.answers.push_back(  // 1
            QuantizeOracle(x_type, x, scale_type, scale, y_type, zp, alt));
      }
    }
  }
  return a;
}

Allowed DequantizeAlternatives(const DTypeInfo& x_type, uint64_t x,
                               uint64_t zero_point, const DTypeInfo& scale_type,
                               uint64_t scale, const DTypeInfo& y_type,
                               const QuantizeOptions& o) {
  if (x_type.code == DType::kInt32 && IntegerValue(x_type, zero_point) != 0) {
    return Any();  // 6
  }
  Allowed a;
  const bool float_zp = x_type.is_float() && !FloatZero(x_type, zero_point);
  for (const DTypeInfo* precision : {o.precision, &Info(DType::kFloat), &Double()}) {
    for (uint64_t zp : {zero_point, float_zp ? 0 : zero_point}) {  // 5
      QuantizeOptions alt = o;
      alt.precision = precision;
      a.answers.push_back(  // 1
          DequantizeOracle(x_type, x, zp, scale_type, scale, y_type, alt));
    }
  }
  return a;
}

bool Takes(const Allowed& a, const DTypeInfo& y_type, uint64_t actual) {
  return a.any || std::ranges::any_of(a.answers, [&](uint64_t answer) {
           return Same(y_type, answer, actual);
         });
}

// Whether `a` holds an answer that is not `expected` (nor a NaN for a NaN).
bool TakesOther(const Allowed& a, const DTypeInfo& y_type, uint64_t expected) {
  return a.any || std::ranges::any_of(a.answers, [&](uint64_t answer) {
           return !Same(y_type, answer, expected);
         });
}

}  // namespace

bool QuantizeDeviation(const DTypeInfo& x_type, uint64_t x,
                       const DTypeInfo& scale_type, uint64_t scale,
                       const DTypeInfo& y_type, uint64_t zero_point,
                       const QuantizeOptions& o, uint64_t actual) {
  return Takes(
      QuantizeAlternatives(x_type, x, scale_type, scale, y_type, zero_point, o),
      y_type, actual);
}

bool QuantizeOpen(const DTypeInfo& x_type, uint64_t x,
                  const DTypeInfo& scale_type, uint64_t scale,
                  const DTypeInfo& y_type, uint64_t zero_point,
                  const QuantizeOptions& o) {
  return TakesOther(
      QuantizeAlternatives(x_type, x, scale_type, scale, y_type, zero_point, o),
      y_type,
      QuantizeOracle(x_type, x, scale_type, scale, y_type, zero_point, o));
}

bool DequantizeDeviation(const DTypeInfo& x_type, uint64_t x,
                         uint64_t zero_point, const DTypeInfo& scale_type,
                         uint64_t scale, const DTypeInfo& y_type,
                         const QuantizeOptions& o, uint64_t actual) {
  return Takes(DequantizeAlternatives(x_type, x, zero_point, scale_type, scale,
                                      y_type, o),
               y_type, actual);
}

bool DequantizeOpen(const DTypeInfo& x_type, uint64_t x, uint64_t zero_point,
                    const DTypeInfo& scale_type, uint64_t scale,
                    const DTypeInfo& y_type, const QuantizeOptions& o) {
  return TakesOther(
      DequantizeAlternatives(x_type, x, zero_point, scale_type, scale, y_type,
                             o),
      y_type,
      DequantizeOracle(x_type, x, zero_point, scale_type, scale, y_type, o));
}

size_t ScaleLayout::Index(size_t i) const {
  switch (kind) {
    case Kind::kPerTensor:
      return 0;
    case Kind::kPerAxis:
      return (i / inner) % axis_len;
    default: {
      const size_t blocks = (axis_len + block - 1) / block;
      const size_t outer = i / (inner * axis_len);
      const size_t a = (i / inner) % axis_len;
      return (outer * blocks + a / block) * inner + i % inner;
    }
  }
}

size_t ScaleLayout::Count(size_t n) const {
  switch (kind) {
    case Kind::kPerTensor:
      return 1;
    case Kind::kPerAxis:
      return axis_len;
    default: {
      const size_t blocks = (axis_len + block - 1) / block;
      return n / (inner * axis_len) * blocks * inner;
    }
  }
}

}  // namespace onnxcts::quantize
