#include "onnxcts/dtype.h"

#include <cstring>
#include <stdexcept>
#include <string>

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

size_t ElementBytes(const DTypeInfo& t) {
  if (t.packed()) {
    throw std::invalid_argument(std::string(t.name) +
                                " is packed: its elements share bytes");
  }
  return static_cast<size_t>(t.bits) / 8;
}

namespace {

// Where packed element `i` sits: its byte, and its shift within that byte
// (element 0 in the low bits, as onnx.proto packs 4- and 2-bit types).
struct PackedSpot {
  size_t byte;
  int shift;
};

PackedSpot SpotOf(const DTypeInfo& t, size_t i) {
  const size_t per_byte = static_cast<size_t>(8 / t.bits);
  return {i / per_byte, static_cast<int>(i % per_byte) * t.bits};
}

}  // namespace

// memcpy keeps these free of alignment and aliasing assumptions about
// buffers that come straight from a protobuf's raw_data.
uint64_t LoadBits(const DTypeInfo& t, const void* data, size_t i) {
  if (t.packed()) {
    const PackedSpot at = SpotOf(t, i);
    const uint8_t byte = static_cast<const uint8_t*>(data)[at.byte];
    return (byte >> at.shift) & t.all_bits();
  }
  uint64_t bits = 0;
  const size_t width = ElementBytes(t);
  std::memcpy(&bits, static_cast<const char*>(data) + i * width, width);
  return bits;
}

void StoreBits(const DTypeInfo& t, void* data, size_t i, uint64_t bits) {
  if (t.packed()) {
    const PackedSpot at = SpotOf(t, i);
    uint8_t& byte = static_cast<uint8_t*>(data)[at.byte];
    const unsigned mask = static_cast<unsigned>(t.all_bits()) << at.shift;
    const unsigned value = static_cast<unsigned>(bits & t.all_bits())
                           << at.shift;
    byte = static_cast<uint8_t>((byte & ~mask) | value);
    return;
  }
  const size_t width = ElementBytes(t);
  std::memcpy(static_cast<char*>(data) + i * width, &bits, width);
}

}  // namespace onnxcts
