// A loaded backend plugin (onnxcts/backend_plugin.h) and the one call the
// harness makes to it, in C++ terms: a node and its input tensors in, a
// status and validated output tensors out. Used in process, and inside the
// child process that isolates a plugin.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/backend.h"
#include "core/tensor.h"
#include "io/limits.h"
#include "onnxcts/backend_plugin.h"
#include "onnxcts/schema.h"

namespace onnxcts {

struct PluginCall {
  std::string op_type;
  std::string domain;
  int64_t opset_version = 0;
  Attributes attributes;
  // In the node's input order; a tensor with dtype code 0 stands for an
  // omitted optional input.
  std::vector<Tensor> inputs;
  size_t output_count = 0;
};

struct PluginReply {
  RunOutcome::Kind kind = RunOutcome::Kind::kOk;
  std::string message;
  std::vector<Tensor> outputs;  // in the node's output order, when kOk
};

// The dtype code that marks an omitted optional input.
inline constexpr DType kOmittedInput = static_cast<DType>(0);

class PluginLibrary {
 public:
  // dlopen()s `path` and checks its entry point and ABI version; throws
  // std::runtime_error saying what is wrong.
  explicit PluginLibrary(const std::string& path);
  ~PluginLibrary();

  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const onnxcts_plugin& table() const { return *table_; }
  std::string name() const;
  std::string version() const;

 private:
  void* handle_ = nullptr;
  const onnxcts_plugin* table_ = nullptr;
};

// CallPlugin()
//
// Runs `call` through `plugin` and copies its answer. Outputs that break the
// ABI's rules (unknown dtype, size not matching dims, too many elements for
// `limits`) make a kInvalidOutput reply; an unknown status makes
// kProtocolError.
PluginReply CallPlugin(const onnxcts_plugin& plugin, const PluginCall& call,
                       const Limits& limits);

// CheckTensorLayout()
//
// Why a tensor of ONNX dtype `dtype`, `dims` and `size` payload bytes is not
// a valid dense tensor within `limits`; "" when it is.
std::string CheckTensorLayout(int32_t dtype, std::span<const int64_t> dims,
                              uint64_t size, const Limits& limits);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_
