// Where: the bits it copies and the broadcast of its three inputs.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/schema.h"

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
