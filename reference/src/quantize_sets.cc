// The scales and zero points that the quantizers' tests and the
// generated suite run against (quantize.h).
#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/quantize.h"

namespace onnxcts::quantize {

std::vector<uint64_t> ScaleSet(const DTypeInfo& t) {
  if (t.is_integer()) {
    return {1, 2, 3, 7, 0, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 1000};
  }
  const double kInf = std::numeric_limits<double>::infinity();
  const std::vector<double> values = {
      1,       2,        4,       0.5,    0.25,    0x1p-10, 0x1p-20, 0x1p-24,
      0x1p-14, 0x1.ff8p-15 /* float16's largest subnormal */,
      0x1p-126, 0x1p-133, 0x1p-149, 0x1p127, 3,    0.1,     0.3,     1.5,
      0.75,    10,       100,     1000,   65504,   1e30,    0x1.fep127,
      -1,      -0.5,     -3,      -0.1,   -0x1p-24, 0.0,    -0.0,    kInf,
      -kInf,   std::numeric_limits<double>::quiet_NaN()};
  std::vector<uint64_t> out;
  const DTypeInfo& f64 = Info(DType::kDouble);
  for (double v : values) {
    if (t.format.specials == Specials::kExponentOnly && !(v > 0)) continue;
    const uint64_t bits = convert::CastOracle(
        f64, std::bit_cast<uint64_t>(v), t, {.saturate = false});
    if (std::ranges::find(out, bits) == out.end()) out.push_back(bits);
  }
  if (t.format.specials == Specials::kExponentOnly) out.push_back(0xFF);
  return out;
}

std::vector<uint64_t> SomeZeroPoints(const DTypeInfo& y) {
  if (y.is_integer()) {
    const uint64_t max =
        y.kind == Kind::kSigned ? y.all_bits() >> 1 : y.all_bits();
    const uint64_t min = y.kind == Kind::kSigned ? max + 1 : 0;
    return {0, 1, max, min, y.all_bits()};
  }
  return {0, y.format.one(), y.format.one() | y.format.sign_mask(),
          y.format.magnitude_mask()};
}

}  // namespace onnxcts::quantize
