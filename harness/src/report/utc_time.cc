#include "report/utc_time.h"

#include <fmt/core.h>
#include <time.h>

#include <cstdint>

namespace onnxcts {
namespace {

// Reads `count` digits at `pos`; -1 when any is not a digit.
int Digits(std::string_view s, size_t pos, size_t count) {
  int value = 0;
  for (size_t i = pos; i < pos + count; ++i) {
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return -1;
    value = value * 10 + (s[i] - '0');
  }
  return value;
}

bool IsAt(std::string_view s, size_t pos, char c) {
  return pos < s.size() && s[pos] == c;
}

// Nanoseconds of ".f{1,9}Z" at `pos`, the whole rest of `s`; -1 if malformed.
int64_t Fraction(std::string_view s, size_t pos) {
  if (pos >= s.size()) return -1;
  if (s.substr(pos) == "Z") return 0;
  if (!IsAt(s, pos, '.') || s.back() != 'Z') return -1;
  const size_t digits = s.size() - pos - 2;
  if (digits < 1 || digits > 9) return -1;
  int64_t ns = Digits(s, pos + 1, digits);
  if (ns < 0) return -1;
  for (size_t i = digits; i < 9; ++i) ns *= 10;
  return ns;
}

}  // namespace

std::string FormatUtcTime(TimePoint t) {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  const int64_t ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
  // Floor division, so that times before the epoch stay well-formed.
  int64_t seconds = ms / 1000;
  int64_t rest = ms % 1000;
  if (rest < 0) {
    rest += 1000;
    seconds -= 1;
  }
  const time_t tt = static_cast<time_t>(seconds);
  struct tm tm {};
  gmtime_r(&tt, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
                     tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec, rest);
}

std::optional<TimePoint> ParseUtcTime(std::string_view s) {
  struct tm tm {};
  tm.tm_year = Digits(s, 0, 4) - 1900;
  tm.tm_mon = Digits(s, 5, 2) - 1;
  tm.tm_mday = Digits(s, 8, 2);
  tm.tm_hour = Digits(s, 11, 2);
  tm.tm_min = Digits(s, 14, 2);
  tm.tm_sec = Digits(s, 17, 2);
  const bool separators = IsAt(s, 4, '-') && IsAt(s, 7, '-') &&
                          IsAt(s, 10, 'T') && IsAt(s, 13, ':') &&
                          IsAt(s, 16, ':');
  const int64_t ns = Fraction(s, 19);
  if (!separators || ns < 0 || tm.tm_year < 70 || tm.tm_mon < 0 ||
      tm.tm_mday < 0 || tm.tm_hour < 0 || tm.tm_min < 0 || tm.tm_sec < 0) {
    return std::nullopt;
  }
  const struct tm given = tm;
  const time_t tt = timegm(&tm);
  // timegm normalises out-of-range fields; a change means they were invalid.
  if (tt == -1 || tm.tm_year != given.tm_year || tm.tm_mon != given.tm_mon ||
      tm.tm_mday != given.tm_mday || tm.tm_hour != given.tm_hour ||
      tm.tm_min != given.tm_min || tm.tm_sec != given.tm_sec) {
    return std::nullopt;
  }
  // A TimePoint counts nanoseconds in 64 bits, which end in 2262; past
  // that the conversion below would overflow.
  constexpr int64_t kLastSecond =
      std::chrono::duration_cast<std::chrono::seconds>(
          TimePoint::duration::max())
          .count() -
      1;
  if (tt > kLastSecond) return std::nullopt;
  return TimePoint(std::chrono::duration_cast<TimePoint::duration>(
      std::chrono::seconds(tt) + std::chrono::nanoseconds(ns)));
}

}  // namespace onnxcts
