#include "report/report.h"

#include "report/summary.h"

namespace onnxcts {
namespace {

using nlohmann::json;

json ToJson(const MismatchExample& e) {
  json j = {{"index", e.index},
            {"input", e.input},
            {"expected", e.expected},
            {"actual", e.actual}};
  if (e.ulp) j["ulp"] = *e.ulp;
  return j;
}

json ToJson(const OutputComparison& c) {
  json by_class = json::object();
  for (const auto& [value_class, mismatches] : c.by_class) {
    json examples = json::array();
    for (const MismatchExample& e : mismatches.examples) {
      examples.push_back(ToJson(e));
    }
    by_class[value_class] = {{"count", mismatches.count},
                             {"examples", std::move(examples)}};
    if (mismatches.deviations > 0) {
      by_class[value_class]["deviations"] = mismatches.deviations;
    }
  }
  json j = {{"output", c.output},         {"dtype", c.dtype},
            {"elements", c.elements},     {"mismatches", c.mismatches},
            {"deviations", c.deviations}, {"by_class", std::move(by_class)}};
  if (c.max_ulp) j["max_ulp"] = *c.max_ulp;
  return j;
}

json ToJson(const BackendInfo& b) {
  json j = {{"spec", b.spec}, {"name", b.name}, {"version", b.version}};
  if (!b.options.empty()) j["options"] = b.options;
  return j;
}

json ToJson(const Environment& env) {
  auto optional_bool = [](const std::optional<bool>& b) {
    return b ? json(*b) : json(nullptr);
  };
  return {{"os", env.os},
          {"distribution", env.distribution},
          {"cpu", env.cpu},
          {"cpu_features", env.cpu_features},
          {"host_class", env.host_class},
          {"ftz", optional_bool(env.ftz)},
          {"daz", optional_bool(env.daz)},
          {"compiler", env.compiler},
          {"libraries", env.libraries}};
}

json ToJson(const KnownFailureEntry& k) {
  return {{"glob", k.glob},
          {"reason", k.reason},
          {"link", k.link},
          {"expires", k.expires},
          {"expired", k.expired}};
}

}  // namespace

std::string_view ToolVersion() { return ONNXCTS_VERSION; }

std::string_view PolicyName(Policy policy) {
  return policy == Policy::kStrict ? "strict" : "spec";
}

std::optional<Policy> ParsePolicy(std::string_view name) {
  if (name == "spec") return Policy::kSpec;
  if (name == "strict") return Policy::kStrict;
  return std::nullopt;
}

json ToJson(const CaseResult& r) {
  json comparisons = json::array();
  for (const OutputComparison& c : r.comparisons) {
    comparisons.push_back(ToJson(c));
  }
  json j = {{"case_id", r.case_id},
            {"data_set", r.data_set},
            {"status", StatusName(r.status)},
            {"message", r.message},
            {"op", r.op},
            {"opset", r.opset},
            {"dtype", r.dtype},
            {"comparisons", std::move(comparisons)},
            {"stderr_tail", r.stderr_tail},
            {"adapter_steps", r.adapter_steps},
            {"known_failure", r.known_failure},
            {"seconds", r.seconds},
            {"reproduce", r.reproduce}};
  // Only where true: a report of valid cases reads as it did before.
  if (r.must_reject) j["must_reject"] = true;
  return j;
}

json ReportHead(const Report& report) {
  json known_failures = json::array();
  for (const KnownFailureEntry& k : report.known_failures) {
    known_failures.push_back(ToJson(k));
  }
  json j = {
      {"schema_version", kReportSchemaVersion},
      {"tool", {{"name", report.tool_name}, {"version", report.tool_version}}},
      {"backend", ToJson(report.backend)},
      {"host", report.host},
      {"started", FormatUtcTime(report.started)},
      {"ended", FormatUtcTime(report.ended)},
      {"suites", report.suites},
      {"policy", PolicyName(report.policy)},
      {"filter", report.filter},
      {"shard", {{"index", report.shard.index}, {"count", report.shard.count}}},
      {"command_line", report.command_line},
      {"environment", ToJson(report.environment)},
      {"known_failures", std::move(known_failures)},
      {"summary", nullptr},
      {"results", nullptr}};
  if (!report.strict_ops.empty()) j["strict_ops"] = report.strict_ops;
  return j;
}

json ToJson(const Report& report) {
  json j = ReportHead(report);
  j["summary"] = ToJson(Summarize(report.results, report.policy));
  json& results = j["results"] = json::array();
  for (const CaseResult& r : report.results) results.push_back(ToJson(r));
  return j;
}

}  // namespace onnxcts
