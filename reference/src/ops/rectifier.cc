#include "ops/rectifier.h"

#include <algorithm>
#include <cstring>

#include "exact_arithmetic.h"
#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/arithmetic.h"

namespace onnxcts {
namespace {

// Below zero: the sign bit of a number that is neither a zero nor a NaN.
template <typename U>
bool Below(const DTypeInfo& t, U x) {
  const auto top = static_cast<U>(U{1} << (t.bits - 1));
  if ((x & top) == 0) return false;
  if (!t.is_float()) return t.kind == Kind::kSigned;
  const auto magnitude = static_cast<U>(x & t.format.magnitude_mask());
  return magnitude != 0 && magnitude <= t.format.infinity();
}

// Plain: the decoded fields, not the kernel's masks.
bool OracleBelow(const DTypeInfo& t, uint64_t x) {
  if (!t.is_float()) return oracle::IsNegative(t, x);
  const oracle::Fields f = oracle::Decode(t, x);
  const uint64_t top = (uint64_t{1} << t.format.exponent_bits) - 1;
  const bool nan = f.exponent == top && f.mantissa != 0;
  const bool zero = f.exponent == 0 && f.mantissa == 0;
  return f.sign && !nan && !zero;
}

}  // namespace

void Rectify(const DTypeInfo& t, const void* x, const void* slope, void* out,
             size_t n) {
  constexpr size_t kBlock = 1024;
  alignas(8) uint8_t product[kBlock * 8];
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    for (size_t at = 0; at < n; at += kBlock) {
      const size_t m = std::min(kBlock, n - at);
      ArithmeticKernel(simd::Arithmetic::kMul, t, From<U>(x, at),
                       From<U>(slope, at), product, m);
      for (size_t i = 0; i < m; ++i) {
        const U v = LoadElement<U>(x, at + i);
        StoreElement<U>(out, at + i,
                        Below(t, v) ? LoadElement<U>(product, i) : v);
      }
    }
  });
}

uint64_t RectifyOracle(const DTypeInfo& t, uint64_t x, uint64_t slope) {
  if (!OracleBelow(t, x)) return x;
  return oracle::ExactArithmetic(oracle::Arithmetic::kMul, t, x, slope);
}

bool RectifyOpen(const DTypeInfo& t, uint64_t x, uint64_t slope) {
  return OracleBelow(t, x) &&
         oracle::ExactArithmeticOpen(oracle::Arithmetic::kMul, t, x, slope);
}

}  // namespace onnxcts
