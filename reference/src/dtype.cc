#include "onnxcts/dtype.h"

#include <cstring>
#include <stdexcept>

namespace onnxcts {

const DTypeInfo* FindDType(int32_t onnx_code) {
  for (const DTypeInfo& row : kDTypes) {
    if (static_cast<int32_t>(row.code) == onnx_code) return &row;
  }
  return nullptr;
}

const DTypeInfo* FindDType(std::string_view name) {
  for (const DTypeInfo& row : kDTypes) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

const DTypeInfo& Info(DType t) {
  const DTypeInfo* row = FindDType(static_cast<int32_t>(t));
  if (row == nullptr) {
    throw std::invalid_argument("unknown dtype code " +
                                std::to_string(static_cast<int32_t>(t)));
  }
  return *row;
}

// memcpy keeps these free of alignment and aliasing assumptions about
// buffers that come straight from a protobuf's raw_data.
uint64_t LoadBits(const DTypeInfo& t, const void* data, size_t i) {
  uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const char*>(data) + i * t.bytes(),
              t.bytes());
  return bits;
}

void StoreBits(const DTypeInfo& t, void* data, size_t i, uint64_t bits) {
  std::memcpy(static_cast<char*>(data) + i * t.bytes(), &bits, t.bytes());
}

}  // namespace onnxcts
