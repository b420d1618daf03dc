// Helpers of the report tests: reports built by hand, temporary folders,
// and the real JSON Schema validator (python3-jsonschema) run on output.
#ifndef ONNXCTS_HARNESS_TEST_REPORT_TEST_UTIL_H_
#define ONNXCTS_HARNESS_TEST_REPORT_TEST_UTIL_H_

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/report.h"

namespace onnxcts::testing {

// A result of `status` for case `id`, data set `data_set`, in the matrix
// cell (op, opset, dtype).
CaseResult Result(const std::string& id, int data_set, Status status,
                  const std::string& op = "isinf", int opset = 20,
                  const std::string& dtype = "float16");

// A report of backend "fake 1.0" (spec "command:fake") with fixed times and
// no results.
Report EmptyReport();

// EmptyReport() with results of many statuses, mismatches and oddities
// (invalid UTF-8, markup characters); the one the golden file holds.
Report SampleReport();

// A new empty folder under the test's temporary folder.
std::filesystem::path MakeTempDir();

std::string ReadFile(const std::filesystem::path& path);
void WriteFile(const std::filesystem::path& path, const std::string& text);

// Runs `command` through the shell; returns its exit status and puts its
// stdout (and stderr) in `output`.
int RunShell(const std::string& command, std::string* output);

// "" when `json` is valid under reports/report.schema.json, else the
// validator's complaint.
std::string SchemaViolation(const nlohmann::json& json);

// The names of the files in `dir`.
std::vector<std::string> FileNames(const std::filesystem::path& dir);

}  // namespace onnxcts::testing

#endif  // ONNXCTS_HARNESS_TEST_REPORT_TEST_UTIL_H_
