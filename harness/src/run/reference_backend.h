// The `reference` backend: onnxcts's own kernels, in process. It runs
// models of the ops in the schema table, one node or a graph of them (with
// Constant nodes: run/graph_eval.h), refuses any such model that breaks the
// schema at its opset, and says not_supported otherwise.
#ifndef ONNXCTS_HARNESS_RUN_REFERENCE_BACKEND_H_
#define ONNXCTS_HARNESS_RUN_REFERENCE_BACKEND_H_

#include <memory>

#include "core/backend.h"

namespace onnxcts {

std::unique_ptr<Backend> MakeReferenceBackend();

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_REFERENCE_BACKEND_H_
