// `onnxcts report ...` end to end: files in, files and exit codes out.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli/commands.h"
#include "report/report.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using testing::Result;

// Runs `onnxcts report ARGS...` as main() would; stdout goes to `out`.
int RunReport(std::vector<std::string> args, std::string* out = nullptr) {
  CLI::App app;
  int exit_code = kExitOk;
  AddReportCommand(app, exit_code);
  args.insert(args.begin(), "report");
  std::reverse(args.begin(), args.end());  // CLI11 parses a reversed vector
  ::testing::internal::CaptureStdout();
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    exit_code = kExitCannotRun;
  }
  const std::string printed = ::testing::internal::GetCapturedStdout();
  if (out != nullptr) *out = printed;
  return exit_code;
}

class ReportCommand : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const Report& r) {
    const auto path = dir_ / name;
    WriteReport(path, r);
    return path.string();
  }
  std::string Path(const std::string& name) { return (dir_ / name).string(); }

  std::filesystem::path dir_ = testing::MakeTempDir();
};

TEST_F(ReportCommand, DiffExitCodes) {
  Report old = testing::EmptyReport();
  old.results = {Result("a", 0, Status::kPass), Result("b", 0, Status::kFail)};
  Report worse = old;
  worse.results[0].status = Status::kCrash;
  Report better = old;
  better.results[1].status = Status::kPass;
  const std::string o = Write("old.json", old);
  std::string out;
  EXPECT_EQ(RunReport({"diff", o, Write("worse.json", worse)}, &out), 1);
  EXPECT_NE(out.find("regressed: 1\n  a [data set 0]: pass -> crash"),
            std::string::npos)
      << out;
  EXPECT_EQ(RunReport({"diff", o, Write("better.json", better)}, &out), 0);
  EXPECT_NE(out.find("fixed: 1\n  b [data set 0]: fail -> pass"),
            std::string::npos)
      << out;
  EXPECT_EQ(RunReport({"diff", o, o}), 0);
  testing::WriteFile(Path("garbage.json"), "{");
  EXPECT_EQ(RunReport({"diff", o, Path("garbage.json")}), 2);
  EXPECT_EQ(RunReport({"diff", Path("absent.json"), o}), 2);
  EXPECT_EQ(RunReport({"diff", o}), 2);  // one report is not a diff
}

TEST_F(ReportCommand, MergeWritesAValidReport) {
  Report a = testing::EmptyReport();
  a.shard = {0, 2};
  a.results = {Result("z", 0, Status::kPass)};
  Report b = a;
  b.shard = {1, 2};
  b.results = {Result("y", 0, Status::kFail)};
  EXPECT_EQ(RunReport({"merge", Write("a.json", a), Write("b.json", b), "-o",
                       Path("m.json")}),
            0);
  const Report merged = ReadReport(Path("m.json"));
  ASSERT_EQ(merged.results.size(), 2u);
  EXPECT_EQ(merged.results[0].case_id, "y");
  EXPECT_EQ(merged.shard.count, 1);
  EXPECT_EQ(testing::SchemaViolation(
                nlohmann::json::parse(testing::ReadFile(Path("m.json")))),
            "");
}

TEST_F(ReportCommand, MergeRefusalExitsTwoAndWritesNothing) {
  Report a = testing::EmptyReport();
  a.shard = {0, 2};
  Report b = a;
  b.shard = {1, 2};
  b.backend.name = "other";
  EXPECT_EQ(RunReport({"merge", Write("a.json", a), Write("b.json", b), "-o",
                       Path("m.json")}),
            2);
  EXPECT_FALSE(std::filesystem::exists(Path("m.json")));
}

TEST_F(ReportCommand, JUnitAndMarkdownFiles) {
  const std::string r = Write("r.json", testing::SampleReport());
  EXPECT_EQ(RunReport({"junit", r, "-o", Path("r.xml")}), 0);
  EXPECT_NE(testing::ReadFile(Path("r.xml")).find("<testsuites"),
            std::string::npos);
  EXPECT_EQ(RunReport({"render", r, r, "--format", "md", "-o", Path("r.md")}),
            0);
  EXPECT_NE(testing::ReadFile(Path("r.md")).find("| fake 1.0 | fake 1.0 (2) |"),
            std::string::npos);
  EXPECT_EQ(testing::FileNames(dir_),
            (std::vector<std::string>{"r.json", "r.md", "r.xml"}));
}

TEST_F(ReportCommand, RenderDefaultsToHtml) {
  const std::string r = Write("r.json", testing::SampleReport());
  EXPECT_EQ(RunReport({"render", r, "-o", Path("r.html")}), 0);
  const std::string page = testing::ReadFile(Path("r.html"));
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n")) << page.substr(0, 100);
  EXPECT_NE(page.find("data-cell=\"isinf|20|float16\""), std::string::npos);
  EXPECT_EQ(testing::FileNames(dir_),
            (std::vector<std::string>{"r.html", "r.json"}));
}

TEST_F(ReportCommand, UnreadableReportNamesFileAndField) {
  Report r = testing::SampleReport();
  r.results[2].message.clear();  // its invalid UTF-8 would stop dump()
  nlohmann::json j = ToJson(r);
  j["results"][1]["status"] = "ok";
  testing::WriteFile(Path("bad.json"), j.dump());
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(RunReport({"junit", Path("bad.json"), "-o", Path("r.xml")}), 2);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("onnxcts report junit: " + Path("bad.json") +
                     ": /results/1/status: unknown status \"ok\""),
            std::string::npos)
      << err;
}

}  // namespace
}  // namespace onnxcts
