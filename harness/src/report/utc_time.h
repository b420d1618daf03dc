// Times as reports hold them: ISO-8601 in UTC, e.g. 2025-03-01T12:00:05.250Z.
#ifndef ONNXCTS_HARNESS_REPORT_UTC_TIME_H_
#define ONNXCTS_HARNESS_REPORT_UTC_TIME_H_

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace onnxcts {

using TimePoint = std::chrono::system_clock::time_point;

// FormatUtcTime()
//
// `t` as YYYY-MM-DDTHH:MM:SS.mmmZ (milliseconds, truncated).
std::string FormatUtcTime(TimePoint t);

// ParseUtcTime()
//
// The time of YYYY-MM-DDTHH:MM:SS[.f{1,9}]Z; nullopt for anything else,
// including dates that do not exist (Feb 30), years before 1970, and times
// a TimePoint cannot hold (past April 2262).
std::optional<TimePoint> ParseUtcTime(std::string_view text);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_UTC_TIME_H_
