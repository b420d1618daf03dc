// What the golden tests share (golden_test.cc, golden_pairs_test.cc and the
// op tests in ops/): running one node of an op through the schema table's
// kernel as a backend would reach it, and the inputs they feed it.
#ifndef ONNXCTS_TEST_GOLDEN_UTIL_H_
#define ONNXCTS_TEST_GOLDEN_UTIL_H_

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/infer.h"
#include "onnxcts/schema.h"

namespace onnxcts::golden {

inline constexpr float kInf = INFINITY;
inline constexpr float kNaN = NAN;

inline std::vector<uint32_t> Float32Bits(std::vector<float> values) {
  std::vector<uint32_t> bits;
  for (float v : values) bits.push_back(std::bit_cast<uint32_t>(v));
  return bits;
}

// float16 patterns of -1.2, NaN, inf, 2.8, -inf, inf (numpy's rounding).
inline const std::vector<uint16_t> kFloat16Example = {0xBCCD, 0x7E00, 0x7C00,
                                                      0x419A, 0xFC00, 0x7C00};
// The same values in bfloat16, rounded to nearest even.
inline const std::vector<uint16_t> kBfloat16Example = {0xBF9A, 0x7FC0, 0x7F80,
                                                       0x4033, 0xFF80, 0x7F80};

// RunOp()
//
// Runs op `op` at `opset` of one input and one output of the same dtype `t`
// on `x`, as a vector of In, into a vector of Out.
template <typename In, typename Out>
std::vector<Out> RunOp(std::string_view op, int opset, DType t,
                       const std::vector<In>& x, Attributes attrs = {}) {
  const OpSchema* schema = FindSchema("", op, opset);
  EXPECT_NE(schema, nullptr);
  EXPECT_TRUE(schema->Allows(schema->inputs[0].type, t));
  EXPECT_EQ(ResolveAttributes(*schema, attrs), "");
  std::vector<Out> y(x.size());
  const int64_t dims[] = {static_cast<int64_t>(x.size())};
  const ConstTensorView in[] = {{t, x.data(), dims, x.size()}};
  const TensorView out[] = {{t, y.data(), dims, y.size()}};
  schema->kernel(std::span(in), std::span(out), attrs);
  return y;
}

using Bools = std::vector<uint8_t>;

// An input of RunNode(): its dtype, shape and each element's bits.
struct In {
  DType dtype;
  std::vector<int64_t> dims;
  std::vector<uint64_t> bits;  // one per element
};

inline size_t Count(const std::vector<int64_t>& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// Runs `op` at `opset` on `inputs` into an output of `out_dims`.
inline std::vector<uint64_t> RunNode(std::string_view op, int opset,
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

inline In Floats(std::vector<float> values) {
  In x{DType::kFloat, {static_cast<int64_t>(values.size())}, {}};
  for (float v : values) x.bits.push_back(std::bit_cast<uint32_t>(v));
  return x;
}

inline In Floats16(std::vector<uint64_t> bits) {
  return {DType::kFloat16, {static_cast<int64_t>(bits.size())}, bits};
}

using Bits = std::vector<uint64_t>;

inline uint64_t F(float v) { return std::bit_cast<uint32_t>(v); }

inline In Of(DType dtype, Bits bits) {
  return {dtype, {static_cast<int64_t>(bits.size())}, std::move(bits)};
}

}  // namespace onnxcts::golden

#endif  // ONNXCTS_TEST_GOLDEN_UTIL_H_
