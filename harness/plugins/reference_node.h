// What the in-tree plugins share: computing one node with the reference
// kernels of the op schema table, into buffers that ReleaseResult() frees.
#ifndef ONNXCTS_HARNESS_PLUGINS_REFERENCE_NODE_H_
#define ONNXCTS_HARNESS_PLUGINS_REFERENCE_NODE_H_

#include <string>

#include "onnxcts/backend_plugin.h"

namespace onnxcts {

// RunReferenceNode()
//
// Computes `node` as the reference does: not supported for an operator or
// opset the schema table lacks, an error for inputs, dtypes or attributes
// the operator's spec does not allow. Outputs and message are malloc()ed.
onnxcts_status RunReferenceNode(const onnxcts_node* node,
                                onnxcts_result* result);

// ReleaseResult()
//
// Frees what RunReferenceNode() put in `result`.
void ReleaseResult(onnxcts_result* result);

// SetMessage()
//
// Puts a malloc()ed copy of `text` in `result`; returns `status`.
onnxcts_status SetMessage(onnxcts_result* result, onnxcts_status status,
                          const std::string& text);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_PLUGINS_REFERENCE_NODE_H_
