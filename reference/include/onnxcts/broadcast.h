// Numpy's multidirectional broadcasting, as ONNX's element-wise ops of
// several inputs use it: shapes are aligned at their last axis, and an axis
// of size 1 (or a missing one) stretches to the other's size.
#ifndef ONNXCTS_BROADCAST_H_
#define ONNXCTS_BROADCAST_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace onnxcts {

using Dims = std::vector<int64_t>;

// BroadcastDims()
//
// The shape that `shapes` broadcast to, or nullopt when two of them have
// sizes other than 1 that differ on one axis.
std::optional<Dims> BroadcastDims(std::span<const Dims> shapes);

// Maps the elements of a broadcast result back to those of one input: the
// input's element that output element `i` (row-major) reads.
class BroadcastIndex {
 public:
  BroadcastIndex(std::span<const int64_t> input_dims,
                 std::span<const int64_t> output_dims);
  size_t operator()(size_t i) const;

 private:
  // Per output axis, innermost first: its size and the input's stride on it
  // (0 where the input is stretched).
  std::vector<size_t> sizes_;
  std::vector<size_t> strides_;
};

// ExpandTo()
//
// Writes the `width`-byte elements of an input of dims `input_dims`,
// stretched to `output_dims` (which it broadcasts to), to `out`.
void ExpandTo(const void* in, std::span<const int64_t> input_dims,
              size_t width, std::span<const int64_t> output_dims, void* out);

}  // namespace onnxcts

#endif  // ONNXCTS_BROADCAST_H_
