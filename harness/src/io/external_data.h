// A TensorProto's payload kept in an external file (data_location EXTERNAL).
// The `location` is untrusted: it is resolved relative to the .pb's folder
// and must stay inside the suite folder, symlinks included; only the range
// that offset and length name is read.
#ifndef ONNXCTS_HARNESS_IO_EXTERNAL_DATA_H_
#define ONNXCTS_HARNESS_IO_EXTERNAL_DATA_H_

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace onnxcts {

// ReadExternalData()
//
// The `expected_bytes` bytes a TensorProto read from `file` keeps outside
// it. Errors are InputErrors naming `field_prefix` + "external_data...".
std::string ReadExternalData(const onnx::TensorProto& proto,
                             const std::string& file,
                             const std::string& field_prefix,
                             const std::filesystem::path& suite_root,
                             uint64_t expected_bytes);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_EXTERNAL_DATA_H_
