#include "run/id_filter.h"

#include <gtest/gtest.h>

#include <regex>
#include <stdexcept>
#include <string>

namespace onnxcts {
namespace {

bool Keeps(const std::string& filter, const std::string& id) {
  return std::regex_search(id, CompileIdFilter(filter));
}

TEST(IdFilter, ReproduceFilterKeepsItsIdAlone) {
  const std::string id = "sweep.isinf.v20.float.detect_negative0";
  const std::string filter = IdFilterFor(id);
  EXPECT_TRUE(Keeps(filter, id));
  // An unescaped dot would match any character; a missing anchor, a longer
  // id such as float16's.
  EXPECT_FALSE(Keeps(filter, "sweep.isinfXv20.float.detect_negative0"));
  EXPECT_FALSE(Keeps(filter, "x" + id));
  EXPECT_FALSE(Keeps(IdFilterFor("sweep.sign.v13.float"),
                     "sweep.sign.v13.float16"));
}

TEST(IdFilter, BadRegexNamesTheFlagAndTheText) {
  try {
    CompileIdFilter("isinf(");
    FAIL() << "an unbalanced group compiled";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--filter 'isinf('"),
              std::string::npos)
        << e.what();
  }
}

TEST(IdFilter, EmptyFilterKeepsEverything) {
  EXPECT_TRUE(Keeps("", "onnx.node.test_sign"));
}

}  // namespace
}  // namespace onnxcts
