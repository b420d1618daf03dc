// Report reading (ParseReport, report/report.h), which `onnxcts report
// diff` and `merge` apply to whatever files they are given. Any bytes give
// either an InputError or a report; a report written out again
// reads back to the same report, diffs against itself as unchanged, and
// merges (as the single shard it may be) into a report that reads back.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_error.h"
#include "finding.h"
#include "report/diff.h"
#include "report/merge.h"
#include "report/report.h"

namespace onnxcts::fuzz {
namespace {

constexpr char kFile[] = "fuzz.json";

// As WriteReport() writes it.
std::string Text(const Report& report) {
  return ToJson(report).dump(2, ' ', false,
                             nlohmann::json::error_handler_t::replace);
}

Report ReadBack(const Report& report, const Finder& context) {
  const std::string text = Text(report);
  try {
    return ParseReport(text, kFile);
  } catch (const InputError& e) {
    context.Fail("written_unreadable", std::string(e.what()) + "\n" + text);
  }
}

bool Unchanged(const ReportDiff& d) {
  return d.regressed.empty() && d.fixed.empty() && d.changed.empty() &&
         d.added.empty() && d.removed.empty() && d.cells_regressed.empty() &&
         d.cells_improved.empty();
}

void CheckMerge(const Report& report, const Finder& context) {
  Report merged;
  try {
    merged = MergeReports({report}, {kFile});
  } catch (const MergeError&) {
    return;  // a shard other than 0 of 1 cannot merge alone
  }
  ReadBack(merged, context);
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const Finder context{"report_json", data, size};
  Report report;
  try {
    report = ParseReport(
        std::string_view(reinterpret_cast<const char*>(data), size), kFile);
  } catch (const InputError&) {
    return 0;
  }
  const Report back = ReadBack(report, context);
  if (Text(back) != Text(report)) {
    context.Fail("round_trip", "reads back differently:\n" + Text(report));
  }
  const ReportDiff diff = DiffReports(report, back);
  if (!Unchanged(diff)) {
    context.Fail("self_diff", FormatDiff(diff));
  }
  CheckMerge(report, context);
  return 0;
}
