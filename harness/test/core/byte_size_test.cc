// Sizes as a user types them for --worker-memory, and as messages print
// them: every unit spelling, the edges of 64 bits, and what is refused.
#include "core/byte_size.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

namespace onnxcts {
namespace {

using ::testing::HasSubstr;

TEST(ParseByteSize, PlainNumbersAreBytes) {
  EXPECT_EQ(ParseByteSize("0"), 0u);
  EXPECT_EQ(ParseByteSize("4096"), 4096u);
  EXPECT_EQ(ParseByteSize("007"), 7u);
  EXPECT_EQ(ParseByteSize("7B"), 7u);
  EXPECT_EQ(ParseByteSize("7b"), 7u);
}

TEST(ParseByteSize, UnitsAreBinaryWhicheverWayTheyAreSpelt) {
  EXPECT_EQ(ParseByteSize("3K"), 3072u);
  EXPECT_EQ(ParseByteSize("512M"), 536870912u);
  EXPECT_EQ(ParseByteSize("512MiB"), 536870912u);
  EXPECT_EQ(ParseByteSize("512MB"), 536870912u);
  EXPECT_EQ(ParseByteSize("512m"), 536870912u);
  EXPECT_EQ(ParseByteSize("512mib"), 536870912u);
  EXPECT_EQ(ParseByteSize("2G"), 2147483648u);
  EXPECT_EQ(ParseByteSize("2gb"), 2147483648u);
  EXPECT_EQ(ParseByteSize("1T"), 1099511627776u);
  EXPECT_EQ(ParseByteSize("1TiB"), 1099511627776u);
}

TEST(ParseByteSize, TheLargestSizesFitAndOneMoreIsRefused) {
  EXPECT_EQ(ParseByteSize("18446744073709551615"), UINT64_MAX);
  EXPECT_EQ(ParseByteSize("16777215T"), 16777215ull << 40);
  EXPECT_THROW(ParseByteSize("18446744073709551616"), std::invalid_argument);
  EXPECT_THROW(ParseByteSize("16777216T"), std::invalid_argument);  // 2^64
  EXPECT_THROW(ParseByteSize("99999999999999999999999"),
               std::invalid_argument);
}

class BadByteSize : public ::testing::TestWithParam<const char*> {};

TEST_P(BadByteSize, IsRefusedQuotingTheText) {
  try {
    ParseByteSize(GetParam());
    FAIL() << "accepted '" << GetParam() << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("'" + std::string(GetParam()) + "'"));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Texts, BadByteSize,
    ::testing::Values("", "M", "MiB", "-1", "+1", "1.5G", "12X", "12 M",
                      " 12", "12 ", "12MiBs", "12iB", "12KMB", "0x10",
                      "12KiBB", "1e6"));

TEST(ByteSizeText, BytesBelowOneKiB) {
  EXPECT_EQ(ByteSizeText(0), "0 bytes");
  EXPECT_EQ(ByteSizeText(1), "1 byte");
  EXPECT_EQ(ByteSizeText(1023), "1023 bytes");
}

TEST(ByteSizeText, LargestUnitReachedWithTenthsRoundedDown) {
  EXPECT_EQ(ByteSizeText(1024), "1 KiB");
  EXPECT_EQ(ByteSizeText(1536), "1.5 KiB");
  EXPECT_EQ(ByteSizeText(2047), "1.9 KiB");  // 1.999: never rounds up
  EXPECT_EQ(ByteSizeText(256ull << 20), "256 MiB");
  EXPECT_EQ(ByteSizeText((3ull << 20) + 471859), "3.4 MiB");  // 3.45 MiB
  EXPECT_EQ(ByteSizeText(24ull << 20), "24 MiB");
  EXPECT_EQ(ByteSizeText(1ull << 30), "1 GiB");
  EXPECT_EQ(ByteSizeText(1ull << 40), "1 TiB");
  EXPECT_EQ(ByteSizeText(1ull << 50), "1024 TiB");  // no unit above T
  EXPECT_EQ(ByteSizeText(UINT64_MAX), "16777215.9 TiB");
}

}  // namespace
}  // namespace onnxcts
