// The QuantizeLinear and DequantizeLinear kernels: chunks of elements
// converted by CastKernel, with the one arithmetic operation done in host
// double and rounded to the precision P by CastKernel.
//
// Why host double gives the oracle's answer bit for bit:
// - operands are P values (float16, bfloat16 or float; 24 bits or fewer),
//   exact in double;
// - a quotient of such values rounded to double and then to P is the
//   correctly rounded quotient, since 53 >= 2 * 24 + 2 (double rounding is
//   innocuous for division, and for addition at 2p + 1; Figueroa 1995);
// - a product of two such values is exact in double (48 bits);
// - with P = double the host operation is the correctly rounded one;
// - nearbyint rounds half to even in the default rounding mode.
// NaN results are replaced by P's positive quiet NaN, the oracle's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/quantize.h"

namespace onnxcts::quantize {
namespace {

constexpr size_t kChunk = 512;

const DTypeInfo& DoubleType() { return Info(DType::kDouble); }

// `n` elements of `t` in `in` (UnpackedBytes each) as doubles, by way of P:
// each rounded to P, then widened (exact).
void ToDouble(const DTypeInfo& t, const void* in, const DTypeInfo& p,
              double* out, size_t n, std::vector<uint8_t>& scratch) {
  if (p.code == DType::kDouble) {
    convert::CastKernel(t, in, p, out, n, {});
    return;
  }
  scratch.resize(n * convert::UnpackedBytes(p));
  convert::CastKernel(t, in, p, scratch.data(), n, {});
  convert::CastKernel(p, scratch.data(), DoubleType(), out, n, {});
}

// Rounds `n` doubles to P in place (as doubles again), NaNs made canonical.
void RoundToP(const DTypeInfo& p, double* v, size_t n,
              std::vector<uint8_t>& scratch) {
  for (size_t i = 0; i < n; ++i) {
    if (std::isnan(v[i])) v[i] = std::numeric_limits<double>::quiet_NaN();
  }
  if (p.code == DType::kDouble) return;
  scratch.resize(n * convert::UnpackedBytes(p));
  convert::CastKernel(DoubleType(), v, p, scratch.data(), n, {});
  convert::CastKernel(p, scratch.data(), DoubleType(), v, n, {});
}

int64_t IntegerValue(const DTypeInfo& t, uint64_t bits) {
  const int unused = 64 - t.bits;
  const uint64_t value = (bits & t.all_bits()) << unused;
  return t.kind == Kind::kSigned ? static_cast<int64_t>(value) >> unused
                                 : static_cast<int64_t>(value >> unused);
}

uint64_t Load(const DTypeInfo& t, const void* data, size_t i) {
  const size_t width = convert::UnpackedBytes(t);
  uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const uint8_t*>(data) + i * width, width);
  return t.packed() ? bits & t.all_bits() : bits;
}

void Store(const DTypeInfo& t, void* data, size_t i, uint64_t bits) {
  const size_t width = convert::UnpackedBytes(t);
  std::memcpy(static_cast<uint8_t*>(data) + i * width, &bits, width);
}

// Per-scale values, decoded once: the scale in P and the zero point (as
// an integer, or as a double with a flag for a zero).
struct Scales {
  std::vector<double> scale;
  std::vector<int64_t> zp_int;
  std::vector<double> zp_float;
  std::vector<uint8_t> zp_zero;
};

Scales DecodeScales(const DTypeInfo& scale_type, const void* scales,
                    const DTypeInfo& zp_type, const void* zero_points,
                    const DTypeInfo& p, size_t count) {
  Scales s;
  std::vector<uint8_t> scratch;
  s.scale.resize(count);
  ToDouble(scale_type, scales, p, s.scale.data(), count, scratch);
  s.zp_int.assign(count, 0);
  s.zp_float.assign(count, 0.0);
  s.zp_zero.assign(count, 1);
  if (zero_points == nullptr) return s;
  if (zp_type.is_float()) {
    convert::CastKernel(zp_type, zero_points, DoubleType(), s.zp_float.data(),
                        count, {});
    for (size_t k = 0; k < count; ++k) {
      s.zp_zero[k] = s.zp_float[k] == 0.0 ? 1 : 0;
    }
  } else {
    for (size_t k = 0; k < count; ++k) {
      s.zp_int[k] = IntegerValue(zp_type, Load(zp_type, zero_points, k));
    }
  }
  return s;
}

// Index of each element's scale, chunk by chunk without a division per
// element where the layout allows.
void Indices(const ScaleLayout& layout, size_t begin, size_t count,
             size_t* out) {
  if (layout.kind == ScaleLayout::Kind::kPerTensor) {
    std::fill(out, out + count, 0);
    return;
  }
  for (size_t j = 0; j < count; ++j) out[j] = layout.Index(begin + j);
}

void FinishInteger(const DTypeInfo& y, const double* q, const Scales& s,
                   const size_t* index, void* out, size_t begin,
                   size_t count) {
  const int value_bits = y.kind == Kind::kSigned ? y.bits - 1 : y.bits;
  const int64_t hi = (int64_t{1} << value_bits) - 1;
  const int64_t lo = y.kind == Kind::kSigned ? -hi - 1 : 0;
  for (size_t j = 0; j < count; ++j) {
    const int64_t zp = s.zp_int[index[j]];
    int64_t sum = zp;
    if (!std::isnan(q[j])) {
      double r = std::nearbyint(q[j]);
      r = r < -0x1p40 ? -0x1p40 : r > 0x1p40 ? 0x1p40 : r;
      sum = static_cast<int64_t>(r) + zp;
    }
    sum = sum < lo ? lo : sum > hi ? hi : sum;
    Store(y, out, begin + j, static_cast<uint64_t>(sum) & y.all_bits());
  }
}

}  // namespace

void QuantizeKernel(const DTypeInfo& x_type, const void* x,
                    const DTypeInfo& scale_type, const void* scales,
                    const DTypeInfo& y_type, const void* zero_points, void* y,
                    size_t n, const ScaleLayout& layout,
                    const QuantizeOptions& o) {
  if (n == 0) return;
  const DTypeInfo& p = QuantizePrecision(scale_type, o);
  const Scales s = DecodeScales(scale_type, scales, y_type, zero_points, p,
                                layout.Count(n));
  const convert::CastOptions cast{o.saturate, convert::RoundMode::kUp,
                                  o.opset < 24 ? 23 : 25};
  const size_t x_width = convert::UnpackedBytes(x_type);
  const size_t y_width = convert::UnpackedBytes(y_type);
  std::vector<double> q(kChunk);
  std::vector<size_t> index(kChunk);
  std::vector<uint8_t> scratch, p_bits(kChunk * convert::UnpackedBytes(p));
  for (size_t begin = 0; begin < n; begin += kChunk) {
    const size_t count = n - begin < kChunk ? n - begin : kChunk;
    Indices(layout, begin, count, index.data());
    ToDouble(x_type, static_cast<const uint8_t*>(x) + begin * x_width, p,
             q.data(), count, scratch);
    for (size_t j = 0; j < count; ++j) q[j] /= s.scale[index[j]];
    RoundToP(p, q.data(), count, scratch);
    if (!y_type.is_float()) {
      FinishInteger(y_type, q.data(), s, index.data(), y, begin, count);
      continue;
    }
    bool any_zp = false;
    for (size_t j = 0; j < count; ++j) {
      if (s.zp_zero[index[j]] == 0) {
        q[j] += s.zp_float[index[j]];
        any_zp = true;
      }
    }
    if (any_zp) RoundToP(p, q.data(), count, scratch);
    convert::CastKernel(DoubleType(), q.data(), p, p_bits.data(), count, {});
    convert::CastKernel(p, p_bits.data(), y_type,
                        static_cast<uint8_t*>(y) + begin * y_width, count,
                        cast);
  }
}

void DequantizeKernel(const DTypeInfo& x_type, const void* x,
                      const void* zero_points, const DTypeInfo& scale_type,
                      const void* scales, const DTypeInfo& y_type, void* y,
                      size_t n, const ScaleLayout& layout,
                      const QuantizeOptions& o) {
  if (n == 0) return;
  const DTypeInfo& p = QuantizePrecision(
      scale_type, {.precision = o.precision != nullptr ? o.precision : &y_type});
  const Scales s = DecodeScales(scale_type, scales, x_type, zero_points, p,
                                layout.Count(n));
  const DTypeInfo& int64 = Info(DType::kInt64);
  const size_t x_width = convert::UnpackedBytes(x_type);
  const size_t y_width = convert::UnpackedBytes(y_type);
  std::vector<double> v(kChunk);
  std::vector<int64_t> difference(kChunk);
  std::vector<size_t> index(kChunk);
  std::vector<uint8_t> scratch, p_bits(kChunk * convert::UnpackedBytes(p));
  for (size_t begin = 0; begin < n; begin += kChunk) {
    const size_t count = n - begin < kChunk ? n - begin : kChunk;
    Indices(layout, begin, count, index.data());
    const auto* in = static_cast<const uint8_t*>(x) + begin * x_width;
    if (x_type.is_float()) {
      // Float8 and float4 differences are exact in double (34 bits at
      // most); the difference, or x alone, is then rounded to P.
      convert::CastKernel(x_type, in, DoubleType(), v.data(), count, {});
      for (size_t j = 0; j < count; ++j) {
        if (s.zp_zero[index[j]] == 0) v[j] -= s.zp_float[index[j]];
      }
      RoundToP(p, v.data(), count, scratch);
    } else {
      for (size_t j = 0; j < count; ++j) {
        difference[j] = IntegerValue(x_type, Load(x_type, in, j)) -
                        s.zp_int[index[j]];
      }
      ToDouble(int64, difference.data(), p, v.data(), count, scratch);
    }
    for (size_t j = 0; j < count; ++j) v[j] *= s.scale[index[j]];
    RoundToP(p, v.data(), count, scratch);
    auto* out = static_cast<uint8_t*>(y) + begin * y_width;
    if (p.code == y_type.code) {
      convert::CastKernel(DoubleType(), v.data(), y_type, out, count, {});
    } else {
      convert::CastKernel(DoubleType(), v.data(), p, p_bits.data(), count, {});
      convert::CastKernel(p, p_bits.data(), y_type, out, count, {});
    }
  }
}

}  // namespace onnxcts::quantize
