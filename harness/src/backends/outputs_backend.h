// The `outputs:DIR` backend: outputs that a backend produced offline, in a
// folder that mirrors the suite. For the case folder <suite>/<rel> and data
// set N it reads DIR/<rel>/test_data_set_N/output_K.pb, never anything
// outside DIR. Two optional files complete the picture:
//
//   DIR/backend.json        {"name": "...", "version": "..."}, the backend
//                           that produced the folder (else name "outputs",
//                           version "").
//   DIR/<rel>/status.json   {"status": "not_supported" | "error",
//                           "message": "..."}: the backend refused the case,
//                           so each of its runs gets that outcome.
#ifndef ONNXCTS_HARNESS_BACKENDS_OUTPUTS_BACKEND_H_
#define ONNXCTS_HARNESS_BACKENDS_OUTPUTS_BACKEND_H_

#include <filesystem>
#include <memory>
#include <string>

#include "core/backend.h"
#include "io/limits.h"

namespace onnxcts {

// MakeOutputsBackend()
//
// The backend that reads the outputs under `dir`; `spec` is what --backend
// said. Start() throws std::runtime_error when `dir` is not a folder or its
// backend.json is malformed.
std::unique_ptr<Backend> MakeOutputsBackend(std::string spec,
                                            std::filesystem::path dir,
                                            Limits limits = {});

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_OUTPUTS_BACKEND_H_
