// The Cast kernel: buffers converted by shifts and integer rounding.
//
// Every number passes through one normalised form, a 63-bit significand
// whose leading bit is bit 62 and the power of two of that bit, so each
// source needs one decoder and each target one encoder. The spare top bit
// lets rounding carry without overflow. Integer-to-integer casts skip the
// form (they are a wrap), and sources of 8 bits or fewer (16 bits, for
// large buffers) go through a table this file builds with its own encoders.
// float32 into a narrower float format goes through vectors
// (simd_convert.h), given this file's answers for the specials.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

#include "onnxcts/convert.h"
#include "simd_convert.h"

namespace onnxcts::convert {
namespace {

enum class Sort : uint8_t { kZero, kNumber, kInfinity, kNaN };

// value = significand * 2^(exponent - 62), significand in [2^62, 2^63).
struct Normal {
  Sort sort;
  bool negative;
  int exponent;
  uint64_t significand;  // for a NaN: its IEEE mantissa, left-aligned
};

Normal FromFloat(const FloatFormat& f, uint64_t bits) {
  const bool negative = (bits & f.sign_mask()) != 0;
  const uint64_t magnitude = bits & f.magnitude_mask();
  const int m = f.mantissa_bits;
  const uint64_t mantissa = magnitude & f.mantissa_mask();
  const uint64_t exponent_field = magnitude >> m;
  const uint64_t top_exponent = (uint64_t{1} << f.exponent_bits) - 1;
  if (f.specials == Specials::kIeee && exponent_field == top_exponent) {
    return mantissa == 0 ? Normal{Sort::kInfinity, negative, 0, 0}
                         : Normal{Sort::kNaN, negative, 0, mantissa << (64 - m)};
  }
  const bool nan =
      (f.specials == Specials::kFnuz && negative && magnitude == 0) ||
      ((f.specials == Specials::kFiniteOnly ||
        f.specials == Specials::kExponentOnly) &&
       magnitude == f.magnitude_mask());
  if (nan) return {Sort::kNaN, negative, 0, 0};
  if (m == 0) return {Sort::kNumber, false, int(exponent_field) - f.bias, uint64_t{1} << 62};
  if (exponent_field != 0) {
    return {Sort::kNumber, negative, int(exponent_field) - f.bias,
            ((uint64_t{1} << m) | mantissa) << (62 - m)};
  }
  if (mantissa == 0) return {Sort::kZero, negative, 0, 0};
  const int lead = 63 - std::countl_zero(mantissa);  // its bit position
  return {Sort::kNumber, negative, lead + 1 - f.bias - m, mantissa << (62 - lead)};
}

// A magnitude of up to 64 bits; a 64-bit one keeps its last bit as a
// sticky bit, which is far below any float target's rounding point.
Normal FromMagnitude(bool negative, uint64_t magnitude) {
  if (magnitude == 0) return {Sort::kZero, negative, 0, 0};
  const int lead = 63 - std::countl_zero(magnitude);
  const uint64_t significand = lead == 63 ? (magnitude >> 1) | (magnitude & 1)
                                          : magnitude << (62 - lead);
  return {Sort::kNumber, negative, lead, significand};
}

// Sign-extends the low `bits` bits.
int64_t SignExtend(uint64_t value, int bits) {
  const int unused = 64 - bits;
  return static_cast<int64_t>(value << unused) >> unused;
}

Normal FromInteger(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) return FromMagnitude(false, (bits & 0xFF) != 0);
  const uint64_t value = bits & t.all_bits();
  if (t.kind == Kind::kUnsigned) return FromMagnitude(false, value);
  const int64_t v = SignExtend(value, t.bits);
  const uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : value;
  return FromMagnitude(v < 0, magnitude);
}

Normal FromAny(const DTypeInfo& t, uint64_t bits) {
  return t.kind == Kind::kFloat ? FromFloat(t.format, bits)
                                : FromInteger(t, bits);
}

// The target side of a float cast: the format and the answers that do not
// depend on the value.
struct FloatTarget {
  FloatFormat f;
  bool float8;        // the saturate tables apply
  bool saturate;
  bool fnuz_inf_nan;  // Cast-23 and before: ±inf -> fnuz is NaN
  RoundMode round_mode;
  uint64_t max_finite;

  explicit FloatTarget(const DTypeInfo& to, const CastOptions& o)
      : f(to.format),
        float8(to.bits == 8),
        saturate(o.saturate),
        fnuz_inf_nan(o.opset <= 23),
        round_mode(o.round_mode) {
    const uint64_t all = f.magnitude_mask();
    max_finite = f.specials == Specials::kIeee ? f.exponent_mask() - 1
                 : f.specials == Specials::kFiniteOnly ||
                         f.specials == Specials::kExponentOnly
                     ? all - 1
                     : all;
  }

  uint64_t Sign(bool negative) const {
    return negative ? f.sign_mask() : 0;
  }

  uint64_t NaN(bool negative, uint64_t payload) const {
    switch (f.specials) {
      case Specials::kIeee:
        return Sign(negative) | f.exponent_mask() | f.quiet_bit() |
               (payload >> (64 - f.mantissa_bits));
      case Specials::kFiniteOnly:
        return Sign(negative) | f.magnitude_mask();
      case Specials::kFnuz:
        return f.sign_mask();
      case Specials::kExponentOnly:
        return f.magnitude_mask();
      default:
        return max_finite;  // float4e2m1: NaN -> +6, its page says
    }
  }

  // Too large for the format, or an infinity.
  uint64_t TooLarge(bool negative, bool infinity) const {
    if (f.specials == Specials::kNoNaN) return Sign(negative) | max_finite;
    if (f.specials == Specials::kIeee && (!float8 || !saturate)) {
      return Sign(negative) | f.exponent_mask();
    }
    if (!saturate) return NaN(negative, 0);
    if (infinity && fnuz_inf_nan && f.specials == Specials::kFnuz) {
      return f.sign_mask();
    }
    return Sign(negative) | max_finite;
  }

  uint64_t Encode(const Normal& x) const {
    if (f.specials == Specials::kExponentOnly) return EncodePowerOfTwo(x);
    switch (x.sort) {
      case Sort::kZero:
        return f.specials == Specials::kFnuz ? 0 : Sign(x.negative);
      case Sort::kNaN:
        return NaN(x.negative, x.significand);
      case Sort::kInfinity:
        return TooLarge(x.negative, true);
      default:
        return EncodeNumber(x);
    }
  }

  uint64_t EncodeNumber(const Normal& x) const {
    const int m = f.mantissa_bits;
    const int64_t biased = int64_t{x.exponent} + f.bias;
    // Normals drop 62 - m bits; subnormals 1 - biased more.
    const int64_t drop = 62 - m + (biased >= 1 ? 0 : 1 - biased);
    uint64_t rounded = 0;
    if (drop < 64) {
      const uint64_t kept = x.significand >> drop;
      const uint64_t rest = x.significand & ((uint64_t{1} << drop) - 1);
      const uint64_t half = uint64_t{1} << (drop - 1);
      rounded = kept + (rest > half || (rest == half && (kept & 1)));
    }
    // A normal's hidden bit adds one to the exponent field; a carry out of
    // the mantissa adds one more, which is what rounding up must do.
    const uint64_t magnitude =
        biased >= 1
            ? (static_cast<uint64_t>(biased - 1) << m) + rounded
            : rounded;
    if (magnitude > max_finite) return TooLarge(x.negative, false);
    if (magnitude == 0 && f.specials == Specials::kFnuz) return 0;
    return Sign(x.negative) | magnitude;
  }

  uint64_t OutOfRange() const { return saturate ? max_finite : f.magnitude_mask(); }

  uint64_t EncodePowerOfTwo(const Normal& x) const {
    const uint64_t nan = f.magnitude_mask();
    if (x.sort == Sort::kNaN) return nan;
    if (x.negative && x.sort != Sort::kZero) return nan;
    if (x.sort == Sort::kInfinity) return OutOfRange();
    if (x.sort == Sort::kZero) return saturate ? 0 : nan;
    const uint64_t below_lead = x.significand & ((uint64_t{1} << 62) - 1);
    int step = 0;
    if (round_mode == RoundMode::kUp) step = below_lead != 0;
    if (round_mode == RoundMode::kNearest) step = (below_lead >> 61) & 1;
    const int64_t biased = int64_t{x.exponent} + f.bias + step;
    if (biased > static_cast<int64_t>(max_finite)) return OutOfRange();
    if (biased < 0) return saturate ? 0 : nan;
    return static_cast<uint64_t>(biased);
  }
};

// Float (or any normalised value) to an integer: the low bits of the value
// truncated, or rounded to nearest even for 4 and 2 bits.
struct IntegerTarget {
  uint64_t mask;
  bool nearest;

  uint64_t Encode(const Normal& x) const {
    if (x.sort != Sort::kNumber) return 0;
    uint64_t magnitude = 0;
    if (x.exponent >= 62) {
      const int up = x.exponent - 62;
      magnitude = up >= 64 ? 0 : x.significand << up;
    } else if (x.exponent >= -1) {
      const int drop = 62 - x.exponent;  // 1 to 63
      magnitude = x.significand >> drop;
      if (nearest) {
        const uint64_t rest = x.significand & ((uint64_t{1} << drop) - 1);
        const uint64_t half = uint64_t{1} << (drop - 1);
        magnitude += rest > half || (rest == half && (magnitude & 1));
      }
    }  // below 1/2 every rounding gives 0
    return (x.negative ? 0 - magnitude : magnitude) & mask;
  }
};

struct BoolTarget {
  uint64_t Encode(const Normal& x) const { return x.sort != Sort::kZero; }
};

template <typename U>
uint64_t Load(const uint8_t* p) {
  U u;
  std::memcpy(&u, p, sizeof u);
  return u;
}

template <typename U>
void Store(uint8_t* p, uint64_t bits) {
  const U u = static_cast<U>(bits);
  std::memcpy(p, &u, sizeof u);
}

// `convert(bits)` over the buffer, with the widths known at compile time.
template <typename In, typename Out, typename Convert>
void Loop(const uint8_t* in, uint8_t* out, size_t n, const Convert& convert) {
  for (size_t i = 0; i < n; ++i) {
    Store<Out>(out + i * sizeof(Out), convert(Load<In>(in + i * sizeof(In))));
  }
}

template <typename Convert>
void ByWidths(size_t in_bytes, size_t out_bytes, const uint8_t* in,
              uint8_t* out, size_t n, const Convert& convert) {
  auto by_out = [&]<typename In>() {
    switch (out_bytes) {
      case 1: return Loop<In, uint8_t>(in, out, n, convert);
      case 2: return Loop<In, uint16_t>(in, out, n, convert);
      case 4: return Loop<In, uint32_t>(in, out, n, convert);
      default: return Loop<In, uint64_t>(in, out, n, convert);
    }
  };
  switch (in_bytes) {
    case 1: return by_out.template operator()<uint8_t>();
    case 2: return by_out.template operator()<uint16_t>();
    case 4: return by_out.template operator()<uint32_t>();
    default: return by_out.template operator()<uint64_t>();
  }
}

// Calls `f(converter)` with the converter of one source-target pair.
template <typename F>
void WithConverter(const DTypeInfo& from, const DTypeInfo& to,
                   const CastOptions& o, const F& f) {
  if (from.is_integer() && to.is_integer()) {
    const uint64_t mask = to.all_bits();
    const int bits = from.bits;
    const bool is_signed = from.kind == Kind::kSigned;
    return f([=](uint64_t v) {
      const uint64_t low = bits == 64 ? v : v & ((uint64_t{1} << bits) - 1);
      const uint64_t value =
          is_signed ? static_cast<uint64_t>(SignExtend(low, bits)) : low;
      return value & mask;
    });
  }
  auto decode = [&](uint64_t v) { return FromAny(from, v); };
  if (to.kind == Kind::kFloat) {
    const FloatTarget target(to, o);
    return f([=](uint64_t v) { return target.Encode(decode(v)); });
  }
  if (to.kind == Kind::kBool) {
    return f([=](uint64_t v) { return BoolTarget{}.Encode(decode(v)); });
  }
  const IntegerTarget target{to.all_bits(), to.bits < 8};
  return f([=](uint64_t v) { return target.Encode(decode(v)); });
}

// Small sources: a table of every pattern, built with this file's own
// encoders, then lookups.
template <typename In, typename Out>
void ByTable(const uint8_t* in, uint8_t* out, size_t n, const Out* table) {
  for (size_t i = 0; i < n; ++i) {
    Store<Out>(out + i * sizeof(Out), table[Load<In>(in + i * sizeof(In))]);
  }
}

template <typename In, typename Out, typename Convert>
void WithTable(const uint8_t* in, uint8_t* out, size_t n,
               const Convert& convert) {
  std::vector<Out> table(size_t{1} << (8 * sizeof(In)));
  for (size_t b = 0; b < table.size(); ++b) {
    table[b] = static_cast<Out>(convert(static_cast<uint64_t>(b)));
  }
  ByTable<In, Out>(in, out, n, table.data());
}

template <typename In, typename Convert>
void WithTableOut(size_t out_bytes, const uint8_t* in, uint8_t* out, size_t n,
                  const Convert& convert) {
  switch (out_bytes) {
    case 1: return WithTable<In, uint8_t>(in, out, n, convert);
    case 2: return WithTable<In, uint16_t>(in, out, n, convert);
    case 4: return WithTable<In, uint32_t>(in, out, n, convert);
    default: return WithTable<In, uint64_t>(in, out, n, convert);
  }
}

// The vector path's target, or none: a float format of 16 bits or fewer
// with a sign (not float8e8m0) from float32.
std::optional<simd::NarrowTarget> NarrowingOf(const DTypeInfo& from,
                                              const DTypeInfo& to,
                                              const CastOptions& o) {
  if (from.kind != Kind::kFloat || from.bits != 32 || to.kind != Kind::kFloat ||
      to.bits > 16 || to.format.specials == Specials::kExponentOnly) {
    return std::nullopt;
  }
  const FloatTarget target(to, o);
  const FloatFormat& f = to.format;
  auto by_sign = [](auto answer) {
    return std::array<uint32_t, 2>{static_cast<uint32_t>(answer(false)),
                                   static_cast<uint32_t>(answer(true))};
  };
  simd::NarrowTarget t{};
  t.mantissa_bits = f.mantissa_bits;
  t.bias = f.bias;
  t.out_bytes = static_cast<int>(UnpackedBytes(to));
  t.sign = static_cast<uint32_t>(f.sign_mask());
  t.max_finite = static_cast<uint32_t>(target.max_finite);
  const auto zero = by_sign([&](bool n) {
    return target.Encode(Normal{Sort::kZero, n, 0, 0});
  });
  const auto too_large = by_sign([&](bool n) { return target.TooLarge(n, false); });
  const auto infinity = by_sign([&](bool n) { return target.TooLarge(n, true); });
  const auto nan = by_sign([&](bool n) { return target.NaN(n, 0); });
  std::copy(zero.begin(), zero.end(), t.zero);
  std::copy(too_large.begin(), too_large.end(), t.too_large);
  std::copy(infinity.begin(), infinity.end(), t.infinity);
  std::copy(nan.begin(), nan.end(), t.nan);
  t.payload_mask = f.specials == Specials::kIeee
                       ? static_cast<uint32_t>(f.mantissa_mask())
                       : 0;
  return t;
}

}  // namespace

void CastKernel(const DTypeInfo& from, const void* in, const DTypeInfo& to,
                void* out, size_t n, const CastOptions& o) {
  if (n == 0) return;
  const auto* src = static_cast<const uint8_t*>(in);
  auto* dst = static_cast<uint8_t*>(out);
  const size_t in_bytes = UnpackedBytes(from);
  const size_t out_bytes = UnpackedBytes(to);
  if (const auto t = NarrowingOf(from, to, o)) {
    const size_t done = simd::NarrowFloat32(*t, src, dst, n);
    src += done * in_bytes;
    dst += done * out_bytes;
    n -= done;
  }
  // A table pays once the buffer is a few times the patterns it holds.
  WithConverter(from, to, o, [&](const auto& convert) {
    if (in_bytes == 1 && n >= 512) {
      return WithTableOut<uint8_t>(out_bytes, src, dst, n, convert);
    }
    if (in_bytes == 2 && n >= (size_t{1} << 18)) {
      return WithTableOut<uint16_t>(out_bytes, src, dst, n, convert);
    }
    return ByWidths(in_bytes, out_bytes, src, dst, n, convert);
  });
}

}  // namespace onnxcts::convert
