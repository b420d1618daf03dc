// A loaded backend plugin (onnxcts/backend_plugin.h, version 1 or 2) and the
// calls the harness makes to it, in C++ terms: a node and its input tensors
// in, a status and validated output tensors out (CallPlugin), or the same
// with every tensor in a slot of shared memory (SlotRunner, for pipes). Used
// in process, and inside the child process that isolates a plugin.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/backend.h"
#include "core/chunk_pipe.h"
#include "core/tensor.h"
#include "io/limits.h"
#include "onnxcts/backend_plugin.h"
#include "onnxcts/schema.h"

namespace onnxcts {

// What the model declares for one node output: dtype code 0 when nothing
// (a node output that is no graph output); no shape: rank unknown; -1 for
// a symbolic dimension.
struct DeclaredOutput {
  int32_t dtype = 0;
  bool has_shape = false;
  std::vector<int64_t> dims;
};

struct PluginCall {
  std::string op_type;
  std::string domain;
  int64_t opset_version = 0;
  Attributes attributes;
  // In the node's input order; a tensor with dtype code 0 stands for an
  // omitted optional input.
  std::vector<Tensor> inputs;
  size_t output_count = 0;
  // Per node output (or empty: nothing declared), for a version 2 plugin's
  // output buffers.
  std::vector<DeclaredOutput> declared;
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
  // dlopen()s `path`, finds onnxcts_plugin_v2() or else onnxcts_plugin_v1(),
  // and checks the table; throws std::runtime_error saying what is wrong.
  explicit PluginLibrary(const std::string& path);
  ~PluginLibrary();

  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  // The entry point found: 2 (v2() is set) or 1 (v1() is set).
  int abi() const { return v2_ != nullptr ? 2 : 1; }
  const onnxcts_plugin2* v2() const { return v2_; }
  const onnxcts_plugin* v1() const { return v1_; }
  bool thread_safe() const;
  std::string name() const;
  std::string version() const;

 private:
  void* handle_ = nullptr;
  const onnxcts_plugin2* v2_ = nullptr;
  const onnxcts_plugin* v1_ = nullptr;
};

// CallPlugin()
//
// Runs `call` through `plugin` and returns its answer. Outputs that break the
// ABI's rules (unknown dtype, size not matching dims, too many elements for
// `limits`) make a kInvalidOutput reply; an unknown status makes
// kProtocolError. A version 2 plugin writes into buffers sized by
// OutputRoom(); when one is too small the plugin is called once more with
// the room it asked for (within `limits`), and a second miss is
// kInvalidOutput.
PluginReply CallPlugin(const PluginLibrary& plugin, const PluginCall& call,
                       const Limits& limits);

// OutputRoom()
//
// The bytes CallPlugin() first gives node output `k` of a version 2 plugin:
// what the model declares when its dtype and shape are static (and within
// `limits`), else the largest input's element count times the declared
// dtype's width (without a declared dtype: the largest input's bytes).
uint64_t OutputRoom(const PluginCall& call, size_t k, const Limits& limits);

// CheckTensorLayout()
//
// Why a tensor of ONNX dtype `dtype`, `dims` and `size` payload bytes is not
// a valid dense tensor within `limits`; "" when it is.
std::string CheckTensorLayout(int32_t dtype, std::span<const int64_t> dims,
                              uint64_t size, const Limits& limits);

// ---- Calls whose tensors are slots of a memory (core/chunk_pipe.h) -----

// One node input of a SlotCall: omitted, a slot of the memory, or a tensor
// held elsewhere (an initializer of the model).
struct SlotInput {
  enum class Kind : uint8_t { kOmitted, kSlot, kTensor };
  Kind kind = Kind::kOmitted;
  Slot slot;                      // kSlot
  const Tensor* tensor = nullptr;  // kTensor
};

// A node call whose inputs and outputs live in one memory. Reused from call
// to call, so that its vectors stop allocating once they have grown.
struct SlotCall {
  std::string op_type;
  std::string domain;
  int64_t opset_version = 0;
  Attributes attributes;
  std::vector<SlotInput> inputs;  // per node input
  std::vector<Slot> outputs;      // per node output: declared, and room
  std::vector<Tensor> held;       // what kTensor inputs point to, if owned
};

// What a plugin answered to a SlotCall.
struct SlotAnswer {
  RunOutcome::Kind kind = RunOutcome::Kind::kOk;
  std::string message;
  // For kOk, per node output: the dtype and dims the plugin produced, its
  // slot's offset, and the bytes it needs. Those bytes are at the offset
  // when they fit the slot, in every output; when one does not fit none is
  // written.
  std::vector<Slot> outputs;
  StageTimes times;
};

// Why the slots of `call` do not fit a memory of `memory_bytes`, or an
// input slot's bytes do not match its dtype and dims; "" when all is well.
std::string CheckSlots(const SlotCall& call, size_t memory_bytes,
                       const Limits& limits);

// Runs SlotCalls through one plugin, reading and writing the memory in
// place: no copy with a version 2 plugin (a version 1 plugin's outputs are
// copied into their slots once), and nothing allocated per call once the
// arrays have grown. Not thread-safe; the caller serializes calls to a
// plugin without ONNXCTS_PLUGIN_THREAD_SAFE.
class SlotRunner {
 public:
  SlotRunner(const PluginLibrary& library, const Limits& limits);
  SlotRunner(const SlotRunner&) = delete;
  SlotRunner& operator=(const SlotRunner&) = delete;

  // Runs `call` on [memory, memory + memory_bytes) into `answer`. Slots that
  // CheckSlots() refuses make a kError answer.
  void Run(const SlotCall& call, uint8_t* memory, size_t memory_bytes,
           SlotAnswer& answer);

 private:
  const PluginLibrary& library_;
  Limits limits_;
  std::vector<onnxcts_attribute> attributes_;
  std::vector<onnxcts_tensor> inputs_;
  std::vector<onnxcts_output2> outputs2_;
  std::vector<onnxcts_output> outputs1_;
  std::vector<char> message_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_LIBRARY_H_
