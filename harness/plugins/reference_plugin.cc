// onnxcts_reference_plugin.so: the reference kernels behind the plugin ABI.
// A backend author's template, and the plugin that the harness's plugin
// tests and the in-process sweeps compare against the kernels themselves.
//
// It speaks ABI version 2: the kernels read the harness's inputs and write
// straight into the harness's output buffers. Built with
// ONNXCTS_REFERENCE_PLUGIN_V1 (onnxcts_reference_plugin_abi1.so, for the
// tests) it is the version 1 plugin it used to be, built against this
// header: proof that such plugins still load and pass.
#include "onnxcts/backend_plugin.h"
#include "reference_node.h"

namespace {

// The kernels keep no state, so calls may overlap.
#ifndef ONNXCTS_REFERENCE_PLUGIN_V1

onnxcts_status Run(const onnxcts_node* node, onnxcts_result2* result) {
  return onnxcts::RunReferenceNode2(node, result);
}

constexpr onnxcts_plugin2 kPlugin = {ONNXCTS_PLUGIN_ABI_VERSION,
                                     "onnxcts-reference", ONNXCTS_VERSION,
                                     ONNXCTS_PLUGIN_THREAD_SAFE, Run};

}  // namespace

extern "C" ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin2* onnxcts_plugin_v2() {
  return &kPlugin;
}

#else

onnxcts_status Run(const onnxcts_node* node, onnxcts_result* result) {
  return onnxcts::RunReferenceNode(node, result);
}

void Release(onnxcts_result* result) { onnxcts::ReleaseResult(result); }

constexpr onnxcts_plugin kPlugin = {ONNXCTS_PLUGIN_ABI_VERSION,
                                    "onnxcts-reference",
                                    ONNXCTS_VERSION,
                                    ONNXCTS_PLUGIN_THREAD_SAFE,
                                    Run,
                                    Release};

}  // namespace

extern "C" ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin* onnxcts_plugin_v1() {
  return &kPlugin;
}

#endif
