// The `command:CMDLINE` backend, and the named backends (`ort`, `openvino`,
// ...: `command:` backends whose workers ship in harness/workers): one long-lived worker process that
// speaks the worker protocol (worker_protocol.h), restarted after it
// crashes, hangs or breaks the protocol.
#ifndef ONNXCTS_HARNESS_BACKENDS_WORKER_BACKEND_H_
#define ONNXCTS_HARNESS_BACKENDS_WORKER_BACKEND_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "core/backend.h"
#include "io/limits.h"

namespace onnxcts {

struct WorkerOptions {
  // How long a (re)started worker may take to answer hello: the real
  // backends' imports take 20 s and more on a busy two-core machine.
  double hello_timeout_seconds = 120;
  // A longer answer line is a protocol error.
  size_t max_line_bytes = size_t{1} << 20;
  Limits limits;  // for the output .pb files the worker writes
};

// MakeWorkerBackend()
//
// The backend that runs `sh -c cmdline` as its worker; `spec` is what
// --backend said, for BackendInfo.
std::unique_ptr<Backend> MakeWorkerBackend(std::string spec,
                                           std::string cmdline,
                                           WorkerOptions options = {});

// OrtWorkerCommand()
//
// The command line of the ONNX Runtime worker for `runtime` ("node":
// onnxruntime-node, "web": onnxruntime-web): for node $ONNXCTS_ORT_WORKER
// when set and not empty, else `node <source dir>/harness/workers/ort/
// worker.js [--runtime web]`.
std::string OrtWorkerCommand(std::string_view runtime = "node");

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_WORKER_BACKEND_H_
