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
                          const std::vector<int64_t>& out_dims) {
  const OpSchema* schema = FindSchema("", op, opset);
  EXPECT_NE(schema, nullptr);
  const DTypeInfo& t = Info(inputs[0].dtype);
  const std::vector<DType> types(inputs.size(), t.code);
  const NodeOutputs made = InferOutputTypes(*schema, types, {});
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
  Attributes none;
  schema->kernel(views, std::span(result), none);
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
