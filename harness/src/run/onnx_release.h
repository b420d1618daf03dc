// What the harness knows of ONNX's releases.
#ifndef ONNXCTS_HARNESS_RUN_ONNX_RELEASE_H_
#define ONNXCTS_HARNESS_RUN_ONNX_RELEASE_H_

#include <cstdint>

namespace onnxcts {

// The newest ai.onnx opset that a released ONNX lists as released: the
// largest opset of `onnx.helper.VERSION_TABLE` of the pinned onnx wheel
// (1.22.0, whose own newest opset, 27, is still under development there).
// harness/test/cli/onnx_release_test.py checks it against the wheel.
inline constexpr int64_t kNewestReleasedOpset = 26;

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_ONNX_RELEASE_H_
