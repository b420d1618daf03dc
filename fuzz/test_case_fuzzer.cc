// A whole test case, from files to report: the input is a list of parts,
// each one byte of kind, two bytes of length (little-endian) and that many
// bytes (the last part takes what is left):
//
//   kind % 6 == 0  model.onnx          3  case.json
//              1  input_K.pb          4  data.bin (external data), case folder
//              2  output_K.pb         5  starts the next test_data_set_N
//
// They are written into a suite folder in ONNX's layout (one per process,
// emptied each time), which is discovered and run through the runner with
// the reference backend. The JSON report of the results must read back
// with the report reader (which checks what reports/report.schema.json
// says, and more) to the same report; a report that does not is a finding.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "finding.h"
#include "io/suite.h"
#include "report/report.h"
#include "run/reference_backend.h"
#include "run/runner.h"
#include "scratch_prefix.h"

namespace onnxcts::fuzz {
namespace {

namespace fs = std::filesystem;

constexpr int kKinds = 6;

struct Scratch {
  TempDir dir{ScratchPrefix("onnxcts-fuzz-case-")};
  fs::path suite = dir.path() / "fuzz";
  fs::path case_dir = suite / "case";
  std::unique_ptr<Backend> backend = MakeReferenceBackend();
  BackendInfo info = backend->Start();
};

Scratch& TheScratch() {
  static Scratch scratch;
  return scratch;
}

void WriteFile(const fs::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Lays the parts out as a case folder; returns nothing, the folder is it.
class CaseWriter {
 public:
  explicit CaseWriter(const fs::path& dir) : dir_(dir) {}

  void Add(int kind, std::string_view bytes) {
    switch (kind) {
      case 0:
        return WriteFile(dir_ / "model.onnx", bytes);
      case 1:
        return WriteFile(DataSet() / Numbered("input_", inputs_), bytes);
      case 2:
        return WriteFile(DataSet() / Numbered("output_", outputs_), bytes);
      case 3:
        return WriteFile(dir_ / "case.json", bytes);
      case 4:
        return WriteFile(dir_ / "data.bin", bytes);
      default:
        ++data_set_;
        inputs_ = outputs_ = 0;
    }
  }

 private:
  fs::path DataSet() {
    fs::path dir = dir_ / ("test_data_set_" + std::to_string(data_set_));
    fs::create_directories(dir);
    return dir;
  }

  static std::string Numbered(const char* stem, int& count) {
    return stem + std::to_string(count++) + ".pb";
  }

  fs::path dir_;
  int data_set_ = 0;
  int inputs_ = 0;
  int outputs_ = 0;
};

void WriteParts(std::string_view input, const fs::path& dir) {
  CaseWriter writer(dir);
  while (!input.empty()) {
    const int kind = static_cast<uint8_t>(input[0]) % kKinds;
    size_t length = input.size() - 1;
    if (input.size() >= 3) {
      length = static_cast<uint8_t>(input[1]) |
               static_cast<size_t>(static_cast<uint8_t>(input[2])) << 8;
    }
    input.remove_prefix(std::min<size_t>(3, input.size()));
    length = std::min(length, input.size());
    writer.Add(kind, input.substr(0, length));
    input.remove_prefix(length);
  }
}

Report MakeReport(const Scratch& s, std::vector<CaseResult> results) {
  Report report;
  report.backend = s.info;
  report.host = "fuzz";
  report.suites = {"fuzz/suite"};
  report.command_line = {"test_case_fuzzer"};
  report.results = std::move(results);
  return report;
}

// As WriteReport() writes it: invalid UTF-8 (a message may quote any
// bytes of the model) replaced.
std::string Text(const Report& report) {
  return ToJson(report).dump(-1, ' ', false,
                             nlohmann::json::error_handler_t::replace);
}

// The written report must read back (with the reader of `report diff`) to
// one that writes the same text.
void CheckReport(const Report& report, const uint8_t* data, size_t size) {
  const std::string text = Text(report);
  try {
    if (Text(ParseReport(text, "report.json")) != text) {
      ReportFinding("test_case report_round_trip",
                    "the report reads back differently: " + text, data, size);
    }
  } catch (const InputError& e) {
    ReportFinding("test_case invalid_report",
                  std::string(e.what()) + "\nreport: " + text, data, size);
  }
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  Scratch& s = TheScratch();
  fs::remove_all(s.suite);
  fs::create_directories(s.case_dir);
  WriteParts(std::string_view(reinterpret_cast<const char*>(data), size),
             s.case_dir);
  std::vector<TestCase> cases;
  try {
    cases = DiscoverCases(s.suite);
  } catch (const std::runtime_error&) {
    return 0;  // a broken case.json: InputError, which is one
  }
  RunOptions options;
  options.backend_spec = "reference";
  std::vector<CaseResult> results;
  for (const TestCase& c : cases) {
    for (CaseResult& r : RunCase(c, *s.backend, options)) {
      results.push_back(std::move(r));
    }
  }
  CheckReport(MakeReport(s, std::move(results)), data, size);
  return 0;
}
