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
  // byte, 0 or 1), exactly as ONNX's raw_data holds them.
  std::vector<uint8_t> bytes;

  size_t count() const { return bytes.size() / Info(dtype).bytes(); }
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_TENSOR_H_
