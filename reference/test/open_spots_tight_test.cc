// The open predicates (OpSchema::open, AnswerOpen()) are tight: open
// nowhere but on spots this file derives from the spec's text, counted
// here (an int8 sum outside [-128, 127], a shift by the width or more,
// Relu of -0). Sound: open_spots_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/oracle.h"
#include "onnxcts/schema.h"
#include "open_spots_test_util.h"

namespace onnxcts {
namespace {

using namespace open_spots;  // NOLINT: the shared helpers of these tests

// AnswerOpen() of each element of `node`.
std::vector<bool> OpenOf(const OpSchema& s, Node node) {
  const Ran ran = RunNode(s, node);
  EXPECT_EQ(ran.problem, "") << VersionName(s);
  std::vector<bool> open;
  Patterns inputs;
  std::vector<DType> types;
  for (size_t i = 0; i < ran.expected.size(); ++i) {
    open.push_back(AnswerOpen(s, ElementOf(s, node, ran, i, inputs, types)));
  }
  return open;
}

std::vector<const OpSchema*> VersionsOf(std::string_view op) {
  std::vector<const OpSchema*> all;
  for (const OpSchema& s : AllSchemas()) {
    if (s.op == op) all.push_back(&s);
  }
  return all;
}

// The value of a pattern of an integer dtype.
int64_t IntegerOf(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kUnsigned || t.bits == 64) {
    return static_cast<int64_t>(bits);
  }
  const uint64_t sign = uint64_t{1} << (t.bits - 1);
  return static_cast<int64_t>(bits ^ sign) - static_cast<int64_t>(sign);
}

double ValueOf(const DTypeInfo& t, uint64_t bits) {
  return std::bit_cast<double>(convert::CastOracle(t, bits, Double(), {}));
}

// Checks AnswerOpen() against `want` on every element of `node`; returns
// how many are open.
size_t ExpectOpenWhere(const OpSchema& s, const Node& node,
                       const std::function<bool(size_t)>& want) {
  const std::vector<bool> open = OpenOf(s, node);
  size_t count = 0;
  size_t wrong = 0;
  for (size_t i = 0; i < open.size(); ++i) {
    count += open[i];
    if (open[i] == want(i) || ++wrong > 3) continue;
    ADD_FAILURE() << VersionName(s) << " on " << Name(node.types[0])
                  << ", element " << i << " (input 0 "
                  << Hex(node.columns[0][i]) << "): open " << open[i];
  }
  EXPECT_EQ(wrong, 0u) << VersionName(s);
  return count;
}

Node NodeOf(DType t, std::vector<Patterns> columns, Attributes a = {}) {
  return {std::vector<DType>(columns.size(), t), std::move(a),
          std::move(columns)};
}

// IEEE arithmetic decides every float answer: no element is open.
TEST(OpenSpotsTight, FloatArithmeticIsNeverOpen) {
  std::mt19937_64 rng(7);
  for (std::string_view op : {"Add", "Sub", "Mul", "Div"}) {
    for (const OpSchema* s : VersionsOf(op)) {
      for (DType t : InputTypes(*s, 0)) {
        if (!Info(t).is_float()) continue;
        const Node node = NodeOf(t, Tuples(Info(t), 2, rng));
        EXPECT_EQ(ExpectOpenWhere(*s, node, [](size_t) { return false; }), 0u);
      }
    }
  }
}

// Integer arithmetic is open exactly where the exact result does not fit
// the dtype, and on a zero divisor. Counted here: an int8 sum above 127
// takes a in 1..127 and b above 127 - a, sum_{a=1}^{127} a = 8128 pairs;
// below -128, sum_{k=1}^{128} k = 8256; a difference likewise 8256 + 8128;
// a quotient 256 zero divisors and -128 / -1; a uint8 sum above 255,
// sum_{a=1}^{255} a = 32640.
TEST(OpenSpotsTight, IntegerArithmeticOpenExactlyWhereTheResultDoesNotFit) {
  const std::vector<Patterns> pairs = [] {
    std::mt19937_64 rng(7);
    return Tuples(Info(DType::kInt8), 2, rng);
  }();
  const auto exact = [](std::string_view op, int64_t a, int64_t b) {
    if (op == "Add") return a + b;
    if (op == "Sub") return a - b;
    if (op == "Mul") return a * b;
    return b == 0 ? int64_t{1} << 40 : a / b;
  };
  const std::pair<std::string_view, size_t> int8_counts[] = {
      {"Add", 8128 + 8256}, {"Sub", 16384}, {"Mul", 0}, {"Div", 257}};
  for (const auto& [op, count] : int8_counts) {
    const OpSchema& s = *FindSchema("", op, 14);
    for (DType type : {DType::kInt8, DType::kUint8}) {
      const DTypeInfo& t = Info(type);
      const int64_t lo = t.kind == Kind::kSigned ? -128 : 0;
      const int64_t hi = t.kind == Kind::kSigned ? 127 : 255;
      const size_t open =
          ExpectOpenWhere(s, NodeOf(type, pairs), [&](size_t i) {
            const int64_t r =
                exact(op, IntegerOf(t, pairs[0][i]), IntegerOf(t, pairs[1][i]));
            return r < lo || r > hi;
          });
      if (type == DType::kInt8 && op != "Mul") {
        EXPECT_EQ(open, count) << op;
      }
      if (type == DType::kUint8 && op == "Add") {
        EXPECT_EQ(open, 32640u);
      }
    }
  }
}

// Relu: open at -0 alone (which zero it gives); NaN and the rest decided.
TEST(OpenSpotsTight, ReluIsOpenOnlyAtNegativeZero) {
  std::mt19937_64 rng(7);
  for (const OpSchema* s : VersionsOf("Relu")) {
    for (DType type : InputTypes(*s, 0)) {
      const DTypeInfo& t = Info(type);
      const Patterns x = Each(t, 512, rng);
      const size_t open = ExpectOpenWhere(*s, NodeOf(type, {x}), [&](size_t i) {
        return t.is_float() && x[i] == t.format.sign_mask();
      });
      EXPECT_EQ(open, t.is_float() ? 1u : 0u) << Name(type);
    }
  }
}

bool IsZero(const DTypeInfo& t, uint64_t bits) {
  return t.is_float() && (bits & t.format.magnitude_mask()) == 0;
}

// Max and Min: open only where the answer is a zero and the inputs hold
// zeros of both signs. A NaN input decides the answer (a NaN), so Max of
// +0, -0 and a NaN is not open.
TEST(OpenSpotsTight, MaxMinOpenOnlyOnZerosOfBothSigns) {
  std::mt19937_64 rng(7);
  for (std::string_view op : {"Max", "Min"}) {
    for (const OpSchema* s : VersionsOf(op)) {
      for (DType type : InputTypes(*s, 0)) {
        const DTypeInfo& t = Info(type);
        for (size_t arity : {2, 3}) {
          std::vector<Patterns> in = Tuples(t, arity, rng);
          if (t.is_float()) {  // (+0, -0, +0), and (+0, NaN, -0)
            const uint64_t nan = t.format.infinity() | t.format.quiet_bit();
            const uint64_t minus = t.format.sign_mask();
            in[0].insert(in[0].end(), {0, 0});
            in[1].insert(in[1].end(), {minus, nan});
            if (arity == 3) in[2].insert(in[2].end(), {0, minus});
          }
          size_t expected_open = 0;
          const auto want = [&](size_t i) {
            bool plus = false, minus = false, nan = false;
            double best = op == "Max" ? -kInf : kInf;
            for (const Patterns& c : in) {
              const uint64_t x = c[i];
              nan |= t.is_float() && oracle::IsNaN(t, x);
              plus |= IsZero(t, x) && x == 0;
              minus |= IsZero(t, x) && x != 0;
              const double v = t.is_float()
                                   ? ValueOf(t, x)
                                   : static_cast<double>(IntegerOf(t, x));
              best = op == "Max" ? std::max(best, v) : std::min(best, v);
            }
            return !nan && best == 0 && plus && minus;
          };
          for (size_t i = 0; i < in[0].size(); ++i) expected_open += want(i);
          EXPECT_EQ(ExpectOpenWhere(*s, NodeOf(type, in), want), expected_open);
          if (t.is_float()) {
            EXPECT_GT(expected_open, 0u);
          }
        }
      }
    }
  }
}

// BitShift: open exactly where the shift is the width or more; uint8 in
// each direction: 256 values of x times the 248 shifts from 8 up.
TEST(OpenSpotsTight, BitShiftOpenExactlyFromTheWidth) {
  std::mt19937_64 rng(7);
  const OpSchema& s = *FindSchema("", "BitShift", 11);
  for (DType type : InputTypes(s, 0)) {
    const DTypeInfo& t = Info(type);
    const std::vector<Patterns> pairs = Tuples(t, 2, rng);
    for (const char* direction : {"LEFT", "RIGHT"}) {
      const size_t open = ExpectOpenWhere(
          s, NodeOf(type, pairs, {{"direction", std::string(direction)}}),
          [&](size_t i) {
            return pairs[1][i] >= static_cast<uint64_t>(t.bits);
          });
      if (type == DType::kUint8) {
        EXPECT_EQ(open, 256u * 248u);
      }
    }
  }
}

// Abs and Neg: open at the minimum of a signed type alone, whose
// magnitude does not fit; never on unsigned or float types.
TEST(OpenSpotsTight, AbsNegOpenExactlyAtTheMinimum) {
  std::mt19937_64 rng(7);
  for (std::string_view op : {"Abs", "Neg"}) {
    for (const OpSchema* s : VersionsOf(op)) {
      for (DType type : InputTypes(*s, 0)) {
        const DTypeInfo& t = Info(type);
        const uint64_t minimum = uint64_t{1} << (t.bits - 1);
        const bool has_minimum = t.kind == Kind::kSigned;
        Patterns x = Each(t, 512, rng);
        AddOnce(x, minimum);
        const size_t open = ExpectOpenWhere(
            *s, NodeOf(type, {x}),
            [&](size_t i) { return has_minimum && x[i] == minimum; });
        EXPECT_EQ(open, has_minimum ? 1u : 0u) << op << " " << t.name;
      }
    }
  }
}

// Sign: open on a NaN (the spec is silent) and on a zero (which zero);
// float16 has 2 * 1023 NaNs and 2 zeros.
TEST(OpenSpotsTight, SignOpenOnNaNsAndZeros) {
  const OpSchema& s = *FindSchema("", "Sign", 13);
  for (DType type : {DType::kFloat16, DType::kInt16}) {
    const DTypeInfo& t = Info(type);
    const Patterns x = All(t);
    const size_t open = ExpectOpenWhere(s, NodeOf(type, {x}), [&](size_t i) {
      return t.is_float() && (oracle::IsNaN(t, x[i]) || IsZero(t, x[i]));
    });
    EXPECT_EQ(open, t.is_float() ? 2048u : 0u);
  }
}

// Sum: open where another order of three or four inputs rounds otherwise
// (2048 + 1 + 1 in float16: 2048 left to right, 2050 with 1 + 1 first);
// two inputs, exact sums and five inputs (the rule stops at four) closed.
TEST(OpenSpotsTight, SumOpenWhereTheOrderChangesTheAnswer) {
  const OpSchema& s = *FindSchema("", "Sum", 13);
  const uint64_t k2048 = 0x6800, k1 = 0x3C00, k2 = 0x4000, k3 = 0x4200;
  const auto open = [&](Patterns x) -> bool {
    std::vector<Patterns> columns;
    for (uint64_t v : x) columns.push_back({v});
    return OpenOf(s, NodeOf(DType::kFloat16, columns))[0];
  };
  EXPECT_TRUE(open({k2048, k1, k1}));
  EXPECT_TRUE(open({k1, k2048, k1, k1}));
  EXPECT_FALSE(open({k2048, k1}));
  EXPECT_FALSE(open({k1, k2, k3}));
  EXPECT_FALSE(open({k1, k2, k3, k1}));
  EXPECT_FALSE(open({k2048, k1, k1, k1, k1}));
}

// LeakyRelu: open only on float16 and bfloat16 values below zero (where a
// float32 alpha may meet them otherwise); float and double hold alpha
// exactly.
TEST(OpenSpotsTight, LeakyReluOpenOnlyOnHalfPrecisionNegatives) {
  std::mt19937_64 rng(7);
  const OpSchema& s = *FindSchema("", "LeakyRelu", 16);
  for (DType type : InputTypes(s, 0)) {
    const DTypeInfo& t = Info(type);
    const Patterns x = Each(t, 512, rng);
    const auto below = [&](size_t i) {
      return ValueOf(t, x[i]) < 0 && t.bits == 16;
    };
    const std::vector<bool> open = OpenOf(s, NodeOf(type, {x}));
    size_t opens = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      opens += open[i];
      EXPECT_TRUE(!open[i] || below(i)) << t.name << " " << Hex(x[i]);
    }
    EXPECT_EQ(opens > 0, t.bits == 16) << t.name;
  }
}

// Clip: open beside a NaN input or bound, where the answer is a zero (the
// rule takes either zero wherever the answer is one) and where it is an
// infinity (the largest finite value, an absent bound read as
// numeric_limits' max).
TEST(OpenSpotsTight, ClipOpenOnNaNsZerosAndInfinities) {
  const OpSchema& s = *FindSchema("", "Clip", 13);
  const DTypeInfo& t = Info(DType::kFloat16);
  const Patterns x = All(t);
  const auto nan = [&](uint64_t b) { return oracle::IsNaN(t, b); };
  const auto inf = [&](uint64_t b) {
    return (b & t.format.magnitude_mask()) == t.format.infinity();
  };
  // Bounds -1 and 6: the answer is x's zero, or a bound.
  Node bounded{{DType::kFloat16, DType::kFloat16, DType::kFloat16},
               {},
               {x, {Of(t, -1)}, {Of(t, 6)}}};
  ExpectOpenWhere(s, bounded,
                  [&](size_t i) { return nan(x[i]) || IsZero(t, x[i]); });
  Node unbounded{{DType::kFloat16}, {}, {x}};
  ExpectOpenWhere(s, unbounded, [&](size_t i) {
    return nan(x[i]) || IsZero(t, x[i]) || inf(x[i]);
  });
  Node nan_max{{DType::kFloat16, kAbsentInput, DType::kFloat16},
               {},
               {x, {}, {t.format.infinity() | t.format.quiet_bit()}}};
  ExpectOpenWhere(s, nan_max, [](size_t) { return true; });
}

// Cast float16 -> int8: open on NaN, ±inf, a value out of range once
// truncated, and a value that is no integer (floor or ceiling); float16
// -> float decided everywhere.
TEST(OpenSpotsTight, CastOpenWhereTheSpecLeavesTheConversion) {
  const OpSchema& s = *FindSchema("", "Cast", 25);
  const DTypeInfo& f16 = Info(DType::kFloat16);
  const Patterns x = All(f16);
  const auto to = [](DType t) {
    return Attributes{{"to", static_cast<int64_t>(t)}};
  };
  const size_t open = ExpectOpenWhere(
      s, NodeOf(DType::kFloat16, {x}, to(DType::kInt8)), [&](size_t i) {
        const double v = ValueOf(f16, x[i]);
        return !std::isfinite(v) || v != std::trunc(v) ||
               std::trunc(v) < -128 || std::trunc(v) > 127;
      });
  EXPECT_GT(open, 0u);
  ExpectOpenWhere(s, NodeOf(DType::kFloat16, {x}, to(DType::kFloat)),
                  [](size_t) { return false; });
}

}  // namespace
}  // namespace onnxcts
