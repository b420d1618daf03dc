// `onnxcts generate`: the conformance suite in ONNX's layout, under
// OUT/conformance (cases any ONNX runner can run) and OUT/must_reject
// (models a conformant backend refuses, kept apart so that a plain runner
// does not count them as ordinary cases).
#ifndef ONNXCTS_HARNESS_GENERATE_SUITE_GENERATOR_H_
#define ONNXCTS_HARNESS_GENERATE_SUITE_GENERATOR_H_

#include <filesystem>

#include "generate/case_spec.h"

namespace onnxcts {

struct GeneratedCounts {
  size_t conformance = 0;
  size_t must_reject = 0;
};

// GenerateSuites()
//
// Writes both suites under `out`, on `threads` threads; the bytes do not
// depend on the thread count. `out` must be missing, empty, or a previous
// generation (which is replaced); anything else throws std::runtime_error.
GeneratedCounts GenerateSuites(const std::filesystem::path& out,
                               const SuiteFilter& filter, int threads);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_GENERATE_SUITE_GENERATOR_H_
