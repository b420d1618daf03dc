#include "ops/pair_node.h"

#include "onnxcts/broadcast.h"

namespace onnxcts {

const void* Stretched(const ConstTensorView& x, const TensorView& out,
                      std::vector<uint8_t>& scratch) {
  if (x.count == out.count) return x.data;
  const size_t width = ElementBytes(Info(x.dtype));  // throws on packed
  scratch.resize(out.count * width);
  ExpandTo(x.data, x.dims, width, out.dims, scratch.data());
  return scratch.data();
}

void PairNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, PairKernelFn kernel) {
  std::vector<uint8_t> first_copy;
  std::vector<uint8_t> second_copy;
  const void* first = Stretched(in[0], out[0], first_copy);
  const void* second = Stretched(in[1], out[0], second_copy);
  kernel(Info(in[0].dtype), first, second, out[0].data, out[0].count);
}

void FoldNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, PairKernelFn kernel) {
  const DTypeInfo& t = Info(in[0].dtype);
  ExpandTo(in[0].data, in[0].dims, ElementBytes(t), out[0].dims, out[0].data);
  std::vector<uint8_t> copy;
  for (size_t k = 1; k < in.size(); ++k) {
    const void* next = Stretched(in[k], out[0], copy);
    kernel(t, out[0].data, next, out[0].data, out[0].count);
  }
}

}  // namespace onnxcts
