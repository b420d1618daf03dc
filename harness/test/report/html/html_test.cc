// The HTML page: its structure (header, matrix cells, counts, data for the
// script) and that nothing in an untrusted report can become markup or
// script in it.
#include "report/html.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <tuple>

#include "core/printable.h"
#include "report/html_data.h"
#include "report/html_matrix.h"
#include "test_util.h"

namespace onnxcts {
namespace {

using Cells = std::set<std::tuple<std::string, std::string, std::string>>;

// (classes, data-report, data-cell) of every matrix cell of `page`.
Cells MatrixCells(const std::string& page, size_t* count) {
  static const std::regex kCell(
      "<td class=\"cell ([^\"]*)\"(?: tabindex=\"0\" data-report=\"([0-9]+)\" "
      "data-cell=\"([^\"]*)\")?");
  Cells cells;
  *count = 0;
  for (std::sregex_iterator it(page.begin(), page.end(), kCell), end; it != end;
       ++it) {
    ++*count;
    if ((*it)[2].matched) cells.insert({(*it)[1], (*it)[2], (*it)[3]});
  }
  return cells;
}

size_t Occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// The JSON of the page's data element, parsed.
nlohmann::json PageDataOf(const std::string& page) {
  const std::string open =
      "<script type=\"application/json\" id=\"onnxcts-data\">";
  const size_t begin = page.find(open);
  EXPECT_NE(begin, std::string::npos);
  const size_t start = begin + open.size();
  return nlohmann::json::parse(
      page.substr(start, page.find("</script>", start) - start));
}

TEST(RenderHtml, MatrixHoldsExactlyTheCellsOfTheReport) {
  const std::string page = RenderHtml({testing::SampleReport()});
  size_t count = 0;
  const Cells cells = MatrixCells(page, &count);
  // Rows isinf 20, isnan 20, sign 13; columns float8e4m3fn, float16,
  // bfloat16. The must-reject isnan 9 int32 is the one cell of the
  // must-reject matrix. onnx.node.test_abs has no op: not a cell.
  EXPECT_EQ(count, 10u);
  EXPECT_EQ(cells, (Cells{
                       {"v-non-conformant", "0", "isinf|20|float16"},
                       {"v-rejects first", "0", "reject|isnan|9|int32"},
                       {"v-not-supported first", "0", "isnan|20|float8e4m3fn"},
                       {"v-deviations", "0", "sign|13|bfloat16"},
                       // its one result is a known failure: still a failure
                       {"v-non-conformant", "0", "sign|13|float16"},
                   }));
  EXPECT_EQ(Occurrences(page, "<td class=\"cell empty"), 5u);
  EXPECT_LT(page.find("id=\"matrix\""), page.find("id=\"must-reject-matrix\""));
  // The failing cell shows how many results fail, and says so in words.
  EXPECT_NE(page.find("title=\"isinf 20 float16 on fake 1.0: non-conformant "
                      "(2 pass, 1 fail)\">&#10007;1</td>"),
            std::string::npos);
  // A float cell's title adds its largest ULP distance.
  EXPECT_NE(page.find("title=\"sign 13 float16 on fake 1.0: non-conformant "
                      "(1 expected_fail; max 3 ulp)\">"),
            std::string::npos);
}

TEST(RenderHtml, HeaderCountsAndEnvironment) {
  Report r = testing::SampleReport();
  r.environment.cpu_features = {"avx512fp16"};
  r.environment.ftz = true;
  const std::string page = RenderHtml({r});
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
  EXPECT_NE(page.find("<title>onnxcts report: fake 1.0</title>"),
            std::string::npos);
  EXPECT_NE(page.find("<h2>fake 1.0</h2>"), std::string::npos);
  EXPECT_NE(page.find("<dt>backend</dt><dd><code>command:fake</code></dd>"),
            std::string::npos);
  EXPECT_NE(page.find("2025-03-01T12:00:00.000Z &#8594; "
                      "2025-03-01T12:00:05.250Z (5.2 s)"),
            std::string::npos);
  EXPECT_NE(page.find("<dt>policy</dt><dd>spec</dd>"), std::string::npos);
  EXPECT_NE(page.find("<code>onnxcts/conformance</code>"), std::string::npos);
  EXPECT_NE(page.find("<dt>tool</dt><dd>onnxcts 0.1.0</dd>"),
            std::string::npos);
  // A refused must-reject model is no conformant cell: it has a tally of
  // its own.
  EXPECT_NE(
      page.find("<span class=\"chip v-conformant zero\">0 conformant</span>"),
      std::string::npos);
  EXPECT_NE(page.find("<span class=\"chip v-rejects\">1 rejects</span>"),
            std::string::npos);
  EXPECT_NE(page.find("<span class=\"tag\">avx512fp16</span>"),
            std::string::npos);
  EXPECT_NE(page.find("<dt>FTZ / DAZ</dt><dd>on / off</dd>"),
            std::string::npos);
  EXPECT_NE(page.find("<tr><th><span class=\"status s-crash\">crash</span>"
                      "</th><td>1</td></tr>"),
            std::string::npos);
  EXPECT_EQ(page.find("status s-timeout"), std::string::npos)
      << "a status no result has gets no row";
  EXPECT_NE(page.find("<tr class=\"sum\"><th>total</th><td>8</td>"),
            std::string::npos);
  // The matrix comes before everything but the header.
  EXPECT_LT(page.find("id=\"matrix\""), page.find("id=\"counts\""));
  EXPECT_LT(page.find("id=\"counts\""), page.find("id=\"environment\""));
  // onnx.node.test_abs opens from its own button.
  EXPECT_NE(page.find("data-report=\"0\" data-cell=\"\">fake 1.0: 1 result<"),
            std::string::npos);
}

TEST(RenderHtml, ReportsSideBySideOneColumnGroupEach) {
  Report newer = testing::SampleReport();
  newer.results[2].status = Status::kPass;
  newer.results[2].comparisons.clear();
  const std::string page = RenderHtml({testing::SampleReport(), newer});
  EXPECT_NE(page.find("<th colspan=\"3\" class=\"group first\">fake 1.0</th>"
                      "<th colspan=\"3\" class=\"group first\">fake 1.0 (2)"
                      "</th>"),
            std::string::npos);
  size_t count = 0;
  const Cells cells = MatrixCells(page, &count);
  EXPECT_EQ(count, 20u);  // 9 + 1 cells a report
  EXPECT_EQ(cells.size(), 10u);
  EXPECT_TRUE(cells.contains({"v-non-conformant", "0", "isinf|20|float16"}));
  EXPECT_TRUE(cells.contains({"v-conformant", "1", "isinf|20|float16"}));
  // Each group starts with its first column.
  EXPECT_TRUE(
      cells.contains({"v-not-supported first", "1", "isnan|20|float8e4m3fn"}));
}

TEST(RenderHtml, ScriptDataHoldsEveryResultByCell) {
  const Report report = testing::SampleReport();
  const nlohmann::json data = PageDataOf(RenderHtml({report}));
  const nlohmann::json& r = data["reports"][0];
  EXPECT_EQ(r["label"], "fake 1.0");
  EXPECT_EQ(r["results"].size(), report.results.size());
  EXPECT_EQ(r["cells"]["isinf|20|float16"], nlohmann::json({0, 1, 2}));
  EXPECT_EQ(r["cells"][""], nlohmann::json({7}));
  EXPECT_EQ(r["results"][2]["comparisons"][0]["by_class"]["-inf"]["count"], 2);
  EXPECT_EQ(r["results"][2]["reproduce"], report.results[2].reproduce);
  // Maps of the small dtypes of the matrix only: int32 is too wide.
  std::set<std::string> maps;
  for (const auto& [dtype, map] : data["maps"].items()) maps.insert(dtype);
  EXPECT_EQ(maps,
            (std::set<std::string>{"bfloat16", "float16", "float8e4m3fn"}));
}

TEST(RenderHtml, UntrustedTextCannotBecomeMarkupOrScript) {
  Report r = testing::EmptyReport();
  r.backend.name = "<script>alert('name')</script>";
  CaseResult bad = testing::Result("evil", 0, Status::kCrash);
  bad.op = "isinf\"><script>alert(2)</script>";
  bad.message = "<img src=x onerror=alert(3)> \xff\xfe end";
  bad.stderr_tail = "</script><script>alert(1)</script><!--";
  bad.reproduce = "onnxcts run '</SCRIPT >'";
  r.results = {bad};
  r.suites = {"/tmp/<u>suite</u>"};
  const std::string page = RenderHtml({r});
  // Only the page's own two script elements: the data and the code.
  EXPECT_EQ(Occurrences(Lower(page), "<script"), 2u) << page;
  EXPECT_EQ(Occurrences(Lower(page), "</script"), 2u);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<u>"), std::string::npos);
  EXPECT_EQ(page.find("<!--"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(&apos;name&apos;)&lt;/script&gt;"),
            std::string::npos);
  EXPECT_NE(page.find("data-cell=\"isinf&quot;&gt;&lt;script&gt;"),
            std::string::npos);
  EXPECT_EQ(page.find('\xff'), std::string::npos) << "invalid UTF-8 passed";
  // The script still gets the text exactly, to show it as text.
  const nlohmann::json data = PageDataOf(page);
  EXPECT_EQ(data["reports"][0]["results"][0]["stderr_tail"], bad.stderr_tail);
  EXPECT_EQ(data["reports"][0]["results"][0]["message"],
            "<img src=x onerror=alert(3)> \xEF\xBF\xBD\xEF\xBF\xBD end");
}

TEST(RenderHtml, LoadsNothingAndAllowsOnlyItsOwnStyleAndScript) {
  const std::string page = RenderHtml({testing::SampleReport()});
  static const std::regex kPolicy("script-src 'nonce-([0-9a-f]{32})'");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(page, m, kPolicy));
  EXPECT_NE(page.find("default-src 'none'; style-src 'nonce-" + m[1].str()),
            std::string::npos);
  EXPECT_NE(page.find("<style nonce=\"" + m[1].str() + "\">"),
            std::string::npos);
  EXPECT_NE(page.find("<script nonce=\"" + m[1].str() + "\">"),
            std::string::npos);
  for (const char* loads : {" src=", " href=", "<link", "<iframe", "url("}) {
    EXPECT_EQ(page.find(loads), std::string::npos) << loads;
  }
  // A new nonce per page, so no report can know it.
  EXPECT_EQ(RenderHtml({testing::SampleReport()}).find(m[1].str()),
            std::string::npos);
}

TEST(ScriptJson, EscapesWhatCouldEndOrChangeTheElement) {
  const nlohmann::json data = {{"a", "</script><!-- & \xff"}, {"b", 1}};
  const std::string text = ScriptJson(data);
  EXPECT_EQ(text.find_first_of("<>&\xff"), std::string::npos) << text;
  EXPECT_EQ(nlohmann::json::parse(text)["a"], "</script><!-- & \xEF\xBF\xBD");
}

TEST(DTypeColumns, FloatsThenIntegersThenBoolByWidth) {
  EXPECT_EQ(
      DTypeColumns({"bool", "int32", "uint8", "float", "bfloat16", "float16",
                    "float8e5m2", "float8e4m3fn", "int8", "double", "mystery"}),
      (std::vector<std::string>{"float8e4m3fn", "float8e5m2", "float16",
                                "bfloat16", "float", "double", "int8", "uint8",
                                "int32", "bool", "mystery"}));
}

TEST(CellKey, MatrixCellsOnly) {
  EXPECT_EQ(CellKey(testing::Result("a", 0, Status::kPass)),
            "isinf|20|float16");
  EXPECT_EQ(CellKey(testing::Result("a", 0, Status::kPass, "", 0, "")), "");
  EXPECT_EQ(CellKey(testing::Result("a", 0, Status::kInvalidTestData)), "");
}

}  // namespace
}  // namespace onnxcts
