// A tensor as the harness holds it: dtype, dims and the raw element bits.
#ifndef ONNXCTS_HARNESS_CORE_TENSOR_H_
#define ONNXCTS_HARNESS_CORE_TENSOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "onnxcts/dtype.h"

namespace onnxcts {

struct Tensor {
  std::string name;
  DType dtype = DType::kFloat;
  std::vector<int64_t> dims;
  // Element bits, little-endian, at the dtype table's width (bool: one
  // byte, 0 or 1), exactly as ONNX's raw_data holds them: 4- and 2-bit
  // elements packed from the low bits up, StorageBytes(dims' product) bytes.
  std::vector<uint8_t> bytes;

  // The element count: of the bytes for a byte-wide dtype, of the dims for a
  // packed one (whose last byte may hold padding, not an element).
  size_t count() const {
    const DTypeInfo& t = Info(dtype);
    if (!t.packed()) return bytes.size() / ElementBytes(t);
    size_t n = 1;
    for (int64_t d : dims) n *= static_cast<size_t>(d);
    return n;
  }
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_TENSOR_H_
