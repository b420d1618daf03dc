// onnx::TensorProto <-> onnxcts::Tensor, for every dtype of the table.
//
// Decoding treats the proto as hostile: every field is checked against the
// dtype table and the Limits before any of it is used, and every problem is
// an InputError naming the file and the field ("dims[2]", "raw_data",
// "graph.initializer[0].external_data.location"). Payloads are accepted
// from raw_data, from the typed field onnx.proto prescribes for the dtype,
// or from external data confined to the suite folder. Encoding writes
// raw_data, as ONNX's own test data does.
#ifndef ONNXCTS_HARNESS_IO_TENSOR_IO_H_
#define ONNXCTS_HARNESS_IO_TENSOR_IO_H_

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/tensor.h"
#include "io/limits.h"
#include "onnxcts/dtype.h"

namespace onnxcts {

// Where a tensor's element values sit in a TensorProto.
enum class Payload {
  kRawData,      // raw_data, little-endian at the dtype's width
  kTypedFields,  // float_data, int32_data, int64_data, double_data, ...
};

// The typed field of onnx.proto that holds elements of `t` when raw_data is
// not used: "float_data", "int32_data", "int64_data", "double_data" or
// "uint64_data".
std::string_view TypedFieldName(const DTypeInfo& t);

// ReadTensorFile()
//
// Reads and validates a TensorProto file inside `suite_root` (symlinks may
// not leave it). With an empty `suite_root`, the file's own folder is the
// root that external data must stay in.
Tensor ReadTensorFile(const std::filesystem::path& file,
                      const std::filesystem::path& suite_root,
                      const Limits& limits = {});

// ParseTensor()
//
// Parses and validates the bytes of a TensorProto as read from `file`.
Tensor ParseTensor(std::string_view bytes, const std::string& file,
                   const std::filesystem::path& suite_root,
                   const Limits& limits = {});

// DecodeTensor()
//
// Validates a parsed TensorProto and converts it. Errors name `file` and
// `field_prefix` + the field; external data is found relative to `file`'s
// folder and must stay inside `suite_root` (the file's folder when empty).
Tensor DecodeTensor(const onnx::TensorProto& proto, const std::string& file,
                    const std::string& field_prefix,
                    const std::filesystem::path& suite_root,
                    const Limits& limits = {});

// ToTensorProto()
//
// The TensorProto of a tensor, its payload in raw_data or in the typed
// field. Throws std::invalid_argument when bytes and dims disagree.
onnx::TensorProto ToTensorProto(const Tensor& tensor,
                                Payload payload = Payload::kRawData);

// EncodeTensor()
//
// The serialized TensorProto of a tensor (raw_data, dims, data_type, name).
std::string EncodeTensor(const Tensor& tensor);

// WriteTensorFile()
//
// Writes EncodeTensor(tensor) to `file` atomically (temporary file, then
// rename). Throws std::runtime_error when it cannot.
void WriteTensorFile(const std::filesystem::path& file, const Tensor& tensor);

// WriteScratchTensorFile()
//
// Writes the same bytes as WriteTensorFile(), for a file read once and
// thrown away (a sweep's chunk): not atomically, with no fsync, and with the
// elements copied once, straight from `tensor`. Throws std::runtime_error.
void WriteScratchTensorFile(const std::filesystem::path& file,
                            const Tensor& tensor);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_TENSOR_IO_H_
