// The JSON report of a run (DESIGN.md, Reports): what was run, against
// what, where, and every result, with a summary computed from them. Its
// format is reports/report.schema.json; ReportFromJson() checks what that
// schema says, and more, on untrusted reports (the input of diff and merge).
#ifndef ONNXCTS_HARNESS_REPORT_REPORT_H_
#define ONNXCTS_HARNESS_REPORT_REPORT_H_

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/backend.h"
#include "core/result.h"
#include "core/status.h"
#include "report/environment.h"
#include "report/utc_time.h"

namespace onnxcts {

inline constexpr std::string_view kReportSchemaVersion = "2";
// Version 1 (before must-reject cells were kept apart) is still read; its
// stored summary, made under the old verdict rules, is recomputed.
inline constexpr std::string_view kOldReportSchemaVersion = "1";

// ToolVersion()
//
// The version of onnxcts, as its CMake project states it.
std::string_view ToolVersion();

// "spec", "strict".
std::string_view PolicyName(Policy policy);
std::optional<Policy> ParsePolicy(std::string_view name);

struct ShardSpec {
  int index = 0;  // 0 .. count-1
  int count = 1;
};

// One line of the backend's known-failures file, as the run applied it.
struct KnownFailureEntry {
  std::string glob;  // of case ids
  std::string reason;
  std::string link;      // the issue
  std::string expires;   // YYYY-MM-DD, or "" for never
  bool expired = false;  // past `expires` when the run started: not applied
};

struct Report {
  std::string tool_name = "onnxcts";
  std::string tool_version = std::string(ToolVersion());
  BackendInfo backend;
  std::string host;
  TimePoint started;
  TimePoint ended;
  // Each --suite's label: as LABEL=DIR named it, else DefaultSuiteLabel().
  std::vector<std::string> suites;
  Policy policy = Policy::kSpec;
  std::string filter;  // the --filter regex, "" for none
  // Ops whose deviations counted as failures (--strict-ops).
  std::vector<std::string> strict_ops;
  ShardSpec shard;
  std::vector<std::string> command_line;  // argv
  Environment environment;
  std::vector<KnownFailureEntry> known_failures;
  std::vector<CaseResult> results;
};

// ToJson()
//
// The report as JSON, with its summary (see summary.h) computed from the
// results under the report's policy.
nlohmann::json ToJson(const Report& report);
nlohmann::json ToJson(const CaseResult& result);

// ReportHead()
//
// ToJson(report) with "summary" and "results" null: what WriteReport()
// writes around the two it streams.
nlohmann::json ReportHead(const Report& report);

// ReportFromJson()
//
// The report in `json`, read from `file`. Throws InputError naming `file`
// and the JSON pointer of the first field that is missing, unknown, of the
// wrong type or out of range, of a result listed twice (same case id and
// data set), or of a summary that the results contradict.
Report ReportFromJson(const nlohmann::json& json, const std::string& file);

// ResultFromJson()
//
// One element of a report's "results" (the JSON ToJson(CaseResult) makes),
// read from `file`; throws InputError as ReportFromJson() does, its pointer
// relative to the result. Journals read their records through it too.
CaseResult ResultFromJson(const nlohmann::json& json, const std::string& file);

// WriteReport()
//
// Writes ToJson(report).dump(2) to `path` atomically (see atomic_file.h),
// one result at a time: a report of 10,000 results is never a tree or a
// text whole in memory. Throws std::system_error.
void WriteReport(const std::filesystem::path& path, const Report& report);

// ReadReport()
//
// The report in the file at `path`; throws InputError when it cannot be
// read or fails ParseReport().
Report ReadReport(const std::filesystem::path& path);

// ParseReport()
//
// The report in `text`, read from `file`; throws InputError when it is not
// JSON, nests deeper than kMaxReportDepth, or fails ReportFromJson().
inline constexpr int kMaxReportDepth = 64;  // reports nest about 10 deep
Report ParseReport(std::string_view text, const std::string& file);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_REPORT_H_
