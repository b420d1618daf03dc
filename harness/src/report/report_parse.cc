// ReportFromJson(): reports are untrusted (diff and merge read whatever
// they are given), so every field is checked before anything uses it.
#include <fmt/core.h>

#include <climits>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "core/input_error.h"
#include "onnxcts/dtype.h"
#include "report/environment.h"
#include "report/json_compare.h"
#include "report/json_field.h"
#include "report/report.h"
#include "report/summary.h"

namespace onnxcts {
namespace {

std::string DTypeName(const JsonField& f, bool may_be_empty) {
  std::string name = f.String();
  if (name.empty() && may_be_empty) return name;
  if (FindDType(name) == nullptr) {
    f.Fail(fmt::format("unknown dtype \"{}\"", name));
  }
  return name;
}

TimePoint Time(const JsonField& f) {
  const auto t = ParseUtcTime(f.String());
  if (!t) f.Fail("must be a UTC time like 2025-03-01T12:00:05.250Z");
  return *t;
}

std::string Date(const JsonField& f) {
  std::string date = f.String();
  if (!date.empty() && !ParseUtcTime(date + "T00:00:00Z")) {
    f.Fail("must be a date like 2025-03-01, or \"\"");
  }
  return date;
}

std::optional<uint64_t> OptionalCount(const JsonField& f,
                                      std::string_view key) {
  if (!f.Has(key)) return std::nullopt;
  return f[key].Count();
}

// The largest distance bounds every example's, so an example's ulp without
// the output's max_ulp, or above it, is a report edited by hand.
MismatchExample ReadExample(const JsonField& f, uint64_t elements,
                            std::optional<uint64_t> max_ulp) {
  f.ExpectObject({"index", "input", "expected", "actual"}, {"ulp"});
  MismatchExample e;
  e.index = f["index"].Count();
  if (e.index >= elements) f["index"].Fail("is past the output's elements");
  e.input = f["input"].String();
  e.expected = f["expected"].String();
  e.actual = f["actual"].String();
  e.ulp = OptionalCount(f, "ulp");
  if (e.ulp && !max_ulp) {
    f["ulp"].Fail("is given but the output has no max_ulp");
  }
  if (e.ulp && *e.ulp > *max_ulp) {
    f["ulp"].Fail("is more than the output's max_ulp");
  }
  return e;
}

ClassMismatches ReadClass(const JsonField& f, uint64_t elements,
                          std::optional<uint64_t> max_ulp) {
  f.ExpectObject({"count", "examples"}, {"deviations"});
  ClassMismatches c;
  c.count = f["count"].Count();
  if (f.Has("deviations")) c.deviations = f["deviations"].Count();
  if (c.deviations > c.count) f["deviations"].Fail("more than count");
  for (const JsonField& e : f["examples"].Elements()) {
    c.examples.push_back(ReadExample(e, elements, max_ulp));
  }
  if (c.examples.size() > c.count) f["examples"].Fail("more than count");
  return c;
}

OutputComparison ReadComparison(const JsonField& f) {
  f.ExpectObject(
      {"output", "dtype", "elements", "mismatches", "deviations", "by_class"},
      {"max_ulp"});
  OutputComparison c;
  c.output = static_cast<int>(f["output"].Integer(0, INT_MAX));
  c.dtype = DTypeName(f["dtype"], /*may_be_empty=*/false);
  c.elements = f["elements"].Count();
  c.mismatches = f["mismatches"].Count();
  c.deviations = f["deviations"].Count();
  if (c.mismatches > c.elements) f["mismatches"].Fail("more than elements");
  if (c.deviations > c.elements) f["deviations"].Fail("more than elements");
  c.max_ulp = OptionalCount(f, "max_ulp");
  if (c.max_ulp && !FindDType(c.dtype)->is_float()) {
    f["max_ulp"].Fail("is only for a float output");
  }
  for (const auto& [value_class, field] : f["by_class"].Members()) {
    c.by_class[value_class] = ReadClass(field, c.elements, c.max_ulp);
  }
  return c;
}

Status ReadStatus(const JsonField& f) {
  const std::string name = f.String();
  const auto status = ParseStatus(name);
  if (!status) f.Fail(fmt::format("unknown status \"{}\"", name));
  return *status;
}

CaseResult ReadResult(const JsonField& f) {
  f.ExpectObject({"case_id", "data_set", "status", "message", "op", "opset",
                  "dtype", "comparisons", "stderr_tail", "adapter_steps",
                  "known_failure", "seconds", "reproduce"},
                 {"must_reject"});
  CaseResult r;
  r.case_id = f["case_id"].String();
  if (r.case_id.empty()) f["case_id"].Fail("must not be empty");
  r.data_set = static_cast<int>(f["data_set"].Integer(0, INT_MAX));
  r.status = ReadStatus(f["status"]);
  r.must_reject = f.Has("must_reject") && f["must_reject"].Bool();
  r.message = f["message"].String();
  r.op = f["op"].String();
  r.opset = static_cast<int>(f["opset"].Integer(0, INT_MAX));
  r.dtype = DTypeName(f["dtype"], /*may_be_empty=*/true);
  for (const JsonField& c : f["comparisons"].Elements()) {
    r.comparisons.push_back(ReadComparison(c));
  }
  r.stderr_tail = f["stderr_tail"].String();
  r.adapter_steps = f["adapter_steps"].Strings();
  r.known_failure = f["known_failure"].String();
  r.seconds = f["seconds"].NonNegative();
  r.reproduce = f["reproduce"].String();
  return r;
}

std::vector<CaseResult> ReadResults(const JsonField& f) {
  std::vector<CaseResult> results;
  std::map<std::pair<std::string, int>, std::string> seen;  // -> pointer
  for (const JsonField& e : f.Elements()) {
    CaseResult r = ReadResult(e);
    auto [it, added] = seen.try_emplace({r.case_id, r.data_set}, e.pointer());
    if (!added) {
      e.Fail(fmt::format("case {} data set {} is listed twice (also at {})",
                         r.case_id, r.data_set, it->second));
    }
    results.push_back(std::move(r));
  }
  return results;
}

Environment ReadEnvironment(const JsonField& f) {
  f.ExpectObject({"os", "distribution", "cpu", "cpu_features", "ftz", "daz",
                  "compiler", "libraries"},
                 {"host_class"});
  Environment env;
  env.os = f["os"].String();
  env.distribution = f["distribution"].String();
  env.cpu = f["cpu"].String();
  env.cpu_features = f["cpu_features"].Strings();
  // Reports older than the field hold the features it is derived from.
  env.host_class = f.Has("host_class") ? f["host_class"].String()
                                       : HostClass(env.cpu_features);
  if (!f["ftz"].IsNull()) env.ftz = f["ftz"].Bool();
  if (!f["daz"].IsNull()) env.daz = f["daz"].Bool();
  env.compiler = f["compiler"].String();
  for (const auto& [name, version] : f["libraries"].Members()) {
    env.libraries[name] = version.String();
  }
  return env;
}

KnownFailureEntry ReadKnownFailure(const JsonField& f) {
  f.ExpectObject({"glob", "reason", "link", "expires", "expired"});
  KnownFailureEntry k;
  k.glob = f["glob"].String();
  if (k.glob.empty()) f["glob"].Fail("must not be empty");
  k.reason = f["reason"].String();
  k.link = f["link"].String();
  k.expires = Date(f["expires"]);
  k.expired = f["expired"].Bool();
  return k;
}

void ReadHeader(const JsonField& root, Report& report) {
  const JsonField tool = root["tool"];
  tool.ExpectObject({"name", "version"});
  report.tool_name = tool["name"].String();
  report.tool_version = tool["version"].String();
  const JsonField backend = root["backend"];
  if (backend.Has("options")) {
    backend.ExpectObject({"spec", "name", "version", "options"});
    for (const auto& [key, value] : backend["options"].Members()) {
      report.backend.options[key] = value.String();
    }
  } else {
    backend.ExpectObject({"spec", "name", "version"});
  }
  report.backend.spec = backend["spec"].String();
  report.backend.name = backend["name"].String();
  report.backend.version = backend["version"].String();
  report.host = root["host"].String();
  report.started = Time(root["started"]);
  report.ended = Time(root["ended"]);
  if (report.ended < report.started) root["ended"].Fail("is before started");
}

void ReadRun(const JsonField& root, Report& report) {
  for (const JsonField& s : root["suites"].Elements()) {
    report.suites.push_back(s.String());
    if (report.suites.back().empty() || report.suites.back()[0] == '/') {
      s.Fail("must be a suite's label, not a path");
    }
  }
  const auto policy = ParsePolicy(root["policy"].String());
  if (!policy) root["policy"].Fail("must be \"spec\" or \"strict\"");
  report.policy = *policy;
  report.filter = root["filter"].String();
  if (root.Has("strict_ops")) report.strict_ops = root["strict_ops"].Strings();
  const JsonField shard = root["shard"];
  shard.ExpectObject({"index", "count"});
  report.shard.count = static_cast<int>(shard["count"].Integer(1, INT_MAX));
  report.shard.index =
      static_cast<int>(shard["index"].Integer(0, report.shard.count - 1));
  report.command_line = root["command_line"].Strings();
}

// The stored summary must be the one its results give: a report that
// contradicts itself would make diff and render say different things.
void CheckSummary(const JsonField& summary, const Report& report,
                  const std::string& file) {
  const auto difference = FirstDifference(
      ToJson(Summarize(report.results, report.policy)), summary.value());
  if (difference) {
    throw InputError(file, summary.pointer() + difference->pointer,
                     "the summary does not match the results (from them " +
                         difference->message + ")");
  }
}

// A version 1 report marks no case as must-reject: a rejection can only be
// one's, and so can a case of onnxcts's generated must-reject suite.
void MarkOldMustRejectCases(Report& report) {
  for (CaseResult& r : report.results) {
    r.must_reject = r.status == Status::kRejected ||
                    r.case_id.starts_with("onnxcts.reject.");
  }
}

// Checked before the fields, so that a newer report is refused for its
// version rather than for a field this version does not know.
void CheckVersion(const JsonField& root) {
  if (!root.value().is_object()) root.Fail("a report must be a JSON object");
  const JsonField version = root["schema_version"];
  if (version.String() != kReportSchemaVersion &&
      version.String() != kOldReportSchemaVersion) {
    version.Fail(
        fmt::format("unsupported schema version \"{}\" (onnxcts {} "
                    "reads version \"{}\")",
                    version.String(), ToolVersion(), kReportSchemaVersion));
  }
}

}  // namespace

CaseResult ResultFromJson(const nlohmann::json& json, const std::string& file) {
  return ReadResult(JsonField(json, file));
}

Report ReportFromJson(const nlohmann::json& json, const std::string& file) {
  const JsonField root(json, file);
  CheckVersion(root);
  root.ExpectObject({"schema_version", "tool", "backend", "host", "started",
                     "ended", "suites", "policy", "filter", "shard",
                     "command_line", "environment", "known_failures", "summary",
                     "results"},
                    {"strict_ops"});
  Report report;
  ReadHeader(root, report);
  ReadRun(root, report);
  report.environment = ReadEnvironment(root["environment"]);
  for (const JsonField& k : root["known_failures"].Elements()) {
    report.known_failures.push_back(ReadKnownFailure(k));
  }
  report.results = ReadResults(root["results"]);
  if (root["schema_version"].String() == kReportSchemaVersion) {
    CheckSummary(root["summary"], report, file);
  } else {
    MarkOldMustRejectCases(report);
  }
  return report;
}

}  // namespace onnxcts
