// The node kernel of an element-wise op of two inputs that broadcast as
// numpy's do (the comparisons, the bitwise and logical ops): each input
// stretched to the output's shape, then the op's kernel of two inputs
// (Variant::pair_kernel) over every element; and of a variadic one, folded.
#ifndef ONNXCTS_SRC_OPS_PAIR_NODE_H_
#define ONNXCTS_SRC_OPS_PAIR_NODE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"

namespace onnxcts {

using PairKernelFn = void (*)(const DTypeInfo& t, const void* a, const void* b,
                              void* out, size_t n);

// Input `x` stretched to the output's shape: its own data where the shapes
// agree, else a copy in `scratch`.
const void* Stretched(const ConstTensorView& x, const TensorView& out,
                      std::vector<uint8_t>& scratch);

// Inputs 0 and 1 of a node stretched, and `kernel` over them into output 0.
void PairNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, PairKernelFn kernel);

// The same as a node kernel (KernelFn) of an op whose kernel is `K`.
template <PairKernelFn K>
void PairNodeOf(std::span<const ConstTensorView> in,
                std::span<const TensorView> out, const Attributes&) {
  PairNode(in, out, K);
}

// One input or more, each stretched to the output's shape, folded left to
// right through `kernel` (Max, Min, Sum): ((x0 op x1) op x2) ...
void FoldNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, PairKernelFn kernel);

template <PairKernelFn K>
void FoldNodeOf(std::span<const ConstTensorView> in,
                std::span<const TensorView> out, const Attributes&) {
  FoldNode(in, out, K);
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_PAIR_NODE_H_
