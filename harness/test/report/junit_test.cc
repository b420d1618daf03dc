// JUnit XML, parsed back by a real XML parser (python3's xml.etree).
#include "report/junit.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace onnxcts {
namespace {

// Parses `xml` and prints "testcases failures skipped" counted from the
// elements, then the suite's attributes, then each testcase's id.
std::string ParseBack(const std::string& xml) {
  const auto file = testing::MakeTempDir() / "junit.xml";
  testing::WriteFile(file, xml);
  const std::string script =
      "import sys, xml.etree.ElementTree as ET\n"
      "root = ET.parse(sys.argv[1]).getroot()\n"
      "cases = root.findall(\"./testsuite/testcase\")\n"
      "print(len(cases), len(root.findall(\"./testsuite/testcase/failure\")),"
      " len(root.findall(\"./testsuite/testcase/skipped\")))\n"
      "s = root.find(\"testsuite\")\n"
      "print(s.get(\"tests\"), s.get(\"failures\"), s.get(\"skipped\"))\n"
      "for c in cases: print(c.get(\"classname\") + \" \" + c.get(\"name\"))\n";
  std::string output;
  const int status = testing::RunShell(
      "/usr/bin/python3 -c '" + script + "' " + file.string(), &output);
  EXPECT_EQ(status, 0) << output;
  return output;
}

TEST(ToJUnitXml, OneTestcasePerResultWithFailuresAndSkips) {
  // SampleReport: 8 results; fail and crash fail, not_supported is skipped.
  const std::string xml = ToJUnitXml(testing::SampleReport());
  const std::string output = ParseBack(xml);
  EXPECT_EQ(output.substr(0, output.find('\n')), "8 2 1");
  // The first suite holds the 7 valid cases; the refused must-reject model
  // is a suite of its own.
  EXPECT_NE(output.find("\n7 2 1\n"), std::string::npos) << output;
  EXPECT_NE(xml.find("<testsuite name=\"onnxcts fake 1.0 must-reject\" "
                     "tests=\"1\" failures=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(output.find("onnxcts.isinf.v20.float16 basic/test_data_set_1\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("onnx.node test_abs/test_data_set_0\n"),
            std::string::npos)
      << output;
}

TEST(ToJUnitXml, StrictPolicyFailsDeviations) {
  Report r = testing::SampleReport();
  r.policy = Policy::kStrict;
  const std::string output = ParseBack(ToJUnitXml(r));
  EXPECT_EQ(output.substr(0, output.find('\n')), "8 3 1");
}

TEST(ToJUnitXml, FailureCarriesMessageAndMismatchSummary) {
  const std::string xml = ToJUnitXml(testing::SampleReport());
  // The message's markup is escaped and its invalid byte replaced.
  EXPECT_NE(xml.find("<failure type=\"fail\" message=\"2 of 8 elements differ "
                     "&lt;&amp;&gt; \xEF\xBF\xBD\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("output 0 (bool, 8 elements): 2 mismatches, 0 "
                     "deviations\n  -inf: 2, e.g. [3] 0xfc00 -&gt; expected "
                     "0x01, actual 0x00\n"),
            std::string::npos)
      << xml;
  // The escape byte of the stderr tail is shown, not written raw.
  EXPECT_NE(xml.find("warning: \\x1b[31mred"), std::string::npos) << xml;
  EXPECT_EQ(xml.find('\x1b'), std::string::npos);
}

TEST(ToJUnitXml, EmptyReportIsAValidEmptySuite) {
  const std::string output = ParseBack(ToJUnitXml(testing::EmptyReport()));
  EXPECT_EQ(output, "0 0 0\n0 0 0\n");
}

}  // namespace
}  // namespace onnxcts
