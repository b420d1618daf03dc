// What the in-tree plugins share: computing one node with the reference
// kernels of the op schema table, into the harness's buffers (ABI version 2)
// or into buffers that ReleaseResult() frees (version 1).
#ifndef ONNXCTS_HARNESS_PLUGINS_REFERENCE_NODE_H_
#define ONNXCTS_HARNESS_PLUGINS_REFERENCE_NODE_H_

#include <string>

#include "onnxcts/backend_plugin.h"

namespace onnxcts {

// RunReferenceNode()
//
// Computes `node` as the reference does: not supported for an operator or
// opset the schema table lacks, an error for inputs, dtypes, shapes or
// attributes the operator's spec does not allow. Every output has the shape
// the inputs broadcast to (numpy's rules, for the ops that broadcast).
// Outputs and message are malloc()ed.
onnxcts_status RunReferenceNode(const onnxcts_node* node,
                                onnxcts_result* result);

// RunReferenceNode2()
//
// The same for ABI version 2: the outputs go into the harness's buffers
// when they all fit (else only their dtypes, dims and sizes are set), the
// message into the harness's room for it.
onnxcts_status RunReferenceNode2(const onnxcts_node* node,
                                 onnxcts_result2* result);

// SetMessage2()
//
// Copies `text` into `result`'s message room, cut to fit; returns `status`.
onnxcts_status SetMessage2(onnxcts_result2* result, onnxcts_status status,
                           const std::string& text);

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
