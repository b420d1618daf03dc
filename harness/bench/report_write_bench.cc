// The resident size that writing a report adds to a run, streamed
// (WriteReport) beside the whole tree dumped at once (the way it was, and
// what a reader of the report costs): a published report's results,
// repeated to N (10,000 by default), held in memory as a run holds them.
//
// Usage: report_write_bench REPORT.json [N]
// Prints the run's own resident size and each way's peak above it.
#include <malloc.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "report/atomic_file.h"
#include "report/report.h"

namespace {

// A field of /proc/self/status, in KiB.
long StatusKiB(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) {
      return std::stol(line.substr(field.size() + 1));
    }
  }
  return -1;
}

// Peak resident size from now on: the kernel's high-water mark, reset.
void ResetPeak() {
  std::ofstream("/proc/self/clear_refs") << "5";
}

template <class Write>
long PeakOf(Write write) {
  malloc_trim(0);
  ResetPeak();
  write();
  return StatusKiB("VmHWM");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: report_write_bench REPORT.json [N]\n");
    return 2;
  }
  const size_t n = argc > 2 ? std::stoul(argv[2]) : 10000;
  onnxcts::Report report = onnxcts::ReadReport(argv[1]);
  const size_t have = report.results.size();
  if (have == 0) return 2;
  for (size_t i = have; i < n; ++i) {
    onnxcts::CaseResult copy = report.results[i % have];
    copy.data_set = static_cast<int>(i);  // no result listed twice
    report.results.push_back(std::move(copy));
  }
  report.results.resize(n);
  malloc_trim(0);
  const long own = StatusKiB("VmRSS");
  const auto out = std::filesystem::temp_directory_path() / "report_bench.json";
  const long streamed = PeakOf([&] { onnxcts::WriteReport(out, report); });
  const long size = static_cast<long>(std::filesystem::file_size(out) >> 10);
  const long tree = PeakOf([&] {
    std::string text = onnxcts::ToJson(report).dump(2) + "\n";
    onnxcts::WriteFileAtomically(out, text);
  });
  std::filesystem::remove(out);
  std::printf("%zu results, %ld KiB of JSON\n", n, size);
  std::printf("the run's own resident size   %8ld KiB\n", own);
  std::printf("peak writing it streamed      %8ld KiB  (+%.1f%%)\n", streamed,
              100.0 * (streamed - own) / own);
  std::printf("peak writing it as one tree   %8ld KiB  (+%.1f%%)\n", tree,
              100.0 * (tree - own) / own);
  return 0;
}
