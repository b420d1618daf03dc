#include "backends/plugin_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

// A plugin's message is read through a pointer it chose; stop at a bound.
constexpr size_t kMaxMessage = 64 * 1024;
// The room a version 2 plugin gets for its message.
constexpr size_t kMessageRoom = 4096;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// clang before 17 does not deduce an aggregate's arguments by itself.
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The C view of one attribute; it points into `value`, which must outlive it.
onnxcts_attribute CAttribute(const std::string& name, const AttrValue& value) {
  onnxcts_attribute a{};
  a.name = name.c_str();
  std::visit(Overloaded{[&](int64_t i) {
                          a.type = ONNXCTS_ATTRIBUTE_INT;
                          a.i = i;
                        },
                        [&](float f) {
                          a.type = ONNXCTS_ATTRIBUTE_FLOAT;
                          a.f = f;
                        },
                        [&](const std::string& s) {
                          a.type = ONNXCTS_ATTRIBUTE_STRING;
                          a.bytes = s.data();
                          a.size = s.size();
                        },
                        [&](const std::vector<int64_t>& v) {
                          a.type = ONNXCTS_ATTRIBUTE_INTS;
                          a.ints = v.data();
                          a.size = v.size();
                        },
                        [&](const std::vector<float>& v) {
                          a.type = ONNXCTS_ATTRIBUTE_FLOATS;
                          a.floats = v.data();
                          a.size = v.size();
                        }},
             value);
  return a;
}

void CAttributes(const Attributes& attributes,
                 std::vector<onnxcts_attribute>& out) {
  out.clear();
  for (const auto& [name, value] : attributes) {
    out.push_back(CAttribute(name, value));
  }
}

onnxcts_tensor CTensor(const Tensor& t) {
  return {static_cast<int32_t>(t.dtype), t.dims.size(), t.dims.data(),
          t.bytes.data(), t.bytes.size()};
}

PluginReply Reply(OutcomeKind kind, std::string message) {
  return {kind, std::move(message), {}};
}

std::string Where(size_t k) {
  return "plugin output " + std::to_string(k) + ": ";
}

OutcomeKind KindOfStatus(onnxcts_status status, std::string& message) {
  switch (status) {
    case ONNXCTS_STATUS_OK:
      return OutcomeKind::kOk;
    case ONNXCTS_STATUS_NOT_SUPPORTED:
      return OutcomeKind::kNotSupported;
    case ONNXCTS_STATUS_ERROR:
      return OutcomeKind::kError;
  }
  message = "plugin returned the unknown status " +
            std::to_string(static_cast<int>(status));
  return OutcomeKind::kProtocolError;
}

// Why version 1 output `o` breaks the ABI's rules; "" when it does not.
std::string CheckV1Output(const onnxcts_output& o, const Limits& limits) {
  if (o.rank > limits.max_rank || (o.rank > 0 && o.dims == nullptr) ||
      (o.size > 0 && o.data == nullptr)) {
    return "rank above the limit, or dims or data missing";
  }
  return CheckTensorLayout(o.dtype, {o.dims, o.rank}, o.size, limits);
}

// Copies a version 1 plugin's outputs, checking each against the ABI's rules.
PluginReply CopyOutputs(const std::vector<onnxcts_output>& outputs,
                        const Limits& limits) {
  PluginReply reply;
  for (size_t k = 0; k < outputs.size(); ++k) {
    const onnxcts_output& o = outputs[k];
    const std::string problem = CheckV1Output(o, limits);
    if (!problem.empty()) {
      return Reply(OutcomeKind::kInvalidOutput, Where(k) + problem);
    }
    Tensor t;
    t.name = "output_" + std::to_string(k);
    t.dtype = static_cast<DType>(o.dtype);
    t.dims.assign(o.dims, o.dims + o.rank);
    const auto* data = static_cast<const uint8_t*>(o.data);
    t.bytes.assign(data, data + o.size);
    reply.outputs.push_back(std::move(t));
  }
  return reply;
}

PluginReply CallV1(const onnxcts_plugin& plugin, const onnxcts_node& node,
                   const Limits& limits) {
  std::vector<onnxcts_output> outputs(node.output_count);
  onnxcts_result result{outputs.data(), outputs.size(), nullptr, nullptr};
  const onnxcts_status status = plugin.run(&node, &result);
  std::string message;
  if (result.message != nullptr) {
    message.assign(result.message, strnlen(result.message, kMaxMessage));
  }
  PluginReply reply;
  const OutcomeKind kind = KindOfStatus(status, message);
  if (kind == OutcomeKind::kOk) {
    reply = CopyOutputs(outputs, limits);
    if (reply.kind == OutcomeKind::kOk) reply.message = message;
  } else {
    reply = Reply(kind, message);
  }
  plugin.release(&result);
  return reply;
}

// The arrays a call into given buffers reuses.
struct CallArrays {
  std::vector<onnxcts_output>& outputs1;
  std::vector<char>& message;
};

// Runs `node` with output k into outputs[k].data (its harness fields set;
// its plugin fields are cleared here). For kOk, `produced` gets per output
// the dtype, dims and bytes the plugin reports (offsets are left alone);
// when every one fits its capacity, the bytes are in the buffers. Outputs
// that break the ABI's rules make kInvalidOutput.
OutcomeKind CallInto(const PluginLibrary& library, const onnxcts_node& node,
                     std::span<onnxcts_output2> outputs, const Limits& limits,
                     CallArrays arrays, std::string& message,
                     std::vector<Slot>& produced) {
  const size_t n = outputs.size();
  message.clear();
  produced.resize(n);
  if (const onnxcts_plugin2* plugin = library.v2()) {
    for (onnxcts_output2& o : outputs) {
      o.dtype = 0;
      o.rank = 0;
      std::fill(std::begin(o.dims), std::end(o.dims), 0);
      o.size = 0;
    }
    arrays.message.resize(kMessageRoom);
    arrays.message[0] = '\0';
    onnxcts_result2 result{outputs.data(), n, arrays.message.data(),
                           arrays.message.size()};
    const onnxcts_status status = plugin->run(&node, &result);
    message.assign(arrays.message.data(),
                   strnlen(arrays.message.data(), arrays.message.size()));
    const OutcomeKind kind = KindOfStatus(status, message);
    if (kind != OutcomeKind::kOk) return kind;
    for (size_t k = 0; k < n; ++k) {
      const onnxcts_output2& o = outputs[k];
      if (o.rank > ONNXCTS_PLUGIN_MAX_RANK) {
        message = Where(k) + "rank " + std::to_string(o.rank) +
                  " above the ABI's " +
                  std::to_string(ONNXCTS_PLUGIN_MAX_RANK);
        return OutcomeKind::kInvalidOutput;
      }
      const std::span<const int64_t> dims(o.dims, o.rank);
      const std::string problem =
          CheckTensorLayout(o.dtype, dims, o.size, limits);
      if (!problem.empty()) {
        message = Where(k) + problem;
        return OutcomeKind::kInvalidOutput;
      }
      produced[k].dtype = o.dtype;
      produced[k].dims.assign(dims.begin(), dims.end());
      produced[k].bytes = o.size;
    }
    return OutcomeKind::kOk;
  }
  // Version 1: the plugin's buffers, copied into the given ones.
  const onnxcts_plugin& plugin = *library.v1();
  arrays.outputs1.assign(n, onnxcts_output{});
  onnxcts_result result{arrays.outputs1.data(), n, nullptr, nullptr};
  const onnxcts_status status = plugin.run(&node, &result);
  if (result.message != nullptr) {
    message.assign(result.message, strnlen(result.message, kMaxMessage));
  }
  OutcomeKind kind = KindOfStatus(status, message);
  bool fit = true;
  for (size_t k = 0; k < n && kind == OutcomeKind::kOk; ++k) {
    const onnxcts_output& o = arrays.outputs1[k];
    const std::string problem = CheckV1Output(o, limits);
    if (!problem.empty()) {
      message = Where(k) + problem;
      kind = OutcomeKind::kInvalidOutput;
      break;
    }
    produced[k].dtype = o.dtype;
    produced[k].dims.assign(o.dims, o.dims + o.rank);
    produced[k].bytes = o.size;
    fit = fit && o.size <= outputs[k].capacity;
  }
  if (kind == OutcomeKind::kOk && fit) {
    for (size_t k = 0; k < n; ++k) {
      const onnxcts_output& o = arrays.outputs1[k];
      if (o.size > 0) std::memcpy(outputs[k].data, o.data, o.size);
    }
  }
  plugin.release(&result);
  return kind;
}

bool Fits(std::span<const onnxcts_output2> outputs,
          const std::vector<Slot>& produced) {
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (produced[k].bytes > outputs[k].capacity) return false;
  }
  return true;
}

// A version 2 call of the Run() path: into tensors of the harness's.
PluginReply CallV2(const PluginLibrary& library, const onnxcts_node& node,
                   const PluginCall& call, const Limits& limits) {
  const size_t n = node.output_count;
  PluginReply reply;
  reply.outputs.resize(n);
  std::vector<onnxcts_output2> outputs(n);
  for (size_t k = 0; k < n; ++k) {
    Tensor& t = reply.outputs[k];
    t.name = "output_" + std::to_string(k);
    t.bytes.resize(OutputRoom(call, k, limits));
    onnxcts_output2& o = outputs[k];
    o.data = t.bytes.data();
    o.capacity = t.bytes.size();
    o.declared_rank = -1;
    if (k < call.declared.size()) {
      const DeclaredOutput& d = call.declared[k];
      o.declared_dtype = d.dtype;
      if (d.has_shape) {
        o.declared_rank = static_cast<int64_t>(d.dims.size());
        o.declared_dims = d.dims.data();
      }
    }
  }
  std::vector<onnxcts_output> outputs1;
  std::vector<char> message_room;
  std::vector<Slot> produced;
  std::string first_sizes;
  for (int attempt = 0;; ++attempt) {
    reply.kind = CallInto(library, node, outputs, limits,
                          {outputs1, message_room}, reply.message, produced);
    if (reply.kind != OutcomeKind::kOk) {
      reply.outputs.clear();
      return reply;
    }
    if (Fits(outputs, produced)) break;
    if (attempt == 1) {
      reply.outputs.clear();
      reply.kind = OutcomeKind::kInvalidOutput;
      reply.message = "the plugin asked for more room for its outputs (" +
                      first_sizes + " bytes), was given it, and asked again";
      return reply;
    }
    // Within the limits (CheckTensorLayout said so): grow and call again.
    for (size_t k = 0; k < n; ++k) {
      first_sizes += (k == 0 ? "" : ", ") + std::to_string(produced[k].bytes);
      if (produced[k].bytes <= outputs[k].capacity) continue;
      reply.outputs[k].bytes.resize(produced[k].bytes);
      outputs[k].data = reply.outputs[k].bytes.data();
      outputs[k].capacity = produced[k].bytes;
    }
  }
  for (size_t k = 0; k < n; ++k) {
    Tensor& t = reply.outputs[k];
    t.dtype = static_cast<DType>(produced[k].dtype);
    t.dims = std::move(produced[k].dims);
    t.bytes.resize(produced[k].bytes);
  }
  return reply;
}

}  // namespace

PluginLibrary::PluginLibrary(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    throw std::runtime_error("cannot load plugin " + path + ": " + dlerror());
  }
  using Entry2 = const onnxcts_plugin2* (*)();
  using Entry1 = const onnxcts_plugin* (*)();
  const auto entry2 =
      reinterpret_cast<Entry2>(dlsym(handle_, ONNXCTS_PLUGIN_ENTRY_V2));
  const auto entry1 =
      reinterpret_cast<Entry1>(dlsym(handle_, ONNXCTS_PLUGIN_ENTRY_V1));
  const std::string speaks =
      "; onnxcts speaks 1 and " + std::to_string(ONNXCTS_PLUGIN_ABI_VERSION);
  std::string problem;
  if (entry2 != nullptr) {
    if ((v2_ = entry2()) == nullptr) {
      problem = ONNXCTS_PLUGIN_ENTRY_V2 "() returned NULL";
    } else if (v2_->abi_version != 2) {
      // Version 2's table is the one this entry point returns.
      problem = "speaks plugin ABI version " +
                std::to_string(v2_->abi_version) +
                " through " ONNXCTS_PLUGIN_ENTRY_V2 "()" + speaks;
    } else if (v2_->run == nullptr) {
      problem = "has no run function";
    }
  } else if (entry1 != nullptr) {
    if ((v1_ = entry1()) == nullptr) {
      problem = ONNXCTS_PLUGIN_ENTRY_V1 "() returned NULL";
    } else if (v1_->abi_version != 1 && v1_->abi_version != 2) {
      // Built against header version 1 or 2, the table is version 1's.
      problem = "speaks plugin ABI version " +
                std::to_string(v1_->abi_version) + speaks;
    } else if (v1_->run == nullptr || v1_->release == nullptr) {
      problem = "has no run or release function";
    }
  } else {
    problem = "exports neither " ONNXCTS_PLUGIN_ENTRY_V2
              "() nor " ONNXCTS_PLUGIN_ENTRY_V1 "()";
  }
  if (!problem.empty()) {
    dlclose(handle_);
    throw std::runtime_error("plugin " + path + " " + problem);
  }
}

PluginLibrary::~PluginLibrary() { dlclose(handle_); }

bool PluginLibrary::thread_safe() const {
  const uint32_t flags = v2_ != nullptr ? v2_->flags : v1_->flags;
  return (flags & ONNXCTS_PLUGIN_THREAD_SAFE) != 0;
}

std::string PluginLibrary::name() const {
  const char* name = v2_ != nullptr ? v2_->name : v1_->name;
  return name == nullptr ? "" : name;
}

std::string PluginLibrary::version() const {
  const char* version = v2_ != nullptr ? v2_->version : v1_->version;
  return version == nullptr ? "" : version;
}

std::string CheckTensorLayout(int32_t dtype, std::span<const int64_t> dims,
                              uint64_t size, const Limits& limits) {
  const DTypeInfo* info = FindDType(dtype);
  if (info == nullptr) return "unknown dtype code " + std::to_string(dtype);
  if (dims.size() > limits.max_rank) return "rank above the limit";
  uint64_t count = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) return "dims[" + std::to_string(i) + "] is negative";
    const auto d = static_cast<uint64_t>(dims[i]);
    if (d != 0 && count > limits.max_elements / d) {
      return "more elements than the limit";
    }
    count *= d;
  }
  if (count > limits.max_elements ||
      StorageBytes(*info, count) > limits.max_bytes) {
    return "larger than the limit";
  }
  if (size != StorageBytes(*info, count)) {
    return std::to_string(size) + " bytes for " + std::to_string(count) +
           " elements of " + std::string(info->name);
  }
  return "";
}

uint64_t OutputRoom(const PluginCall& call, size_t k, const Limits& limits) {
  const DeclaredOutput* d =
      k < call.declared.size() ? &call.declared[k] : nullptr;
  const DTypeInfo* info = d != nullptr ? FindDType(d->dtype) : nullptr;
  if (info != nullptr && d->has_shape && d->dims.size() <= limits.max_rank) {
    uint64_t count = 1;
    bool fixed = true;
    for (int64_t dim : d->dims) {
      if (dim < 0) {
        fixed = false;
        break;
      }
      const auto n = static_cast<uint64_t>(dim);
      if (n != 0 && count > limits.max_elements / n) {
        fixed = false;
        break;
      }
      count *= n;
    }
    if (fixed && count <= limits.max_elements &&
        StorageBytes(*info, count) <= limits.max_bytes) {
      return StorageBytes(*info, count);
    }
  }
  uint64_t most_elements = 0, most_bytes = 0;
  for (const Tensor& t : call.inputs) {
    const DTypeInfo* in = FindDType(static_cast<int32_t>(t.dtype));
    if (in == nullptr) continue;  // omitted
    most_elements = std::max<uint64_t>(most_elements, t.count());
    most_bytes = std::max<uint64_t>(most_bytes, t.bytes.size());
  }
  return info != nullptr ? StorageBytes(*info, most_elements) : most_bytes;
}

PluginReply CallPlugin(const PluginLibrary& plugin, const PluginCall& call,
                       const Limits& limits) {
  std::vector<onnxcts_attribute> attributes;
  CAttributes(call.attributes, attributes);
  std::vector<onnxcts_tensor> inputs;
  for (const Tensor& t : call.inputs) inputs.push_back(CTensor(t));
  const onnxcts_node node{call.op_type.c_str(), call.domain.c_str(),
                          call.opset_version,   attributes.data(),
                          attributes.size(),    inputs.data(),
                          inputs.size(),        call.output_count};
  if (plugin.v2() != nullptr) return CallV2(plugin, node, call, limits);
  return CallV1(*plugin.v1(), node, limits);
}

std::string CheckSlots(const SlotCall& call, size_t memory_bytes,
                       const Limits& limits) {
  const auto inside = [&](const Slot& s) {
    return s.offset <= memory_bytes && s.bytes <= memory_bytes - s.offset;
  };
  for (size_t i = 0; i < call.inputs.size(); ++i) {
    const SlotInput& in = call.inputs[i];
    const std::string where = "input " + std::to_string(i) + ": ";
    if (in.kind == SlotInput::Kind::kTensor && in.tensor == nullptr) {
      return where + "no tensor";
    }
    if (in.kind != SlotInput::Kind::kSlot) continue;
    if (!inside(in.slot)) return where + "slot outside the memory";
    const std::string problem =
        CheckTensorLayout(in.slot.dtype, in.slot.dims, in.slot.bytes, limits);
    if (!problem.empty()) return where + problem;
  }
  for (size_t k = 0; k < call.outputs.size(); ++k) {
    const Slot& out = call.outputs[k];
    const std::string where = "output " + std::to_string(k) + ": ";
    if (!inside(out)) return where + "slot outside the memory";
    if (out.dims.size() > limits.max_rank) {
      return where + "rank above the limit";
    }
  }
  return "";
}

SlotRunner::SlotRunner(const PluginLibrary& library, const Limits& limits)
    : library_(library), limits_(limits) {}

void SlotRunner::Run(const SlotCall& call, uint8_t* memory,
                     size_t memory_bytes, SlotAnswer& answer) {
  answer.times = {};
  const std::string problem = CheckSlots(call, memory_bytes, limits_);
  if (!problem.empty()) {
    answer.kind = OutcomeKind::kError;
    answer.message = "plugin host: " + problem;
    answer.outputs.clear();
    return;
  }
  CAttributes(call.attributes, attributes_);
  inputs_.clear();
  for (const SlotInput& in : call.inputs) {
    switch (in.kind) {
      case SlotInput::Kind::kOmitted:
        inputs_.push_back({0, 0, nullptr, nullptr, 0});
        break;
      case SlotInput::Kind::kSlot:
        inputs_.push_back({in.slot.dtype, in.slot.dims.size(),
                           in.slot.dims.data(), memory + in.slot.offset,
                           in.slot.bytes});
        break;
      case SlotInput::Kind::kTensor:
        inputs_.push_back(CTensor(*in.tensor));
        break;
    }
  }
  const size_t n = call.outputs.size();
  outputs2_.resize(n);
  for (size_t k = 0; k < n; ++k) {
    const Slot& s = call.outputs[k];
    onnxcts_output2& o = outputs2_[k];
    o.data = s.bytes > 0 ? memory + s.offset : nullptr;
    o.capacity = s.bytes;
    o.declared_dtype = s.dtype;
    o.declared_rank = static_cast<int64_t>(s.dims.size());
    o.declared_dims = s.dims.data();
  }
  const onnxcts_node node{call.op_type.c_str(), call.domain.c_str(),
                          call.opset_version,   attributes_.data(),
                          attributes_.size(),   inputs_.data(),
                          inputs_.size(),       n};
  const auto start = std::chrono::steady_clock::now();
  answer.kind = CallInto(library_, node, outputs2_, limits_,
                         {outputs1_, message_}, answer.message, answer.outputs);
  answer.times.run = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  if (answer.kind != OutcomeKind::kOk) {
    answer.outputs.clear();
    return;
  }
  for (size_t k = 0; k < n; ++k) {
    answer.outputs[k].offset = call.outputs[k].offset;
  }
}

}  // namespace onnxcts
