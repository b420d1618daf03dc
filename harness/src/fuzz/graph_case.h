// A generated graph as a test case in ONNX's layout (model.onnx and one
// test_data_set_0 of its inputs and the reference's outputs), run through a
// backend by the runner: the same path, and so the same verdict, as
// `onnxcts run` replaying the folder.
#ifndef ONNXCTS_HARNESS_FUZZ_GRAPH_CASE_H_
#define ONNXCTS_HARNESS_FUZZ_GRAPH_CASE_H_

#include <filesystem>
#include <optional>
#include <string>

#include "core/backend.h"
#include "core/result.h"
#include "fuzz/graph_generator.h"
#include "run/runner.h"

namespace onnxcts {

// WriteGraphCase()
//
// Writes `graph` into the empty or missing folder `dir`, with the outputs
// the reference computes; `description` goes into its case.json. Returns
// why not when the reference cannot run it (then nothing is written).
std::optional<std::string> WriteGraphCase(const std::filesystem::path& dir,
                                          const FuzzGraph& graph,
                                          const std::string& description = "");

// RunGraphCase()
//
// The verdict on `graph` through `backend`, written to `dir` first (which
// is emptied); nullopt when the reference cannot run it.
std::optional<CaseResult> RunGraphCase(const std::filesystem::path& dir,
                                       const FuzzGraph& graph,
                                       Backend& backend,
                                       const RunOptions& options);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_GRAPH_CASE_H_
