// Bounds on what the readers accept from untrusted files, so that a hostile
// suite cannot make the harness allocate or read without limit.
#ifndef ONNXCTS_HARNESS_IO_LIMITS_H_
#define ONNXCTS_HARNESS_IO_LIMITS_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts {

struct Limits {
  size_t max_rank = 16;
  uint64_t max_elements = uint64_t{1} << 32;  // per tensor
  uint64_t max_bytes = uint64_t{4} << 30;     // per tensor, and per model
  // A .pb or model.onnx; protobuf parses at most 2 GiB - 1 in one message,
  // so a larger value is clamped to that.
  uint64_t max_file_bytes = (uint64_t{1} << 31) - 1;
  // Nodes, graph inputs, outputs, initializers, opset imports, attributes
  // per node, names per node.
  size_t max_count = size_t{1} << 20;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_LIMITS_H_
