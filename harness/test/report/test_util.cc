#include "test_util.h"

#include <gtest/gtest.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace onnxcts::testing {

CaseResult Result(const std::string& id, int data_set, Status status,
                  const std::string& op, int opset, const std::string& dtype) {
  CaseResult r;
  r.case_id = id;
  r.data_set = data_set;
  r.status = status;
  r.op = op;
  r.opset = opset;
  r.dtype = dtype;
  r.seconds = 0.25;
  if (status != Status::kPass) r.message = std::string(StatusName(status));
  return r;
}

Report EmptyReport() {
  Report r;
  r.tool_version = "0.1.0";
  r.backend = {"command:fake", "fake", "1.0", {}};
  r.host = "testhost";
  r.started = *ParseUtcTime("2025-03-01T12:00:00Z");
  r.ended = *ParseUtcTime("2025-03-01T12:00:05.250Z");
  r.suites = {"onnxcts/conformance"};
  r.command_line = {"onnxcts", "run", "--suite", "/suites/onnxcts"};
  r.environment.os = "Linux 6.1.0 x86_64";
  r.environment.cpu = "Test CPU";
  r.environment.cpu_features = {"sse2", "avx2"};
  r.environment.host_class = "avx2";
  r.environment.ftz = false;
  r.environment.daz = false;
  r.environment.compiler = "gcc 12.2.0";
  r.environment.libraries = {{"fmt", "9.1.0"}};
  return r;
}

Report SampleReport() {
  Report r = EmptyReport();
  r.host = HostName();
  r.environment = CaptureEnvironment();
  r.known_failures = {{"onnxcts.sign.v13.*", "NaN sign",
                       "https://example.com/1", "2099-01-01", false}};
  CaseResult fail =
      Result("onnxcts.isinf.v20.float16.detect_neg0", 0, Status::kFail);
  fail.message = "2 of 8 elements differ <&> \xff";
  OutputComparison c;
  c.output = 0;
  c.dtype = "bool";
  c.elements = 8;
  c.mismatches = 2;
  c.by_class["-inf"] = {2, {{3, "0xfc00", "0x01", "0x00", {}}}};
  fail.comparisons = {c};
  fail.stderr_tail = "warning: \x1b[31mred\x1b[0m";
  fail.reproduce = "onnxcts run --filter 'detect_neg0'";
  CaseResult deviation = Result("onnxcts.sign.v13.bfloat16.zeros", 0,
                                Status::kDeviation, "sign", 13, "bfloat16");
  deviation.adapter_steps = {"opset 13 -> 14"};
  CaseResult expected = Result("onnxcts.sign.v13.float16.nan", 1,
                               Status::kExpectedFail, "sign", 13, "float16");
  expected.known_failure = "onnxcts.sign.v13.*";
  // A float output: ULP distances, the largest of them not an example's,
  // and none for the NaN.
  OutputComparison f;
  f.dtype = "float16";
  f.elements = 8;
  f.mismatches = 3;
  f.by_class["+normal"] = {2, {{2, "0x3c00", "0x3c00", "0x3c01", 1}}};
  f.by_class["+qnan"] = {1, {{5, "0x7e00", "0x7e00", "0x0000", {}}}, 1};
  f.max_ulp = 3;
  expected.comparisons = {f};
  CaseResult rejected = Result("onnxcts.isnan.v9.int32.reject", 0,
                               Status::kRejected, "isnan", 9, "int32");
  rejected.must_reject = true;
  r.results = {Result("onnxcts.isinf.v20.float16.basic", 0, Status::kPass),
               Result("onnxcts.isinf.v20.float16.basic", 1, Status::kPass),
               fail,
               deviation,
               expected,
               Result("onnxcts.isnan.v20.float8e4m3fn.all", 0,
                      Status::kNotSupported, "isnan", 20, "float8e4m3fn"),
               rejected,
               Result("onnx.node.test_abs", 0, Status::kCrash, "", 0, "")};
  return r;
}

std::filesystem::path MakeTempDir() {
  std::string pattern = ::testing::TempDir() + "onnxcts_report_XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp failed";
  }
  return pattern;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

int RunShell(const std::string& command, std::string* output) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  char buffer[4096];
  output->clear();
  for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) {
    output->append(buffer, n);
  }
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string SchemaViolation(const nlohmann::json& json) {
  const std::filesystem::path file = MakeTempDir() / "report.json";
  WriteFile(file,
            json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  // Debian's python, the one with jsonschema (see the preamble of the
  // project: the python3 on PATH may lack it).
  const std::string command =
      "/usr/bin/python3 -c 'import json, sys, jsonschema\n"
      "schema = json.load(open(sys.argv[1]))\n"
      "jsonschema.Draft202012Validator.check_schema(schema)\n"
      "jsonschema.Draft202012Validator(schema).validate("
      "json.load(open(sys.argv[2])))' "
      "'" ONNXCTS_REPORT_SCHEMA "' '" +
      file.string() + "'";
  std::string output;
  const int status = RunShell(command, &output);
  return status == 0 ? "" : "exit " + std::to_string(status) + ": " + output;
}

std::vector<std::string> FileNames(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace onnxcts::testing
