// The plain-text mismatch summary that JUnit, Markdown and diff show.
#include "report/mismatch_text.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace onnxcts {
namespace {

TEST(MismatchSummary, FloatOutputsShowTheirUlpDistances) {
  const CaseResult r = testing::SampleReport().results[4];
  EXPECT_EQ(MismatchSummary(r),
            "output 0 (float16, 8 elements): 3 mismatches, 0 deviations, "
            "max 3 ulp\n"
            "  +normal: 2, e.g. [2] 0x3c00 -> expected 0x3c00, actual 0x3c01 "
            "(1 ulp)\n"
            "  +qnan: 1, e.g. [5] 0x7e00 -> expected 0x7e00, actual 0x0000\n");
}

TEST(MismatchSummary, OtherOutputsShowNone) {
  const CaseResult r = testing::SampleReport().results[2];
  EXPECT_EQ(MismatchSummary(r),
            "output 0 (bool, 8 elements): 2 mismatches, 0 deviations\n"
            "  -inf: 2, e.g. [3] 0xfc00 -> expected 0x01, actual 0x00\n");
}

}  // namespace
}  // namespace onnxcts
