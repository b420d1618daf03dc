#include "io/onnx_types.h"

#include <utility>

#include "core/input_error.h"
#include "io/unsupported_input.h"

namespace onnxcts {
namespace {

// Valid ONNX element types that onnxcts does not model. A suite may use
// them (ONNX's own node tests do); they are not supported, not malformed.
constexpr std::pair<int32_t, std::string_view> kOtherOnnxTypes[] = {
    {8, "string"}, {14, "complex64"}, {15, "complex128"},
};

}  // namespace

std::string_view OtherOnnxTypeName(int32_t code) {
  for (const auto& [other, name] : kOtherOnnxTypes) {
    if (other == code) return name;
  }
  return {};
}

bool IsOnnxElemType(int32_t code) {
  return FindDType(code) != nullptr || !OtherOnnxTypeName(code).empty();
}

const DTypeInfo& TableDType(int32_t code, const std::string& file,
                            const std::string& field) {
  if (const DTypeInfo* row = FindDType(code)) return *row;
  const std::string_view other = OtherOnnxTypeName(code);
  if (!other.empty()) {
    throw UnsupportedInput(file, field,
                           std::string(other) + " tensors (code " +
                               std::to_string(code) +
                               ") are not supported by onnxcts");
  }
  throw InputError(file, field,
                   "unknown element type code " + std::to_string(code));
}

}  // namespace onnxcts
