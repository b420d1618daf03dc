#include "generate/suite_generator.h"

#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/parallel.h"
#include "core/progress.h"
#include "generate/case_writer.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMarker = "onnxcts-generated";

bool IsPreviousGeneration(const fs::path& out) {
  std::ifstream in(out / kMarker);
  return in.good();
}

// Refuses to delete anything it did not write itself.
void PrepareOutput(const fs::path& out) {
  if (fs::exists(out) && !fs::is_empty(out)) {
    if (!IsPreviousGeneration(out)) {
      throw std::runtime_error(out.string() +
                               " is neither empty nor an earlier onnxcts "
                               "generate output; refusing to overwrite it");
    }
    fs::remove_all(out);
  }
  fs::create_directories(out);
  std::ofstream(out / kMarker) << "written by onnxcts generate\n";
}

void WriteSuiteJson(const fs::path& dir, const std::string& description) {
  fs::create_directories(dir);
  const nlohmann::json j = {{"id_prefix", "onnxcts"},
                            {"label", "onnxcts/" + dir.filename().string()},
                            {"description", description}};
  std::ofstream(dir / "suite.json") << j.dump(2) << "\n";
}

void WriteAll(const fs::path& dir, const std::vector<CaseSpec>& cases,
              int threads, Progress& progress) {
  ParallelFor(cases.size(), threads, [&](size_t i) {
    WriteCase(dir, cases[i]);
    progress.Advance(1);
  });
}

}  // namespace

GeneratedCounts GenerateSuites(const fs::path& out, const SuiteFilter& filter,
                               int threads) {
  const std::vector<CaseSpec> positive = ConformanceCases(filter);
  const std::vector<CaseSpec> reject = MustRejectCases(filter);
  PrepareOutput(out);
  WriteSuiteJson(out / "conformance",
                 "onnxcts conformance cases: every op, opset version, dtype "
                 "and attribute combination");
  WriteSuiteJson(out / "must_reject",
                 "models that break their op's schema: a conformant backend "
                 "refuses each (case.json: \"expect\": \"reject\")");
  Progress progress("generate", positive.size() + reject.size());
  WriteAll(out / "conformance", positive, threads, progress);
  WriteAll(out / "must_reject", reject, threads, progress);
  return {positive.size(), reject.size()};
}

}  // namespace onnxcts
