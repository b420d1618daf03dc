#include "ops/quantizer.h"

#include <bit>
#include <cstring>
#include <numeric>

namespace onnxcts::quantizer {
namespace {

std::string ShapeText(const Dims& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) {
    s += (i ? "," : "") + std::to_string(d[i]);
  }
  return s + "]";
}

size_t Product(std::span<const int64_t> dims) {
  return std::accumulate(dims.begin(), dims.end(), size_t{1},
                         [](size_t n, int64_t d) {
                           return n * static_cast<size_t>(d);
                         });
}

// A scalar, or a one-element vector as runtimes accept for one.
bool OneValue(const Dims& d) {
  return d.empty() || (d.size() == 1 && d[0] == 1);
}

// `axis` of x, made non-negative; -1 when outside [-rank, rank).
int64_t AxisOf(const Attributes& a, size_t rank) {
  const int64_t axis = IntOf(a, "axis", 1);
  const auto r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) return -1;
  return axis < 0 ? axis + r : axis;
}

// The blocked scale shape for x of `x` with `block` along `axis`.
Dims BlockedDims(const Dims& x, int64_t axis, int64_t block) {
  Dims d = x;
  d[static_cast<size_t>(axis)] = (x[static_cast<size_t>(axis)] + block - 1) /
                                 block;
  return d;
}

std::string ScaleProblem(const Dims& x, const Dims& scale,
                         const Attributes& a) {
  const int64_t block = IntOf(a, "block_size", 0);
  if (block < 0) return "block_size is negative";
  const bool has_axis = a.contains("axis");
  if (block == 0 && OneValue(scale)) return "";
  if (!has_axis) return "the scale must be a scalar (one value) here";
  const int64_t axis = AxisOf(a, x.size());
  if (axis < 0) {
    return "axis " + std::to_string(IntOf(a, "axis", 1)) +
           " is outside x's rank " + std::to_string(x.size());
  }
  if (block == 0) {
    if (scale.size() == 1 && scale[0] == x[static_cast<size_t>(axis)]) {
      return "";
    }
    return "the scale's shape " + ShapeText(scale) +
           " is neither one value nor x's axis " + std::to_string(axis) +
           " (" + std::to_string(x[static_cast<size_t>(axis)]) + ")";
  }
  if (scale != BlockedDims(x, axis, block)) {
    return "the scale's shape " + ShapeText(scale) + " is not x's " +
           ShapeText(x) + " in blocks of " + std::to_string(block) +
           " along axis " + std::to_string(axis);
  }
  return "";
}

// x [count, columns], each row one pattern; parameters per column.
ParameterCase Rows(std::span<const DType> types, size_t count, size_t columns,
                   Dims parameter_dims) {
  ParameterCase c;
  c.x_dims = {static_cast<int64_t>(count), static_cast<int64_t>(columns)};
  c.repeat = columns;
  const size_t params = HasZeroPoint(types) ? 2 : 1;
  c.dims.assign(params, parameter_dims);
  c.patterns.resize(params);
  return c;
}

}  // namespace

std::string CheckShapes(std::span<const Dims> dims, const Attributes& a) {
  if (dims.size() < 2 || dims.size() > 3) return "a quantizer has 2 or 3 inputs";
  if (const std::string why = ScaleProblem(dims[kX], dims[kScale], a);
      !why.empty()) {
    return why;
  }
  const bool same = dims.size() <= kZeroPoint ||
                    dims[kZeroPoint] == dims[kScale] ||
                    (OneValue(dims[kZeroPoint]) && OneValue(dims[kScale]));
  if (!same) {
    return "the zero point's shape " + ShapeText(dims[kZeroPoint]) +
           " is not the scale's " + ShapeText(dims[kScale]);
  }
  return "";
}

quantize::ScaleLayout LayoutOf(std::span<const Dims> dims,
                               const Attributes& a) {
  const Dims& x = dims[kX];
  const int64_t block = IntOf(a, "block_size", 0);
  if (block == 0 && OneValue(dims[kScale])) {
    return quantize::ScaleLayout::PerTensor();
  }
  const auto axis = static_cast<size_t>(AxisOf(a, x.size()));
  const size_t inner = Product(std::span(x).subspan(axis + 1));
  const auto len = static_cast<size_t>(x[axis]);
  if (block == 0) return quantize::ScaleLayout::PerAxis(len, inner);
  return quantize::ScaleLayout::Blocked(len, inner,
                                        static_cast<size_t>(block));
}

quantize::ScaleLayout NodeLayout(std::span<const ConstTensorView> in,
                                 const Attributes& a) {
  std::vector<Dims> dims;
  for (const ConstTensorView& t : in) dims.emplace_back(t.dims.begin(), t.dims.end());
  return LayoutOf(dims, a);
}

std::vector<uint8_t> ZeroPointsOf(std::span<const ConstTensorView> in) {
  return in.size() > kZeroPoint ? Unpack(in[kZeroPoint]) : std::vector<uint8_t>{};
}

size_t ParameterIndex(std::span<const Dims> dims, const Attributes& a,
                      size_t /*k*/, size_t i) {
  return LayoutOf(dims, a).Index(i);
}

quantize::QuantizeOptions OptionsOf(const Attributes& a, int version) {
  quantize::QuantizeOptions o;
  o.saturate = IntOf(a, "saturate", 1) != 0;
  const int64_t precision = IntOf(a, "precision", 0);
  if (precision != 0) o.precision = &Info(static_cast<DType>(precision));
  o.opset = version;
  return o;
}

std::vector<uint8_t> Unpack(const ConstTensorView& t) {
  const DTypeInfo& info = Info(t.dtype);
  const size_t width = convert::UnpackedBytes(info);
  std::vector<uint8_t> bytes(t.count * width);
  if (!info.packed()) {
    if (t.count != 0) std::memcpy(bytes.data(), t.data, bytes.size());
    return bytes;
  }
  for (size_t i = 0; i < t.count; ++i) {
    bytes[i] = static_cast<uint8_t>(LoadBits(info, t.data, i));
  }
  return bytes;
}

void StorePacked(const DTypeInfo& t, const std::vector<uint8_t>& unpacked,
                 void* out, size_t n) {
  if (n == 0) return;
  if (!t.packed()) {
    std::memcpy(out, unpacked.data(), n * convert::UnpackedBytes(t));
    return;
  }
  std::memset(out, 0, StorageBytes(t, n));  // padding bits zero
  for (size_t i = 0; i < n; ++i) StoreBits(t, out, i, unpacked[i]);
}

uint64_t ScaleOf(double value, const DTypeInfo& t) {
  return convert::CastOracle(Info(DType::kDouble),
                             std::bit_cast<uint64_t>(value), t, {});
}

ParameterCase PerTensor(std::span<const DType> types, const Dims& shape,
                        uint64_t scale, uint64_t zero_point) {
  ParameterCase c;
  c.name = "per_tensor";
  c.text = "one scale";
  c.x_dims = shape;
  c.dims.push_back({});
  c.patterns.push_back({scale});
  if (HasZeroPoint(types)) {
    c.dims.push_back({});
    c.patterns.push_back({zero_point});
  }
  return c;
}

ParameterCase PerAxis(std::span<const DType> types, size_t count,
                      const std::vector<uint64_t>& scales,
                      const std::vector<uint64_t>& zero_points) {
  const auto n = static_cast<int64_t>(scales.size());
  ParameterCase c = Rows(types, count, scales.size(), {n});
  c.name = "per_axis";
  c.text = "per axis, " + std::to_string(n) + " scales";
  c.patterns[0] = scales;
  if (HasZeroPoint(types)) c.patterns[1] = zero_points;
  return c;
}

ParameterCase Blocked(std::span<const DType> types, size_t count,
                      const std::vector<uint64_t>& scales,
                      const std::vector<uint64_t>& zero_points,
                      size_t block) {
  const size_t columns = scales.size() * block - 1;
  const Dims param = {static_cast<int64_t>(count),
                      static_cast<int64_t>(scales.size())};
  ParameterCase c = Rows(types, count, columns, param);
  c.name = "blocked";
  c.text = "in blocks of " + std::to_string(block) + " along axis 1, " +
           std::to_string(scales.size()) + " scales a row";
  c.attributes = {{"block_size", static_cast<int64_t>(block)}};
  std::vector<uint64_t> cycled(scales.size());
  for (size_t k = 0; k < scales.size(); ++k) {
    cycled[k] = zero_points[k % zero_points.size()];
  }
  for (size_t r = 0; r < count; ++r) {
    c.patterns[0].insert(c.patterns[0].end(), scales.begin(), scales.end());
    if (HasZeroPoint(types)) {
      c.patterns[1].insert(c.patterns[1].end(), cycled.begin(), cycled.end());
    }
  }
  return c;
}

}  // namespace onnxcts::quantizer
