// The error of input that is valid ONNX but that onnxcts does not model
// (string or complex tensors, sequence and map values, sparse initializers,
// tensor segments). It is an InputError, so every caller that handles bad
// input handles it; a runner that tells the two apart reports not_supported
// instead of invalid_test_data.
#ifndef ONNXCTS_HARNESS_IO_UNSUPPORTED_INPUT_H_
#define ONNXCTS_HARNESS_IO_UNSUPPORTED_INPUT_H_

#include <string>

#include "core/input_error.h"

namespace onnxcts {

class UnsupportedInput : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_UNSUPPORTED_INPUT_H_
