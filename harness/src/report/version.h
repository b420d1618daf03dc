// What this onnxcts binary is: its version, the commit it was built from,
// its compiler and the SIMD targets of its kernels. `onnxcts --version`
// prints them, and a run's journal records the commit.
#ifndef ONNXCTS_HARNESS_REPORT_VERSION_H_
#define ONNXCTS_HARNESS_REPORT_VERSION_H_

#include <string>
#include <string_view>
#include <vector>

namespace onnxcts {

// BuildCommit()
//
// The git commit the sources were at when this binary was built, 40 hex
// digits, with "-dirty" when tracked files had changes; "unknown" when they
// were not a git checkout. Current after every build.
std::string_view BuildCommit();

// SimdTargets()
//
// The Highway targets compiled into the reference kernels, best first
// ("AVX3", "AVX2", "SSE4", ..., "EMU128").
std::vector<std::string> SimdTargets();

// ChosenSimdTarget()
//
// The one of SimdTargets() that the kernels dispatch to on this CPU.
std::string ChosenSimdTarget();

// VersionText()
//
// What `onnxcts --version` prints: one "what: value" line each, the first
// "onnxcts 0.1.0".
std::string VersionText();

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_VERSION_H_
