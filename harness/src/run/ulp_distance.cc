#include "run/ulp_distance.h"

#include "onnxcts/oracle.h"

namespace onnxcts {

// Every format of the table orders its non-NaN patterns by sign and
// magnitude, and its magnitudes count up through the values one step at a
// time (an IEEE infinity is the step after the largest finite). So a
// pattern's place on the number line is its magnitude, negated when the sign
// is set, and both zeros sit at 0. The distance is worked out without that
// signed place, which would overflow for double: magnitudes of one sign
// subtract, of opposite signs add (each is below 2^63, so the sum fits).
std::optional<uint64_t> UlpDistance(const DTypeInfo& t, uint64_t a,
                                    uint64_t b) {
  if (!t.is_float() || oracle::IsNaN(t, a) || oracle::IsNaN(t, b)) {
    return std::nullopt;
  }
  const FloatFormat& f = t.format;
  const uint64_t ma = a & f.magnitude_mask();
  const uint64_t mb = b & f.magnitude_mask();
  // float8e8m0 has no sign bit: its sign mask is 0. A zero's sign changes
  // nothing, as its magnitude is 0 either way.
  if (((a ^ b) & f.sign_mask()) != 0) return ma + mb;
  return ma > mb ? ma - mb : mb - ma;
}

}  // namespace onnxcts
