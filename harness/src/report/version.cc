#include "report/version.h"

#include <hwy/targets.h>

#include <cstdint>

#include "report/environment.h"
#include "report/report.h"

namespace onnxcts {
namespace {

std::string Joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

}  // namespace

// This file is compiled with the flags and the Highway headers the kernels
// are, so its HWY_TARGETS is theirs. Highway numbers better targets lower.
std::vector<std::string> SimdTargets() {
  std::vector<std::string> names;
  for (uint64_t rest = HWY_TARGETS; rest != 0; rest &= rest - 1) {
    const auto lowest = static_cast<int64_t>(rest & ~(rest - 1));
    names.emplace_back(hwy::TargetName(lowest));
  }
  return names;
}

// Dynamic dispatch takes the best compiled target the CPU supports.
std::string ChosenSimdTarget() {
  const std::vector<int64_t> usable = hwy::SupportedAndGeneratedTargets();
  return usable.empty() ? "none" : hwy::TargetName(usable.front());
}

std::string VersionText() {
  return "onnxcts " + std::string(ToolVersion()) + "\n" +
         "commit: " + std::string(BuildCommit()) + "\n" +
         "compiler: " + CaptureEnvironment().compiler + "\n" +
         "simd targets: " + Joined(SimdTargets()) + "\n" +
         "simd target on this cpu: " + ChosenSimdTarget();
}

}  // namespace onnxcts
