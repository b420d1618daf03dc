// BitShift both ways, on bits shifted out and shifts by the width.
#include <gtest/gtest.h>

#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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
