#include "backends/named_backends.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/input_error.h"

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

// An alias is a row with options; the spec's own options win over them.
TEST(NamedWorkerCommand, AnAliasCarriesItsOptions) {
  ASSERT_EQ(unsetenv("ONNXCTS_PYTHON"), 0);
  EXPECT_THAT(*NamedWorkerCommand("openvino-f32"),
              EndsWith(" openvino 'mode=accuracy' 'precision=f32'"));
  EXPECT_THAT(*NamedWorkerCommand("openvino-f32?precision=f16"),
              EndsWith(" openvino 'mode=accuracy' 'precision=f16'"));
}

// A row that is not one names the file and the field.
TEST(NamedBackends, ABadRowNamesItsField) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "onnxcts-backends.json")
          .string();
  const std::pair<const char*, const char*> cases[] = {
      {R"({"backends": 3})", "/backends"},
      {R"({"backends": [{"name": "a", "about": "", "adapter": "x",
           "worker": "ruby", "probed": true}]})",
       "/backends/0/worker"},
      {R"({"backends": [{"name": "a", "about": "", "adapter": "x",
           "worker": "node", "probed": "yes"}]})",
       "/backends/0/probed"},
      {R"({"backends": [{"name": "a", "about": "", "adapter": "x",
           "worker": "node", "probed": true, "options": {"k": 1}}]})",
       "/backends/0/options/k"},
      {R"({"backends": [
           {"name": "a", "about": "", "adapter": "x", "worker": "node",
            "probed": true},
           {"name": "a", "about": "", "adapter": "y", "worker": "node",
            "probed": true}]})",
       "/backends/1/name"}};
  for (const auto& [text, field] : cases) {
    std::ofstream(path) << text;
    try {
      ReadNamedBackends(path);
      ADD_FAILURE() << "no error for " << text;
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr(path)) << text;
      EXPECT_THAT(e.what(), HasSubstr(field)) << text;
    }
  }
  std::filesystem::remove(path);
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
