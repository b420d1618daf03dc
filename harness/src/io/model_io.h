// onnx::ModelProto <-> onnxcts::Model.
//
// Reading treats the model as hostile and validates it field by field
// (never with ONNX's checker or shape inference, whose 1.12 versions have
// known memory bugs): ir_version, opset imports, graph inputs and outputs
// with their element types and shapes, nodes and their attributes, and
// initializers (through tensor_io). Every problem is an InputError naming
// the file and the field ("graph.node[0].attribute[1].type"); valid ONNX
// that onnxcts does not model (sequence inputs, sparse initializers) is an
// UnsupportedInput. Writing is for models onnxcts generates.
#ifndef ONNXCTS_HARNESS_IO_MODEL_IO_H_
#define ONNXCTS_HARNESS_IO_MODEL_IO_H_

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "core/model.h"
#include "io/limits.h"

namespace onnxcts {

// ReadModelFile()
//
// Reads and validates a model file inside `suite_root` (symlinks may not
// leave it; an empty root means the file's own folder). External data of
// initializers is found relative to the model's folder.
Model ReadModelFile(const std::filesystem::path& file,
                    const std::filesystem::path& suite_root,
                    const Limits& limits = {});

// ParseModel()
//
// Parses and validates the bytes of a ModelProto as read from `file`.
Model ParseModel(std::string_view bytes, const std::string& file,
                 const std::filesystem::path& suite_root,
                 const Limits& limits = {});

// DecodeModel()
//
// Validates a parsed ModelProto read from `file` and converts it.
Model DecodeModel(const onnx::ModelProto& proto, const std::string& file,
                  const std::filesystem::path& suite_root,
                  const Limits& limits = {});

// ToModelProto()
//
// The ModelProto of a model: ir_version, opset imports, one graph named
// `graph_name` with its nodes, inputs, outputs and initializers (raw_data).
// Throws std::invalid_argument for what a Model cannot describe in full
// (a node with other_attributes, a tensor whose bytes disagree with dims).
onnx::ModelProto ToModelProto(const Model& model,
                              std::string_view graph_name = "onnxcts");

// EncodeModel()
//
// The serialized ToModelProto(model, graph_name).
std::string EncodeModel(const Model& model,
                        std::string_view graph_name = "onnxcts");

// WriteModelFile()
//
// Writes EncodeModel(model, graph_name) to `file` atomically. Throws
// std::runtime_error when it cannot.
void WriteModelFile(const std::filesystem::path& file, const Model& model,
                    std::string_view graph_name = "onnxcts");

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_MODEL_IO_H_
