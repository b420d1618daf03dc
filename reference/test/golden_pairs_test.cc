// The ops of two inputs and more on the examples of the ONNX operator docs
// (Max's and Min's three inputs) and on the edges IEEE 754 and numpy decide
// (NaN against anything, -0 against +0, integer extremes, broadcasting),
// run through the schema table's kernels as a backend would reach them.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

struct In {
  DType dtype;
  std::vector<int64_t> dims;
  std::vector<uint64_t> bits;  // one per element
};

size_t Count(const std::vector<int64_t>& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// Runs `op` at `opset` on `inputs` into an output of `out_dims`.
std::vector<uint64_t> RunNode(std::string_view op, int opset,
                          const std::vector<In>& inputs,
                          const std::vector<int64_t>& out_dims,
                          const Attributes& attributes = {}) {
  const OpSchema* schema = FindSchema("", op, opset);
  EXPECT_NE(schema, nullptr);
  const DTypeInfo& t = Info(inputs[0].dtype);
  const std::vector<DType> types(inputs.size(), t.code);
  const NodeOutputs made = InferOutputTypes(*schema, types, attributes);
  EXPECT_EQ(made.problem, "");
  const DTypeInfo& ot = Info(made.types.at(0));
  std::vector<std::vector<uint8_t>> storage;
  std::vector<ConstTensorView> views;
  for (const In& x : inputs) {
    EXPECT_TRUE(schema->Allows(schema->inputs[0].type, x.dtype));
    std::vector<uint8_t>& bytes = storage.emplace_back(StorageBytes(t, x.bits.size()));
    for (size_t i = 0; i < x.bits.size(); ++i) StoreBits(t, bytes.data(), i, x.bits[i]);
    views.push_back({x.dtype, bytes.data(), x.dims, x.bits.size()});
  }
  const size_t n = Count(out_dims);
  std::vector<uint8_t> out(StorageBytes(ot, n));
  const TensorView result[] = {{ot.code, out.data(), out_dims, n}};
  schema->kernel(views, std::span(result), attributes);
  std::vector<uint64_t> bits;
  for (size_t i = 0; i < n; ++i) bits.push_back(LoadBits(ot, out.data(), i));
  return bits;
}

In Floats(std::vector<float> values) {
  In x{DType::kFloat, {static_cast<int64_t>(values.size())}, {}};
  for (float v : values) x.bits.push_back(std::bit_cast<uint32_t>(v));
  return x;
}

In Floats16(std::vector<uint64_t> bits) {
  return {DType::kFloat16, {static_cast<int64_t>(bits.size())}, bits};
}

using Bits = std::vector<uint64_t>;
constexpr float kInf = INFINITY;
constexpr float kNaN = NAN;

uint64_t F(float v) { return std::bit_cast<uint32_t>(v); }

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

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

In Of(DType dtype, Bits bits) {
  return {dtype, {static_cast<int64_t>(bits.size())}, std::move(bits)};
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

namespace onnxcts {
namespace {

// numpy's left_shift and right_shift: bits shifted out are lost, and a
// shift by the width or more gives 0 (an open spot the reference fills as
// numpy does).
TEST(GoldenPairs, BitShiftBothWays) {
  const In x = {DType::kUint8, {4}, {0x01, 0xFF, 0x80, 0xFF}};
  const In y = {DType::kUint8, {4}, {7, 1, 7, 8}};
  EXPECT_EQ(RunNode("BitShift", 11, {x, y}, {4}, {{"direction", "LEFT"}}),
            (Bits{0x80, 0xFE, 0x00, 0x00}));
  EXPECT_EQ(RunNode("BitShift", 11, {x, y}, {4}, {{"direction", "RIGHT"}}),
            (Bits{0x00, 0x7F, 0x01, 0x00}));
  const In big = {DType::kUint64, {2}, {1, uint64_t{1} << 63}};
  const In by = {DType::kUint64, {2}, {64, 63}};
  EXPECT_EQ(RunNode("BitShift", 11, {big, by}, {2}, {{"direction", "RIGHT"}}),
            (Bits{0, 1}));
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// Sum adds left to right, each addition rounded: 2048 + 1 + 1 in float16
// stays 2048 (each 2049 a tie to even), and two inputs are Add.
TEST(GoldenPairs, SumAddsLeftToRight) {
  const std::vector<In> three = {Floats16({0x6800}), Floats16({0x3C00}),
                                 Floats16({0x3C00})};
  EXPECT_EQ(RunNode("Sum", 13, three, {1}), (Bits{0x6800}));
  EXPECT_EQ(RunNode("Sum", 8, {Floats({1.0f, kInf}), Floats({2.0f, -kInf})},
                    {2}),
            (Bits{F(3.0f), 0x7FC00000}));
  EXPECT_EQ(RunNode("Sum", 6, {Floats16({0x3C00})}, {1}), (Bits{0x3C00}));
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// fmod 0 takes the divisor's sign (Python's -7 % 3 == 2), fmod 1 the
// dividend's (C's fmod(-7, 3) == -1); MIN by -1 is 0 either way, and a
// zero divisor 0 (an open spot).
TEST(GoldenArithmetic, ModTakesTheSignItsFlagSays) {
  const In a = {DType::kInt8, {5}, {0xF9, 0x07, 0x80, 0x80, 0x05}};
  const In b = {DType::kInt8, {5}, {3, 0xFD, 0xFF, 3, 0}};
  EXPECT_EQ(RunNode("Mod", 13, {a, b}, {5}, {{"fmod", int64_t{0}}}),
            (Bits{2, 0xFE, 0, 1, 0}));
  EXPECT_EQ(RunNode("Mod", 13, {a, b}, {5}, {{"fmod", int64_t{1}}}),
            (Bits{0xFF, 1, 0, 0xFE, 0}));
  const In u = {DType::kUint64, {1}, {~uint64_t{0}}};
  const In v = {DType::kUint64, {1}, {10}};
  EXPECT_EQ(RunNode("Mod", 10, {u, v}, {1}, {{"fmod", int64_t{0}}}), (Bits{5}));
}

// C's fmod on floats is exact: -5.5 fmod 2 is -1.5, -0 keeps its sign, x
// fmod inf is x, and 2^1023 fmod 3 is 2 (2 = -1 mod 3, to an odd power).
TEST(GoldenArithmetic, FmodOfFloatsIsExact) {
  const Attributes fmod = {{"fmod", int64_t{1}}};
  EXPECT_EQ(RunNode("Mod", 13, {Floats({-5.5f, -0.0f, 1.0f, kInf, 1.0f}),
                                Floats({2.0f, 3.0f, kInf, 1.0f, 0.0f})},
                    {5}, fmod),
            (Bits{F(-1.5f), F(-0.0f), F(1.0f), 0x7FC00000, 0x7FC00000}));
  const auto d = [](double x) { return std::bit_cast<uint64_t>(x); };
  EXPECT_EQ(RunNode("Mod", 13, {Of(DType::kDouble, {d(0x1p1023), d(0x3p-1074)}),
                                Of(DType::kDouble, {d(3.0), d(0x1p-1073)})},
                    {2}, fmod),
            (Bits{d(2.0), d(0x1p-1074)}));
  // float16 65504 fmod the smallest subnormal's triple: 65504 is 2047 * 32,
  // 3 * 2^-24 divides 32 with remainder 2^-24 * (2^29 mod 3 = 2).
  EXPECT_EQ(RunNode("Mod", 13, {Floats16({0x7BFF}), Floats16({0x0003})}, {1},
                    fmod),
            (Bits{0x0002}));
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// slope * x below zero only: ±0 and a NaN are themselves (the NaN's bits
// kept), -inf times 0 the default NaN; the slope broadcasts to X's shape.
TEST(GoldenPairs, PReluScalesBelowZeroOnly) {
  const float nan1 = std::bit_cast<float>(uint32_t{0x7FC00001});
  EXPECT_EQ(RunNode("PRelu", 16, {Floats({-2.0f, 3.0f, -0.0f, nan1, -kInf}),
                                  Floats({0.5f, 0.5f, -1.0f, 2.0f, 0.0f})},
                    {5}),
            (Bits{F(-1.0f), F(3.0f), 0x80000000, 0x7FC00001, 0x7FC00000}));
  In x = Floats({-1.0f, -1.0f, 1.0f, -4.0f});
  x.dims = {2, 2};
  EXPECT_EQ(RunNode("PRelu", 7, {x, Floats({2.0f, 3.0f})}, {2, 2}),
            (Bits{F(-2.0f), F(-3.0f), F(1.0f), F(-12.0f)}));
  EXPECT_EQ(RunNode("PRelu", 9, {Of(DType::kInt32, {0xFFFFFFFB, 7, 0x80000000}),
                                 Of(DType::kInt32, {3, 0xFFFFFFFE, 0xFFFFFFFF})},
                    {3}),
            (Bits{0xFFFFFFF1, 7, 0x80000000}));
}

// float32's 0.2 becomes float16's 0x3266 first, as in ONNX's reference
// evaluator (numpy: float16(-1.00195) * float16(0.2) is 0xb269; the
// product with float32's 0.2 rounded once would be 0xb26a).
TEST(GoldenPairs, LeakyReluRoundsAlphaToTheTensorsType) {
  EXPECT_EQ(RunNode("LeakyRelu", 16, {Floats16({0xBC02, 0x8000, 0x3C00})}, {3},
                    {{"alpha", 0.2f}}),
            (Bits{0xB269, 0x8000, 0x3C00}));
  EXPECT_EQ(RunNode("LeakyRelu", 6, {Floats({-100.0f, -0.0f})}, {2}),
            (Bits{F(-1.0f), 0x80000000}));
  EXPECT_EQ(RunNode("LeakyRelu", 6, {Floats({-2.0f, -0.0f})}, {2},
                    {{"alpha", -1.5f}}),
            (Bits{F(3.0f), 0x80000000}));
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

In Scalar(DType dtype, uint64_t bits) { return {dtype, {}, {bits}}; }

// Below min is min, above max is max; min above max makes every element
// max; an absent bound is the dtype's extreme.
TEST(GoldenPairs, ClipHoldsBetweenTheBounds) {
  const In x = {DType::kInt8, {5}, {0x80, 0xFB, 0, 5, 0x7F}};
  EXPECT_EQ(RunNode("Clip", 12, {x, Scalar(DType::kInt8, 0xFF),
                                 Scalar(DType::kInt8, 6)},
                    {5}),
            (Bits{0xFF, 0xFF, 0, 5, 6}));
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kInt8, 6),
                                 Scalar(DType::kInt8, 0xFF)},
                    {5}),
            (Bits{0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kInt8, 0)}, {5}),
            (Bits{0, 0, 0, 5, 0x7F}));
}

// -0 against min +0 keeps its own zero; a NaN input stays itself, a NaN
// bound is every other answer; Clip-6's default bounds are float's
// extremes, also on double.
TEST(GoldenPairs, ClipOfZerosNaNsAndInfinities) {
  const float nan1 = std::bit_cast<float>(uint32_t{0x7FC00001});
  const In x = Floats({-0.0f, nan1, -kInf, 7.0f});
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kFloat, F(0.0f)),
                                 Scalar(DType::kFloat, F(6.0f))},
                    {4}),
            (Bits{0x80000000, 0x7FC00001, 0, F(6.0f)}));
  EXPECT_EQ(RunNode("Clip", 11, {x, Scalar(DType::kFloat, 0xFFC00002),
                                 Scalar(DType::kFloat, F(6.0f))},
                    {4}),
            (Bits{0xFFC00002, 0x7FC00001, 0xFFC00002, 0xFFC00002}));
  // With max left out, +inf has no bound to meet (numpy's clip).
  EXPECT_EQ(RunNode("Clip", 13, {x, Scalar(DType::kFloat, F(-1.0f))}, {4}),
            (Bits{0x80000000, 0x7FC00001, F(-1.0f), F(7.0f)}));
  EXPECT_EQ(RunNode("Clip", 13, {Floats({kInf})}, {1}), (Bits{F(kInf)}));
  EXPECT_EQ(RunNode("Clip", 6, {Floats16({0xC200, 0x3C00})}, {2},
                    {{"min", -1.0f}, {"max", 0.0f}}),
            (Bits{0xBC00, 0x0000}));
  const auto d = [](double v) { return std::bit_cast<uint64_t>(v); };
  EXPECT_EQ(RunNode("Clip", 6, {Of(DType::kDouble, {d(-INFINITY), d(1e300)})},
                    {2}),
            (Bits{0xC7EFFFFFE0000000, 0x47EFFFFFE0000000}));
}

}  // namespace
}  // namespace onnxcts

namespace onnxcts {
namespace {

// Where copies the chosen input's bits (a NaN's payload, -0) and broadcasts
// its three inputs together: a [2, 1, 1] condition, a [2, 1] X and a
// [1, 3] Y make [2, 2, 3].
TEST(GoldenPairs, WhereSelectsBitsAndBroadcastsThreeWays) {
  const OpSchema* s = FindSchema("", "Where", 16);
  ASSERT_NE(s, nullptr);
  const std::vector<DType> types = {DType::kBool, DType::kFloat16,
                                    DType::kFloat16};
  const std::vector<Dims> dims = {{2, 1, 1}, {2, 1}, {1, 3}};
  const NodeOutputs made = InferOutputs(*s, types, dims, {});
  ASSERT_EQ(made.problem, "");
  EXPECT_EQ(made.types, std::vector<DType>{DType::kFloat16});
  ASSERT_EQ(made.dims, (Dims{2, 2, 3}));
  const uint8_t condition[] = {1, 0};
  const uint16_t x[] = {0x7E01, 0x8000};
  const uint16_t y[] = {0x3C00, 0xFC00, 0x7D00};
  const ConstTensorView in[] = {{types[0], condition, dims[0], 2},
                                {types[1], x, dims[1], 2},
                                {types[2], y, dims[2], 3}};
  uint16_t out[12] = {};
  const TensorView result[] = {{DType::kFloat16, out, made.dims, 12}};
  s->kernel(std::span(in), std::span(result), {});
  EXPECT_EQ(std::vector<uint16_t>(out, out + 12),
            (std::vector<uint16_t>{0x7E01, 0x7E01, 0x7E01, 0x8000, 0x8000,
                                   0x8000, 0x3C00, 0xFC00, 0x7D00, 0x3C00,
                                   0xFC00, 0x7D00}));
}

}  // namespace
}  // namespace onnxcts
