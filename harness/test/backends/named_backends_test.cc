#include "backends/named_backends.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>

namespace onnxcts {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;

TEST(BackendSpec, NameAndOptions) {
  const BackendSpec s = ParseBackendSpec("openvino?precision=f32&mode=accuracy");
  EXPECT_EQ(s.name, "openvino");
  EXPECT_EQ(s.options, (std::map<std::string, std::string>{
                           {"mode", "accuracy"}, {"precision", "f32"}}));
  EXPECT_TRUE(ParseBackendSpec("tract").options.empty());
  EXPECT_EQ(ParseBackendSpec("x?flag").options.at("flag"), "");
}

TEST(BackendSpec, RefusesWhatAShellOrAReportCouldMisread) {
  for (const char* bad : {"openvino?precision=f32&precision=f16", "openvino?=1",
                          "openvino?a=b;rm", "openvino?a=$(x)", "?a=1",
                          "openvino?a=1&&b=2"}) {
    EXPECT_THROW(ParseBackendSpec(bad), std::invalid_argument) << bad;
  }
}

TEST(NamedWorkerCommand, PythonBackendsRunTheWorkerWithTheirAdapter) {
  ASSERT_EQ(unsetenv("ONNXCTS_PYTHON"), 0);
  const auto cmd = NamedWorkerCommand("openvino?precision=f32&mode=accuracy");
  ASSERT_TRUE(cmd);
  // Found from the test's own folder, as onnxcts finds them from its own
  // (core/data_dir.h): the build tree's venv link and share folder.
  EXPECT_THAT(*cmd, HasSubstr("/lib/onnxcts/venv/bin/python' '"));
  EXPECT_THAT(*cmd, HasSubstr("/share/onnxcts/workers/python/worker.py' "
                              "openvino "));
  EXPECT_THAT(*cmd, EndsWith(" 'mode=accuracy' 'precision=f32'"));
  ASSERT_EQ(setenv("ONNXCTS_PYTHON", "/opt/py/bin/python", 1), 0);
  EXPECT_THAT(*NamedWorkerCommand("onnx-reference"),
              HasSubstr("'/opt/py/bin/python' "));
  ASSERT_EQ(unsetenv("ONNXCTS_PYTHON"), 0);
}

TEST(NamedWorkerCommand, NodeBackendsTakeNoOptions) {
  EXPECT_THAT(*NamedWorkerCommand("ort-web"), EndsWith(" --runtime 'web'"));
  EXPECT_THROW(NamedWorkerCommand("ort?threads=4"), std::invalid_argument);
  EXPECT_FALSE(NamedWorkerCommand("command:ort"));
  EXPECT_FALSE(NamedWorkerCommand("openvino2"));
}

TEST(NamedBackends, EveryPythonAdapterHasItsFile) {
  for (const NamedBackend& b : NamedBackends()) {
    if (!b.python) continue;
    const std::string file = std::string(ONNXCTS_SOURCE_DIR) +
                             "/harness/workers/python/adapters/" +
                             std::string(b.adapter) + ".py";
    EXPECT_EQ(std::system(("test -f '" + file + "'").c_str()), 0) << file;
  }
}

}  // namespace
}  // namespace onnxcts
