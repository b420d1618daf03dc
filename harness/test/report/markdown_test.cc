// The Markdown page, and the render formats.
#include "report/markdown.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "report/html.h"
#include "report/render.h"
#include "test_util.h"

namespace onnxcts {
namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(RenderMarkdown, OneReport) {
  const std::string md = RenderMarkdown({testing::SampleReport()});
  EXPECT_TRUE(Contains(md, "# onnxcts conformance report\n")) << md;
  EXPECT_TRUE(Contains(md, "|  | fake 1.0 |\n| --- | --- |\n")) << md;
  EXPECT_TRUE(Contains(md, "| started | 2025-03-01T12:00:00.000Z |\n")) << md;
  EXPECT_TRUE(Contains(md, "| backend | `command:fake` |\n")) << md;
  EXPECT_TRUE(Contains(md, "| op | opset | dtype | fake 1.0 |\n")) << md;
  EXPECT_TRUE(Contains(md,
                       "| isinf | 20 | float16 | non-conformant "
                       "(2 pass, 1 fail) |\n"))
      << md;
  EXPECT_TRUE(Contains(md,
                       "| sign | 13 | bfloat16 | deviations "
                       "(1 deviation) |\n"))
      << md;
  EXPECT_TRUE(Contains(md,
                       "| isnan | 20 | float8e4m3fn | not supported "
                       "(1 not_supported) |\n"))
      << md;
  EXPECT_TRUE(Contains(md,
                       "| sign | 13 | float16 | non-conformant "
                       "(1 expected_fail; max 3 ulp) |\n"))
      << md;
  EXPECT_TRUE(Contains(md, "| crash | 1 |\n")) << md;
  EXPECT_TRUE(Contains(md, "| **total** | 8 |\n")) << md;
  EXPECT_FALSE(Contains(md, "| timeout |")) << md;  // zero everywhere
  EXPECT_TRUE(Contains(md,
                       "- `onnxcts.isinf.v20.float16.detect_neg0` data "
                       "set 0: **fail**: 2 of 8 elements differ &lt;&>"))
      << md;
  EXPECT_TRUE(Contains(md, "```\noutput 0 (bool, 8 elements): 2 mismatches"))
      << md;
  EXPECT_TRUE(Contains(md,
                       "## Deviations\n\n### fake 1.0\n\n- "
                       "`onnxcts.sign.v13.bfloat16.zeros`"))
      << md;
}

TEST(RenderMarkdown, ReportsSideBySide) {
  Report newer = testing::SampleReport();
  newer.results[2].status = Status::kPass;
  newer.results[2].comparisons.clear();
  const std::string md = RenderMarkdown({testing::SampleReport(), newer});
  EXPECT_TRUE(Contains(md, "| op | opset | dtype | fake 1.0 | fake 1.0 (2) |"))
      << md;
  EXPECT_TRUE(Contains(md,
                       "| isinf | 20 | float16 | non-conformant "
                       "(2 pass, 1 fail) | conformant (3 pass) |\n"))
      << md;
  EXPECT_TRUE(Contains(md, "| pass | 2 | 3 |\n")) << md;
  EXPECT_TRUE(Contains(md, "| fail | 1 | 0 |\n")) << md;
}

TEST(RenderMarkdown, CellsMissingInOneReportShowADash) {
  Report other = testing::EmptyReport();
  other.backend.name = "other";
  other.results = {testing::Result("x", 0, Status::kPass, "sign", 9, "int8")};
  const std::string md = RenderMarkdown({testing::SampleReport(), other});
  EXPECT_TRUE(Contains(md, "| sign | 9 | int8 | - | conformant (1 pass) |\n"))
      << md;
}

TEST(RenderMarkdown, MessagesCannotBreakTablesOrCodeBlocks) {
  Report r = testing::EmptyReport();
  CaseResult bad = testing::Result("a|b", 0, Status::kFail);
  bad.message = "x | y\nz";
  bad.stderr_tail = "```\n# not a heading\n";
  r.results = {bad};
  const std::string md = RenderMarkdown({r});
  EXPECT_TRUE(Contains(md, "**fail**: x \\| y z\n")) << md;
  // A longer fence, so the tail's ``` does not close the block.
  EXPECT_TRUE(Contains(md, "````\nstderr:\n```\n# not a heading\n````\n"))
      << md;
}

TEST(RenderMarkdown, ListsAreCapped) {
  Report r = testing::EmptyReport();
  for (size_t i = 0; i < kMarkdownListLimit + 5; ++i) {
    r.results.push_back(
        testing::Result("c" + std::to_string(i), 0, Status::kTimeout));
  }
  const std::string md = RenderMarkdown({r});
  EXPECT_TRUE(Contains(md, "- ... and 5 more\n")) << md;
  EXPECT_TRUE(Contains(md, "`c199`"));
  EXPECT_FALSE(Contains(md, "`c200`"));
}

TEST(FindRenderWriter, EveryFormatHasAWriter) {
  EXPECT_EQ(FindRenderWriter("md"), &RenderMarkdown);
  EXPECT_EQ(FindRenderWriter(kDefaultRenderFormat), &RenderHtml);
  try {
    FindRenderWriter("pdf");
    FAIL() << "pdf has no writer";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown --format \"pdf\"; available: html, md");
  }
}

}  // namespace
}  // namespace onnxcts
