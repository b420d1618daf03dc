#include "report/utc_time.h"

#include <gtest/gtest.h>

namespace onnxcts {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

TimePoint At(int64_t ms) { return TimePoint(milliseconds(ms)); }

TEST(FormatUtcTime, WritesIsoUtcWithMilliseconds) {
  EXPECT_EQ(FormatUtcTime(At(0)), "1970-01-01T00:00:00.000Z");
  // Epoch seconds from `date -u -d @1740830405`.
  EXPECT_EQ(FormatUtcTime(At(1740830405250)), "2025-03-01T12:00:05.250Z");
  EXPECT_EQ(FormatUtcTime(At(951782400007)), "2000-02-29T00:00:00.007Z");
}

TEST(ParseUtcTime, ReadsWithAndWithoutFraction) {
  EXPECT_EQ(ParseUtcTime("2025-03-01T12:00:05Z"), At(1740830405000));
  EXPECT_EQ(ParseUtcTime("2025-03-01T12:00:05.25Z"), At(1740830405250));
  EXPECT_EQ(ParseUtcTime("2024-02-29T23:59:59.000000001Z"),
            TimePoint(seconds(1709251199)) + std::chrono::nanoseconds(1));
}

TEST(ParseUtcTime, RefusesAnythingElse) {
  for (const char* bad :
       {"", "2025-03-01", "2025-03-01T12:00:05", "2025-03-01 12:00:05Z",
        "2025-3-01T12:00:05Z", "2025-03-01T12:00:05+00:00",
        "2025-03-01T12:00:05.Z", "2025-03-01T12:00:05.0123456789Z",
        "2025-03-01T12:00:05ZZ", "2023-02-29T00:00:00Z", "2025-13-01T00:00:00Z",
        "2025-04-31T00:00:00Z", "2025-03-01T24:00:00Z", "2025-03-01T12:60:00Z",
        "1969-12-31T23:59:59Z", "２025-03-01T12:00:05Z",
        "-025-03-01T12:00:05Z", "2263-01-01T00:00:00Z", "9999-12-31T23:59:59Z"}) {
    EXPECT_FALSE(ParseUtcTime(bad)) << bad;
  }
}

TEST(ParseUtcTime, ReadsUpToTheEndOfTimePoint) {
  EXPECT_TRUE(ParseUtcTime("2262-04-11T23:47:15.999Z"));
  EXPECT_FALSE(ParseUtcTime("2262-04-11T23:47:16Z"));
}

TEST(ParseUtcTime, InvertsFormat) {
  const TimePoint t = At(1234567890123);
  EXPECT_EQ(ParseUtcTime(FormatUtcTime(t)), t);
}

}  // namespace
}  // namespace onnxcts
