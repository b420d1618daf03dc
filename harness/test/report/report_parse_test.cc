// ReportFromJson() and ReadReport() on untrusted input: every malformed
// report is refused with the file and the JSON pointer of the bad field.
#include <gtest/gtest.h>

#include "core/input_error.h"
#include "report/report.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using nlohmann::json;

struct Mutation {
  const char* name;
  const char* pointer;         // the field changed
  json value;                  // its new value; discarded: remove it
  const char* expected_field;  // the field the error must name
  const char* expected_text;   // a part of the error message
  bool schema_catches;         // the JSON Schema can express the rule too
};

void PrintTo(const Mutation& m, std::ostream* os) { *os << m.name; }

json Removed() { return json(json::value_t::discarded); }

// The ULP distance of SampleReport()'s one float example.
constexpr char kUlp[] =
    "/results/4/comparisons/0/by_class/+normal/examples/0/ulp";

json Apply(const Mutation& m) {
  json j = ToJson(testing::SampleReport());
  const json::json_pointer p(m.pointer);
  if (m.value.is_discarded()) {
    j[p.parent_pointer()].erase(p.back());
  } else {
    j[p] = m.value;
  }
  return j;
}

class ReportFromJsonRejects : public ::testing::TestWithParam<Mutation> {};

TEST_P(ReportFromJsonRejects, NamingTheField) {
  const Mutation& m = GetParam();
  try {
    ReportFromJson(Apply(m), "bad.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "bad.json");
    EXPECT_EQ(e.field(), m.expected_field) << e.what();
    EXPECT_NE(std::string(e.what()).find(m.expected_text), std::string::npos)
        << e.what();
  }
}

// The schema catches what it can express; the rest (cross-field rules) only
// ReportFromJson() catches, and the schema must let those through.
TEST_P(ReportFromJsonRejects, AsTheSchemaDoes) {
  const std::string violation = testing::SchemaViolation(Apply(GetParam()));
  if (GetParam().schema_catches) {
    EXPECT_NE(violation, "");
  } else {
    EXPECT_EQ(violation, "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Mutations, ReportFromJsonRejects,
    ::testing::Values(
        Mutation{"missing_status", "/results/0/status", Removed(),
                 "/results/0/status", "missing", true},
        Mutation{"status_not_string", "/results/0/status", 3,
                 "/results/0/status", "must be a string", true},
        Mutation{"unknown_status", "/results/1/status", "passed",
                 "/results/1/status", "unknown status \"passed\"", true},
        Mutation{"data_set_string", "/results/1/data_set", "0",
                 "/results/1/data_set", "must be an integer", true},
        Mutation{"data_set_negative", "/results/1/data_set", -1,
                 "/results/1/data_set", "must be from 0", true},
        Mutation{"opset_float", "/results/1/opset", 20.5, "/results/1/opset",
                 "must be an integer", true},
        Mutation{"seconds_negative", "/results/0/seconds", -0.5,
                 "/results/0/seconds", ">= 0", true},
        Mutation{"unknown_dtype", "/results/0/dtype", "float7",
                 "/results/0/dtype", "unknown dtype", true},
        Mutation{"empty_case_id", "/results/0/case_id", "",
                 "/results/0/case_id", "must not be empty", true},
        Mutation{"unknown_field", "/backend/flavour", "x", "/backend/flavour",
                 "unknown field", true},
        Mutation{"backend_not_object", "/backend", "ort", "/backend",
                 "must be an object", true},
        Mutation{"results_not_array", "/results", json::object(), "/results",
                 "must be an array", true},
        Mutation{"missing_summary", "/summary", Removed(), "/summary",
                 "missing", true},
        Mutation{"bad_time", "/started", "yesterday", "/started", "UTC time",
                 true},
        Mutation{"local_time", "/ended", "2025-03-01T12:00:05+01:00", "/ended",
                 "UTC time", true},
        Mutation{"ended_before_started", "/ended", "2025-03-01T11:00:00Z",
                 "/ended", "before started", false},
        Mutation{"bad_policy", "/policy", "lenient", "/policy",
                 "\"spec\" or \"strict\"", true},
        Mutation{"shard_out_of_range", "/shard/index", 3, "/shard/index",
                 "must be from 0 to 0", false},
        Mutation{"shard_count_zero", "/shard/count", 0, "/shard/count",
                 "must be from 1", true},
        Mutation{"suite_path", "/suites/0", "/home/x/suite", "/suites/0",
                 "label", true},
        Mutation{"version_3", "/schema_version", "3", "/schema_version",
                 "unsupported schema version \"3\"", true},
        Mutation{"ftz_string", "/environment/ftz", "on", "/environment/ftz",
                 "true or false", true},
        Mutation{"library_not_string", "/environment/libraries/fmt", 9,
                 "/environment/libraries/fmt", "must be a string", true},
        Mutation{"bad_expiry", "/known_failures/0/expires", "2025-02-30",
                 "/known_failures/0/expires", "date", false},
        Mutation{"mismatches_over_elements",
                 "/results/2/comparisons/0/mismatches", 9,
                 "/results/2/comparisons/0/mismatches", "more than elements",
                 false},
        Mutation{"example_count_negative",
                 "/results/2/comparisons/0/by_class/-inf/count", -2,
                 "/results/2/comparisons/0/by_class/-inf/count",
                 "must not be negative", true},
        Mutation{"ulp_negative", kUlp, -1, kUlp, "must not be negative",
                 true},
        Mutation{"ulp_string", kUlp, "1", kUlp, "must be an integer", true},
        Mutation{"ulp_over_max_ulp", kUlp, 4, kUlp,
                 "more than the output's max_ulp", false},
        Mutation{"ulp_without_max_ulp", "/results/4/comparisons/0/max_ulp",
                 Removed(), kUlp, "output has no max_ulp", false},
        Mutation{"max_ulp_fraction", "/results/4/comparisons/0/max_ulp", 2.5,
                 "/results/4/comparisons/0/max_ulp", "must be an integer",
                 true},
        Mutation{"max_ulp_of_bool", "/results/2/comparisons/0/max_ulp", 1,
                 "/results/2/comparisons/0/max_ulp", "only for a float output",
                 false},
        Mutation{"summary_max_ulp_wrong", "/summary/matrix/3/max_ulp", 2,
                 "/summary/matrix/3/max_ulp", "does not match the results",
                 false},
        Mutation{"summary_count_wrong", "/summary/counts/pass", 3,
                 "/summary/counts/pass", "does not match the results", false},
        Mutation{"summary_verdict_wrong", "/summary/matrix/0/verdict",
                 "conformant", "/summary/matrix/0/verdict",
                 "does not match the results", false},
        Mutation{"summary_verdict_unknown", "/summary/matrix/0/verdict", "fine",
                 "/summary/matrix/0/verdict", "does not match the results",
                 true}));

TEST(ReportFromJson, RefusesAResultListedTwice) {
  json j = ToJson(testing::SampleReport());
  j["results"].push_back(j["results"][1]);
  try {
    ReportFromJson(j, "dup.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "/results/8");
    EXPECT_NE(std::string(e.what()).find("listed twice (also at /results/1)"),
              std::string::npos)
        << e.what();
  }
}

TEST(ReportFromJson, RefusesANonObject) {
  try {
    ReportFromJson(json::array(), "a.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "");
    EXPECT_STREQ(e.what(), "a.json: a report must be a JSON object");
  }
}

TEST(ReportFromJson, AcceptsWhatToJsonWrites) {
  const Report r = ReportFromJson(ToJson(testing::SampleReport()), "ok.json");
  ASSERT_EQ(r.results.size(), 8u);
  EXPECT_EQ(r.results[2].comparisons[0].by_class.at("-inf").examples[0].index,
            3u);
  EXPECT_EQ(r.results[4].status, Status::kExpectedFail);
  const OutputComparison& f = r.results[4].comparisons[0];
  EXPECT_EQ(f.max_ulp, 3u);
  EXPECT_EQ(f.by_class.at("+normal").examples[0].ulp, 1u);
  EXPECT_EQ(f.by_class.at("+qnan").examples[0].ulp, std::nullopt);
  EXPECT_EQ(r.results[2].comparisons[0].max_ulp, std::nullopt);
  EXPECT_EQ(r.known_failures[0].expires, "2099-01-01");
}

// One result alone, as a journal reads it: every field of each result of
// the sample back, and a bad field named from the result's root.
TEST(ResultFromJson, ReadsOneResultAsTheReportHoldsIt) {
  for (const CaseResult& r : testing::SampleReport().results) {
    EXPECT_TRUE(ResultFromJson(ToJson(r), "j") == r) << r.case_id;
  }
  json j = ToJson(testing::SampleReport().results[2]);
  j["comparisons"][0]["by_class"]["-inf"]["count"] = -1;
  try {
    ResultFromJson(j, "j");
    FAIL() << "accepted a negative count";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "j");
    EXPECT_EQ(e.field(), "/comparisons/0/by_class/-inf/count");
  }
}

void ExpectUnreadable(const std::filesystem::path& path, const char* text) {
  try {
    ReadReport(path);
    FAIL() << "accepted " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path.string());
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

TEST(ReadReport, RefusesFilesThatAreNotReports) {
  const auto dir = testing::MakeTempDir();
  testing::WriteFile(dir / "garbage.json", "this is not json");
  testing::WriteFile(dir / "empty.json", "");
  testing::WriteFile(dir / "truncated.json",
                     ToJson(testing::EmptyReport()).dump().substr(0, 300));
  testing::WriteFile(dir / "utf8.json", "{\"host\": \"\xff\"}");
  // Found by fuzz/report_json_fuzzer: this number aborted report diff.
  testing::WriteFile(dir / "overflow.json", "{\"total\": 2e652}");
  ExpectUnreadable(dir / "garbage.json", "not JSON");
  ExpectUnreadable(dir / "empty.json", "not JSON");
  ExpectUnreadable(dir / "truncated.json", "not JSON");
  ExpectUnreadable(dir / "utf8.json", "not JSON");
  ExpectUnreadable(dir / "overflow.json", "not JSON: number overflow");
  ExpectUnreadable(dir / "missing.json", "cannot open");
  ExpectUnreadable(dir, "is a folder");
}

TEST(ReadReport, SurvivesDeepNesting) {
  const auto dir = testing::MakeTempDir();
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  testing::WriteFile(dir / "deep.json", deep);
  // Deep inside a report that is valid up to its summary, which is compared
  // (and its difference printed) last: this one overflowed the stack.
  std::string text = ToJson(testing::EmptyReport()).dump();
  const std::string total = "\"total\":0";
  ASSERT_NE(text.find(total), std::string::npos);
  text.replace(text.find(total), total.size(), "\"total\":" + deep);
  testing::WriteFile(dir / "deep_summary.json", text);
  ExpectUnreadable(dir / "deep.json", "nested deeper than 64 levels");
  ExpectUnreadable(dir / "deep_summary.json", "nested deeper than 64 levels");
}

}  // namespace
}  // namespace onnxcts
