// Element type codes as they appear in untrusted protos: the dtype table's
// codes, ONNX codes the table lacks (string, complex, 4-bit types), and
// codes that are no ONNX type at all.
#ifndef ONNXCTS_HARNESS_IO_ONNX_TYPES_H_
#define ONNXCTS_HARNESS_IO_ONNX_TYPES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "onnxcts/dtype.h"

namespace onnxcts {

// OtherOnnxTypeName()
//
// The name of an ONNX element type that the dtype table lacks ("string",
// "complex64", ...); empty for table codes and for codes ONNX does not have.
std::string_view OtherOnnxTypeName(int32_t code);

// IsOnnxElemType()
//
// Whether `code` is an ONNX element type, in the table or not.
bool IsOnnxElemType(int32_t code);

// TableDType()
//
// The table row of a data_type code read from `file`; an UnsupportedInput
// for ONNX types the table lacks, an InputError for anything else, both
// naming `field`.
const DTypeInfo& TableDType(int32_t code, const std::string& file,
                            const std::string& field);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_ONNX_TYPES_H_
