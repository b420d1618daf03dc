#include "report/junit.h"

#include <fmt/core.h>

#include "report/mismatch_text.h"
#include "report/xml_escape.h"

namespace onnxcts {
namespace {

struct Tally {
  size_t tests = 0;
  size_t failures = 0;
  size_t skipped = 0;
  double seconds = 0;
};

bool IsSkipped(Status s) {
  return s == Status::kNotSupported || !JudgesBackend(s);
}

std::string Attr(std::string_view text) { return XmlEscape(text, true); }

// Everything a person needs to see why it failed, as the element's text.
std::string Details(const CaseResult& r) {
  std::string details = MismatchSummary(r);
  if (!r.stderr_tail.empty()) details += "stderr:\n" + r.stderr_tail + "\n";
  if (!r.reproduce.empty()) details += "reproduce: " + r.reproduce + "\n";
  return details;
}

std::string Outcome(const CaseResult& r, Policy policy) {
  const std::string_view status = StatusName(r.status);
  if (IsFailure(r.status, policy, /*require_support=*/false)) {
    return fmt::format(
        "      <failure type=\"{}\" message=\"{}\">{}</failure>\n", status,
        Attr(r.message), XmlEscape(Details(r)));
  }
  if (IsSkipped(r.status)) {
    return fmt::format("      <skipped message=\"{}: {}\"/>\n", status,
                       Attr(r.message));
  }
  if (r.status == Status::kPass) return "";
  // deviation, rejected, expected_fail: passes, but say what happened.
  std::string note = std::string(status);
  if (!r.known_failure.empty())
    note += " (known failure " + r.known_failure + ")";
  if (!r.message.empty()) note += ": " + r.message;
  return fmt::format("      <system-out>{}\n{}</system-out>\n", XmlEscape(note),
                     XmlEscape(MismatchSummary(r)));
}

std::string TestCaseXml(const CaseResult& r, Policy policy) {
  const size_t dot = r.case_id.rfind('.');
  const std::string classname =
      dot == std::string::npos ? r.case_id : r.case_id.substr(0, dot);
  const std::string name =
      (dot == std::string::npos ? r.case_id : r.case_id.substr(dot + 1)) +
      "/test_data_set_" + std::to_string(r.data_set);
  const std::string outcome = Outcome(r, policy);
  const std::string open =
      fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"",
                  Attr(classname), Attr(name), r.seconds);
  if (outcome.empty()) return open + "/>\n";
  return open + ">\n" + outcome + "    </testcase>\n";
}

Tally Count(const Report& report, bool must_reject) {
  Tally t;
  for (const CaseResult& r : report.results) {
    if (r.must_reject != must_reject) continue;
    ++t.tests;
    t.failures += IsFailure(r.status, report.policy, false) ? 1 : 0;
    t.skipped += IsSkipped(r.status) ? 1 : 0;
    t.seconds += r.seconds;
  }
  return t;
}

std::string Properties(const Report& report) {
  const std::pair<std::string_view, std::string> properties[] = {
      {"backend", report.backend.spec},
      {"backend_name", report.backend.name},
      {"backend_version", report.backend.version},
      {"policy", std::string(PolicyName(report.policy))},
      {"tool_version", report.tool_version}};
  std::string xml = "    <properties>\n";
  for (const auto& [name, value] : properties) {
    xml += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", name,
                       Attr(value));
  }
  return xml + "    </properties>\n";
}

std::string CountsAttributes(const Tally& t, const Report& report) {
  return fmt::format(
      "tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" "
      "time=\"{:.3f}\" timestamp=\"{}\"",
      t.tests, t.failures, t.skipped, t.seconds, FormatUtcTime(report.started));
}

// Valid cases and must-reject cases are test suites of their own: a CI
// dashboard must not count refused invalid models as computed ops.
std::string SuiteXml(const Report& report, bool must_reject) {
  const std::string suite_name =
      fmt::format("onnxcts {} {}{}", report.backend.name,
                  report.backend.version, must_reject ? " must-reject" : "");
  std::string xml = fmt::format(
      "  <testsuite name=\"{}\" {} hostname=\"{}\">\n", Attr(suite_name),
      CountsAttributes(Count(report, must_reject), report), Attr(report.host));
  xml += Properties(report);
  for (const CaseResult& r : report.results) {
    if (r.must_reject == must_reject) xml += TestCaseXml(r, report.policy);
  }
  return xml + "  </testsuite>\n";
}

}  // namespace

std::string ToJUnitXml(const Report& report) {
  Tally all = Count(report, false);
  const Tally rejects = Count(report, true);
  all.tests += rejects.tests;
  all.failures += rejects.failures;
  all.skipped += rejects.skipped;
  all.seconds += rejects.seconds;
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format("<testsuites name=\"onnxcts\" {}>\n",
                     CountsAttributes(all, report));
  xml += SuiteXml(report, false);
  if (rejects.tests > 0) xml += SuiteXml(report, true);
  return xml + "</testsuites>\n";
}

}  // namespace onnxcts
