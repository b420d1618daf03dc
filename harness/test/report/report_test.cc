// The JSON report: its format against a golden file and the schema, and
// its round trip through a file.
#include "report/report.h"

#include <gtest/gtest.h>

#include "report/json_compare.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using nlohmann::json;
using testing::SampleReport;

json Golden() {
  return json::parse(testing::ReadFile(ONNXCTS_REPORT_GOLDEN "/report.json"));
}

// The report as a reader sees it: serialised as WriteReport() does, so that
// invalid UTF-8 is replaced as it is on disk, and parsed back.
json Serialised(const Report& report) {
  return json::parse(
      ToJson(report).dump(2, ' ', false, json::error_handler_t::replace));
}

TEST(ReportJson, MatchesGoldenFile) {
  const json actual = Serialised(SampleReport());
  const auto difference = FirstDifference(Golden(), actual, /*wildcards=*/true);
  EXPECT_FALSE(difference) << difference->pointer << ": " << difference->message
                           << "\nactual:\n"
                           << actual.dump(2, ' ', false,
                                          json::error_handler_t::replace);
}

TEST(ReportJson, GoldenWildcardsAreWhereTheMachineShows) {
  // Only run-dependent fields may be wildcards; all else is pinned.
  const json golden = Golden();
  EXPECT_EQ(golden["host"], "*");
  EXPECT_EQ(golden["started"], "*");
  EXPECT_EQ(golden["ended"], "*");
  EXPECT_EQ(golden["environment"], "*");
  EXPECT_EQ(golden["tool"]["version"], "*");
  EXPECT_EQ(golden["summary"]["total"], 8);
}

TEST(ReportJson, IsValidUnderTheSchema) {
  EXPECT_EQ(testing::SchemaViolation(ToJson(SampleReport())), "");
  EXPECT_EQ(testing::SchemaViolation(ToJson(testing::EmptyReport())), "");
}

TEST(ReportJson, SchemaRejectsWhatTheFormatForbids) {
  // The validator run by these tests can fail: these are not reports.
  json unknown_status = ToJson(SampleReport());
  unknown_status["results"][0]["status"] = "passed";
  EXPECT_NE(testing::SchemaViolation(unknown_status), "");
  json extra_field = ToJson(SampleReport());
  extra_field["summary"]["extra"] = 1;
  EXPECT_NE(testing::SchemaViolation(extra_field), "");
  json no_results = ToJson(SampleReport());
  no_results.erase("results");
  EXPECT_NE(testing::SchemaViolation(no_results), "");
}

TEST(ReportJson, EnvironmentFieldsAreCaptured) {
  const json j = ToJson(SampleReport());
  EXPECT_EQ(j["host"], HostName());
  EXPECT_FALSE(j["environment"]["compiler"].get<std::string>().empty());
  EXPECT_TRUE(j["environment"]["libraries"].contains("protobuf"));
  EXPECT_EQ(j["started"], "2025-03-01T12:00:00.000Z");
  EXPECT_EQ(j["ended"], "2025-03-01T12:00:05.250Z");
}

TEST(ReportFile, RoundTripsThroughAFile) {
  const Report original = SampleReport();
  const auto path = testing::MakeTempDir() / "r.json";
  WriteReport(path, original);
  const Report read = ReadReport(path);
  json expected = ToJson(original);
  // The invalid UTF-8 byte of the message is replaced on writing.
  expected["results"][2]["message"] = "2 of 8 elements differ <&> \xEF\xBF\xBD";
  const auto difference = FirstDifference(expected, ToJson(read));
  EXPECT_FALSE(difference) << difference->pointer << ": "
                           << difference->message;
  EXPECT_EQ(testing::SchemaViolation(json::parse(testing::ReadFile(path))), "");
}

// WriteReport() streams the results into the head's text; the file must be
// the very text the whole tree would dump, byte for byte, with no result,
// one, and many (the sample's hold invalid UTF-8, newlines in messages and
// strict ops).
TEST(ReportFile, StreamedIsTheTreesText) {
  Report many = SampleReport();
  many.strict_ops = {"Sign"};
  many.results[0].stderr_tail = "a worker's\n  \"results\": null\nlines";
  Report one = SampleReport();
  one.results.resize(1);
  for (const Report& report : {testing::EmptyReport(), one, many}) {
    const auto path = testing::MakeTempDir() / "r.json";
    WriteReport(path, report);
    EXPECT_EQ(testing::ReadFile(path),
              ToJson(report).dump(2, ' ', false,
                                  json::error_handler_t::replace) +
                  "\n");
  }
}

TEST(ReportFile, PolicyAndShardSurvive) {
  Report r = testing::EmptyReport();
  r.policy = Policy::kStrict;
  r.shard = {2, 3};
  r.filter = "isinf";
  const auto path = testing::MakeTempDir() / "r.json";
  WriteReport(path, r);
  const Report read = ReadReport(path);
  EXPECT_EQ(read.policy, Policy::kStrict);
  EXPECT_EQ(read.shard.index, 2);
  EXPECT_EQ(read.shard.count, 3);
  EXPECT_EQ(read.filter, "isinf");
  EXPECT_EQ(testing::SchemaViolation(json::parse(testing::ReadFile(path))), "");
}

}  // namespace
}  // namespace onnxcts
