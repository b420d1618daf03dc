// What every decoded tensor must be, whatever file it came from: a dtype of
// the table, dims within the limits, and exactly dims x width bytes (bools
// 0 or 1). The tensor_proto and model targets check each tensor they get.
#ifndef ONNXCTS_FUZZ_TENSOR_CHECK_H_
#define ONNXCTS_FUZZ_TENSOR_CHECK_H_

#include <cstdint>
#include <string>

#include "core/tensor.h"
#include "io/limits.h"
#include "onnxcts/dtype.h"

namespace onnxcts::fuzz {

// TensorProblem()
//
// What is wrong with `t` under `limits`, or "" when nothing is.
inline std::string TensorProblem(const Tensor& t, const Limits& limits) {
  const DTypeInfo* info = FindDType(static_cast<int32_t>(t.dtype));
  if (info == nullptr) return "dtype outside the table";
  if (t.dims.size() > limits.max_rank) return "rank above the limit";
  uint64_t elements = 1;
  for (int64_t d : t.dims) {
    if (d < 0) return "negative dimension";
    if (__builtin_mul_overflow(elements, static_cast<uint64_t>(d), &elements)) {
      return "dims overflow";
    }
  }
  if (elements > limits.max_elements) return "elements above the limit";
  if (t.bytes.size() != StorageBytes(*info, elements)) {
    return "bytes " + std::to_string(t.bytes.size()) + " for " +
           std::to_string(elements) + " elements of " + std::string(info->name);
  }
  if (t.bytes.size() > limits.max_bytes) return "bytes above the limit";
  if (info->kind == Kind::kBool) {
    for (uint8_t b : t.bytes) {
      if (b > 1) return "a bool that is neither 0 nor 1";
    }
  }
  return "";
}

// Whether two tensors hold the same name, dtype, dims and bits.
inline bool SameTensor(const Tensor& a, const Tensor& b) {
  return a.name == b.name && a.dtype == b.dtype && a.dims == b.dims &&
         a.bytes == b.bytes;
}

}  // namespace onnxcts::fuzz

#endif  // ONNXCTS_FUZZ_TENSOR_CHECK_H_
