#include "onnxcts/broadcast.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace onnxcts {
namespace {

TEST(Broadcast, DimsAsNumpyGivesThem) {
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{2, 1, 4}, {3, 1}}), (Dims{2, 3, 4}));
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{}, {5}}), (Dims{5}));
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{0}, {1}}), (Dims{0}));
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{2, 3}, {3}, {1, 1}}), (Dims{2, 3}));
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{2, 3}, {2}}), std::nullopt);
  EXPECT_EQ(BroadcastDims(std::vector<Dims>{{0}, {2}}), std::nullopt);
}

TEST(Broadcast, ExpandReadsTheStretchedElement) {
  // [[a], [b]] (2x1) against 3 columns, then a row [x, y, z] against 2 rows.
  const uint16_t column[] = {7, 9};
  std::vector<uint16_t> out(6);
  const Dims to = {2, 3};
  ExpandTo(column, Dims{2, 1}, 2, to, out.data());
  EXPECT_EQ(out, (std::vector<uint16_t>{7, 7, 7, 9, 9, 9}));
  const uint16_t row[] = {1, 2, 3};
  ExpandTo(row, Dims{3}, 2, to, out.data());
  EXPECT_EQ(out, (std::vector<uint16_t>{1, 2, 3, 1, 2, 3}));
  const uint16_t scalar[] = {5};
  ExpandTo(scalar, Dims{}, 2, to, out.data());
  EXPECT_EQ(out, (std::vector<uint16_t>(6, 5)));
}

TEST(Broadcast, IndexMapsEveryOutputElement) {
  const Dims in = {3, 1, 2};
  const Dims out = {4, 3, 5, 2};
  const BroadcastIndex index(in, out);
  for (size_t i = 0; i < 4 * 3 * 5 * 2; ++i) {
    const size_t a = (i / (5 * 2)) % 3;
    const size_t c = i % 2;
    EXPECT_EQ(index(i), a * 2 + c) << i;
  }
}

}  // namespace
}  // namespace onnxcts
