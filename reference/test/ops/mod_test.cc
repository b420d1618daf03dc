// Mod: the sign each value of `fmod` gives, integer extremes and a zero
// divisor, and C's exact fmod on floats.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "golden_util.h"

namespace onnxcts {
namespace {

using namespace golden;  // NOLINT: the shared helpers of these tests

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
