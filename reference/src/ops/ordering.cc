#include "ops/ordering.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "onnxcts/broadcast.h"
#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

simd::OrderSpec SpecOf(const DTypeInfo& t) {
  using K = simd::OrderSpec::Kind;
  const K kind = t.is_float()                ? K::kFloat
                 : t.kind == Kind::kSigned   ? K::kSigned
                                             : K::kUnsigned;
  return {kind, t.bits, t.format.magnitude_mask(), t.format.infinity()};
}

// The scalar key of simd_order.h, for the tail the vectors leave.
template <typename U>
struct ScalarKeys {
  simd::OrderSpec s;
  using S = std::make_signed_t<U>;
  S Key(U x) const {
    if (s.kind == simd::OrderSpec::Kind::kSigned) return static_cast<S>(x);
    const U top = static_cast<U>(U{1} << (sizeof(U) * 8 - 1));
    if (s.kind == simd::OrderSpec::Kind::kUnsigned) {
      return static_cast<S>(x ^ top);
    }
    const S magnitude = static_cast<S>(x & static_cast<U>(s.magnitude_mask));
    return (x & top) != 0 ? static_cast<S>(-magnitude) : magnitude;
  }
  bool NaN(U x) const {
    return s.kind == simd::OrderSpec::Kind::kFloat &&
           (x & static_cast<U>(s.magnitude_mask)) > s.infinity;
  }
};

template <typename U>
void CompareTail(const simd::OrderSpec& s, simd::Comparison c, const void* a,
                 const void* b, uint8_t* out, size_t n) {
  const ScalarKeys<U> keys{s};
  for (size_t i = 0; i < n; ++i) {
    const U x = LoadElement<U>(a, i);
    const U y = LoadElement<U>(b, i);
    const auto kx = keys.Key(x);
    const auto ky = keys.Key(y);
    const bool holds = c == simd::Comparison::kEqual  ? kx == ky
                       : c == simd::Comparison::kLess ? kx < ky
                                                      : kx <= ky;
    out[i] = !keys.NaN(x) && !keys.NaN(y) && holds;
  }
}

template <typename U>
void SelectTail(const simd::OrderSpec& s, simd::Selection c, const void* a,
                const void* b, void* out, size_t n) {
  const ScalarKeys<U> keys{s};
  for (size_t i = 0; i < n; ++i) {
    const U x = LoadElement<U>(a, i);
    const U y = LoadElement<U>(b, i);
    const bool beyond = c == simd::Selection::kMax ? keys.Key(x) < keys.Key(y)
                                                   : keys.Key(y) < keys.Key(x);
    const bool take_b = keys.NaN(x)   ? false
                        : keys.NaN(y) ? true
                                      : beyond;
    StoreElement<U>(out, i, take_b ? y : x);
  }
}

void Require(bool defined, const DTypeInfo& t) {
  if (!defined) {
    throw std::invalid_argument("no order is defined on " + std::string(t.name));
  }
}

// What the oracle reads of a pattern: whether it is a NaN, its sign (0 for
// both zeros) and a magnitude whose unsigned order is the value's.
struct Plain {
  bool nan;
  int sign;
  uint64_t magnitude;
};

Plain Read(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) return {false, bits != 0, bits};
  if (!t.is_float()) {
    const bool negative = oracle::IsNegative(t, bits);
    const uint64_t magnitude = negative ? (0 - bits) & t.all_bits() : bits;
    return {false, bits == 0 ? 0 : negative ? -1 : 1, magnitude};
  }
  const oracle::Fields f = oracle::Decode(t, bits);
  const uint64_t top = (uint64_t{1} << t.format.exponent_bits) - 1;
  const uint64_t magnitude = (f.exponent << t.format.mantissa_bits) | f.mantissa;
  return {f.exponent == top && f.mantissa != 0,
          magnitude == 0 ? 0 : f.sign ? -1 : 1, magnitude};
}

}  // namespace

bool OrderedNumber(const DTypeInfo& t) {
  return KernelsCover(t) && (t.is_float() ? t.bits >= 16 : t.is_integer());
}

bool OrderedOrBool(const DTypeInfo& t) {
  return OrderedNumber(t) || t.kind == Kind::kBool;
}

void CompareKernel(const DTypeInfo& t, bool (*defines)(const DTypeInfo&),
                   simd::Comparison c, const void* a, const void* b, void* out,
                   size_t n) {
  Require(defines(t), t);
  const simd::OrderSpec s = SpecOf(t);
  auto* bytes = static_cast<uint8_t*>(out);
  const size_t done = simd::Compare(s, c, a, b, bytes, n);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    CompareTail<U>(s, c, From<U>(a, done), From<U>(b, done), bytes + done,
                   n - done);
  });
}

void SelectKernel(const DTypeInfo& t, simd::Selection c, const void* a,
                  const void* b, void* out, size_t n) {
  Require(OrderedNumber(t), t);
  const simd::OrderSpec s = SpecOf(t);
  const size_t done = simd::Select(s, c, a, b, out, n);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    SelectTail<U>(s, c, From<U>(a, done), From<U>(b, done), From<U>(out, done),
                  n - done);
  });
}

// Plain: NaNs first, then the signs, then the magnitudes of two values of
// one sign (a larger magnitude is a smaller negative value). The formats
// these ops take all have IEEE 754's specials (no float8 format).
Order OracleOrder(const DTypeInfo& t, uint64_t a, uint64_t b) {
  const Plain x = Read(t, a);
  const Plain y = Read(t, b);
  if (x.nan || y.nan) return Order::kUnordered;
  if (x.sign != y.sign) return x.sign < y.sign ? Order::kLess : Order::kGreater;
  if (x.magnitude == y.magnitude) return Order::kEqual;
  return (x.magnitude < y.magnitude) == (x.sign >= 0) ? Order::kLess
                                                      : Order::kGreater;
}

void OracleOrders(const DTypeInfo& t, std::span<const uint64_t> a,
                  std::span<const uint64_t> b, std::span<uint64_t> want,
                  unsigned holds) {
  for (size_t i = 0; i < want.size(); ++i) {
    const auto order = static_cast<unsigned>(OracleOrder(t, a[i], b[i]));
    want[i] = (holds >> order) & 1;
  }
}

bool ZeroPairDeviation(const DTypeInfo& t, std::span<const uint64_t> inputs,
                       uint64_t expected, uint64_t actual) {
  if (!t.is_float() || expected == actual) return false;
  const uint64_t magnitude = t.format.magnitude_mask();
  if ((expected & magnitude) != 0 || (actual & magnitude) != 0) return false;
  for (uint64_t x : inputs) {
    if (x == actual) return true;
  }
  return false;
}

bool ZeroPairOpen(const OpSchema& s, const ElementAnswer& e) {
  return OtherAnswerDeviates(DeviationBy<ZeroPairDeviation>, s, e, e.inputs);
}

}  // namespace onnxcts
