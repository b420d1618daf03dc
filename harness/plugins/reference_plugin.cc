// onnxcts_reference_plugin.so: the reference kernels behind the plugin ABI.
// A backend author's template, and the plugin that the harness's plugin
// tests and the in-process sweeps compare against the kernels themselves.
#include "onnxcts/backend_plugin.h"
#include "reference_node.h"

namespace {

onnxcts_status Run(const onnxcts_node* node, onnxcts_result* result) {
  return onnxcts::RunReferenceNode(node, result);
}

void Release(onnxcts_result* result) { onnxcts::ReleaseResult(result); }

// The kernels keep no state, so calls may overlap.
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
