// The ops of two inputs and more on the examples of the ONNX operator docs
// (Max's and Min's three inputs) and on the edges IEEE 754 and numpy decide
// (NaN against anything, -0 against +0, integer extremes, broadcasting),
// run through the schema table's kernels as a backend would reach them:
// the tests of several ops at once. An op's own are in ops/<op>_test.cc.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

TEST(GoldenPairs, MaxAndMinOfTheDocsExample) {
  const std::vector<In> in = {Floats({3, 2, 1}), Floats({1, 4, 4}),
                              Floats({2, 5, 3})};
  EXPECT_EQ(RunNode("Max", 13, in, {3}), (Bits{F(3), F(5), F(4)}));
  EXPECT_EQ(RunNode("Min", 13, in, {3}), (Bits{F(1), F(2), F(1)}));
  EXPECT_EQ(RunNode("Max", 6, {Floats({3, 2, 1})}, {3}),
            (Bits{F(3), F(2), F(1)}));
}

TEST(GoldenPairs, MaxAndMinKeepTheNaNAndTheFirstZero) {
  // 0x7E01 and 0xFE02: NaNs with payloads; numpy returns the NaN input.
  const In a = Floats16({0x7E01, 0x3C00, 0x0000, 0x8000, 0x7C00});
  const In b = Floats16({0x3C00, 0xFE02, 0x8000, 0x0000, 0xFC00});
  EXPECT_EQ(RunNode("Max", 13, {a, b}, {5}),
            (Bits{0x7E01, 0xFE02, 0x0000, 0x8000, 0x7C00}));
  EXPECT_EQ(RunNode("Min", 13, {a, b}, {5}),
            (Bits{0x7E01, 0xFE02, 0x0000, 0x8000, 0xFC00}));
}

TEST(GoldenPairs, ComparisonsFollowIeee754) {
  const In a = Floats({1, kNaN, 0.0f, -0.0f, kInf, 2, -kInf});
  const In b = Floats({1, kNaN, -0.0f, 0.0f, kInf, kNaN, kInf});
  EXPECT_EQ(RunNode("Equal", 13, {a, b}, {7}), (Bits{1, 0, 1, 1, 1, 0, 0}));
  EXPECT_EQ(RunNode("Less", 13, {a, b}, {7}), (Bits{0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(RunNode("Greater", 13, {a, b}, {7}), (Bits{0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(RunNode("Greater", 13, {b, a}, {7}), (Bits{0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(RunNode("LessOrEqual", 16, {a, b}, {7}),
            (Bits{1, 0, 1, 1, 1, 0, 1}));
  EXPECT_EQ(RunNode("GreaterOrEqual", 16, {a, b}, {7}),
            (Bits{1, 0, 1, 1, 1, 0, 0}));
  EXPECT_EQ(RunNode("GreaterOrEqual", 12, {b, a}, {7}),
            (Bits{1, 0, 1, 1, 1, 0, 1}));
}

TEST(GoldenPairs, IntegerExtremesAndBool) {
  const In lo{DType::kInt8, {3}, {0x80, 0x7F, 0xFF}};  // -128, 127, -1
  const In hi{DType::kInt8, {3}, {0x7F, 0x80, 0x00}};  // 127, -128, 0
  EXPECT_EQ(RunNode("Less", 9, {lo, hi}, {3}), (Bits{1, 0, 1}));
  EXPECT_EQ(RunNode("Max", 12, {lo, hi}, {3}), (Bits{0x7F, 0x7F, 0x00}));
  const In u{DType::kUint8, {2}, {0xFF, 0x00}};
  const In v{DType::kUint8, {2}, {0x00, 0xFF}};
  EXPECT_EQ(RunNode("Less", 9, {u, v}, {2}), (Bits{0, 1}));
  EXPECT_EQ(RunNode("Greater", 9, {u, v}, {2}), (Bits{1, 0}));
  const In p{DType::kBool, {4}, {0, 1, 0, 1}};
  const In q{DType::kBool, {4}, {0, 0, 1, 1}};
  EXPECT_EQ(RunNode("Equal", 7, {p, q}, {4}), (Bits{1, 0, 0, 1}));
}

TEST(GoldenPairs, InputsBroadcastAsNumpy) {
  const In column{DType::kInt32, {2, 1}, {1, 5}};
  const In row{DType::kInt32, {3}, {0, 3, 7}};
  EXPECT_EQ(RunNode("Less", 13, {column, row}, {2, 3}),
            (Bits{0, 1, 1, 0, 0, 1}));
  EXPECT_EQ(RunNode("Max", 13, {column, row}, {2, 3}),
            (Bits{1, 3, 7, 5, 5, 7}));
  const In scalar{DType::kInt32, {}, {3}};
  EXPECT_EQ(RunNode("Equal", 13, {row, scalar}, {3}), (Bits{0, 1, 0}));
}

TEST(GoldenPairs, BitwiseOpsCombineEachBit) {
  const In a{DType::kInt8, {4}, {0x0F, 0xF0, 0xAA, 0x80}};
  const In b{DType::kInt8, {4}, {0xFF, 0x3C, 0x55, 0x7F}};
  EXPECT_EQ(RunNode("BitwiseAnd", 18, {a, b}, {4}),
            (Bits{0x0F, 0x30, 0x00, 0x00}));
  EXPECT_EQ(RunNode("BitwiseOr", 18, {a, b}, {4}),
            (Bits{0xFF, 0xFC, 0xFF, 0xFF}));
  EXPECT_EQ(RunNode("BitwiseXor", 18, {a, b}, {4}),
            (Bits{0xF0, 0xCC, 0xFF, 0xFF}));
  EXPECT_EQ(RunNode("BitwiseNot", 18, {a}, {4}),
            (Bits{0xF0, 0x0F, 0x55, 0x7F}));
  const In column{DType::kUint64, {2, 1}, {0xFFFF000000000000, 1}};
  const In row{DType::kUint64, {3}, {0x00FF00000000FFFF, 3, 0}};
  EXPECT_EQ(RunNode("BitwiseAnd", 18, {column, row}, {2, 3}),
            (Bits{0x00FF000000000000, 0, 0, 1, 1, 0}));
}

TEST(GoldenPairs, LogicalOpsFollowTheirTruthTables) {
  const In p{DType::kBool, {4}, {0, 1, 0, 1}};
  const In q{DType::kBool, {4}, {0, 0, 1, 1}};
  EXPECT_EQ(RunNode("And", 7, {p, q}, {4}), (Bits{0, 0, 0, 1}));
  EXPECT_EQ(RunNode("Or", 7, {p, q}, {4}), (Bits{0, 1, 1, 1}));
  EXPECT_EQ(RunNode("Xor", 7, {p, q}, {4}), (Bits{0, 1, 1, 0}));
  EXPECT_EQ(RunNode("Not", 1, {p}, {4}), (Bits{1, 0, 1, 0}));
  const In yes{DType::kBool, {}, {1}};
  EXPECT_EQ(RunNode("Xor", 7, {p, yes}, {4}), (Bits{1, 0, 1, 0}));
}

// The expected patterns are numpy's (float16, float, double) and
// ml_dtypes' (bfloat16), each a correctly rounded IEEE 754 operation.
TEST(GoldenArithmetic, Float16RoundsOnceToNearestEven) {
  // 1 + 2^-11 is a tie that stays at 1; 1 + 2^-10 + 2^-11 goes to even.
  EXPECT_EQ(RunNode("Add", 14, {Floats16({0x3C00, 0x3C01, 0x0400, 0x7BFF}),
                                Floats16({0x1000, 0x1000, 0x8001, 0x7BFF})},
                    {4}),
            (Bits{0x3C00, 0x3C02, 0x03FF, 0x7C00}));
  // Halving the smallest normal and its neighbours lands on subnormals.
  EXPECT_EQ(RunNode("Mul", 7, {Floats16({0x0400, 0x0401, 0x0403}),
                               Floats16({0x3800, 0x3800, 0x3800})},
                    {3}),
            (Bits{0x0200, 0x0200, 0x0202}));
  EXPECT_EQ(RunNode("Div", 7, {Floats16({0x3C00, 0x7BFF}),
                               Floats16({0x4200, 0x3800})},
                    {2}),
            (Bits{0x3555, 0x7C00}));
  EXPECT_EQ(RunNode("Sqrt", 6, {Floats16({0x4000})}, {1}), (Bits{0x3DA8}));
  EXPECT_EQ(RunNode("Div", 13, {Of(DType::kBfloat16, {0x3F80}),
                                Of(DType::kBfloat16, {0x4040})},
                    {1}),
            (Bits{0x3EAB}));
}

TEST(GoldenArithmetic, FloatAndDoubleEdges) {
  EXPECT_EQ(RunNode("Mul", 14, {Floats({0.1f, 1.4e-45f, 1.4e-45f}),
                                Floats({3.0f, 0.5f, 1.5f})},
                    {3}),
            (Bits{0x3E99999A, 0x0, 0x2}));
  EXPECT_EQ(RunNode("Reciprocal", 13, {Floats({-0.0f, kInf})}, {2}),
            (Bits{0xFF800000, 0x0}));
  EXPECT_EQ(RunNode("Add", 14, {Floats({-0.0f, -0.0f, 2.5f}),
                                Floats({-0.0f, 0.0f, -2.5f})},
                    {3}),
            (Bits{0x80000000, 0x0, 0x0}));
  const auto d = [](double v) { return std::bit_cast<uint64_t>(v); };
  EXPECT_EQ(RunNode("Add", 7, {Of(DType::kDouble, {d(0.1)}),
                               Of(DType::kDouble, {d(0.2)})},
                    {1}),
            (Bits{0x3FD3333333333334}));
  EXPECT_EQ(RunNode("Sqrt", 13, {Of(DType::kDouble, {d(2.0), d(-0.0)})}, {2}),
            (Bits{0x3FF6A09E667F3BCD, 0x8000000000000000}));
}

// Invalid operations give a NaN: the reference's is the default quiet NaN.
TEST(GoldenArithmetic, InvalidOperationsGiveTheDefaultNaN) {
  EXPECT_EQ(RunNode("Sub", 14, {Floats({kInf, 0.0f}), Floats({kInf, 0.0f})},
                    {2}),
            (Bits{0x7FC00000, 0x0}));
  EXPECT_EQ(RunNode("Mul", 14, {Floats({0.0f, kNaN}), Floats({-kInf, 1.0f})},
                    {2}),
            (Bits{0x7FC00000, 0x7FC00000}));
  EXPECT_EQ(RunNode("Sqrt", 13, {Floats16({0xBC00, 0xFE01})}, {2}),
            (Bits{0x7E00, 0x7E00}));
}

TEST(GoldenArithmetic, IntegersWrapAndTruncate) {
  EXPECT_EQ(RunNode("Add", 14, {Of(DType::kInt8, {0x7F}), Of(DType::kInt8, {1})},
                    {1}),
            (Bits{0x80}));
  EXPECT_EQ(RunNode("Mul", 14, {Of(DType::kUint8, {200}), Of(DType::kUint8, {2})},
                    {1}),
            (Bits{144}));
  // -7 / 2 is -3 (toward zero, not numpy's floor -4); MIN / -1 wraps to
  // MIN; a zero divisor gives 0 (both open spots).
  EXPECT_EQ(RunNode("Div", 7, {Of(DType::kInt32, {0xFFFFFFF9, 0x80000000, 5}),
                               Of(DType::kInt32, {2, 0xFFFFFFFF, 0})},
                    {3}),
            (Bits{0xFFFFFFFD, 0x80000000, 0}));
  EXPECT_EQ(RunNode("Sub", 6, {Of(DType::kUint64, {0}), Of(DType::kUint64, {1})},
                    {1}),
            (Bits{0xFFFFFFFFFFFFFFFF}));
}

}  // namespace
}  // namespace onnxcts
