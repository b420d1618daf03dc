#include "backends/plugin_library.h"

#include <dlfcn.h>

#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

// A plugin's message is read through a pointer it chose; stop at a bound.
constexpr size_t kMaxMessage = 64 * 1024;

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

onnxcts_tensor CTensor(const Tensor& t) {
  return {static_cast<int32_t>(t.dtype), t.dims.size(), t.dims.data(),
          t.bytes.data(), t.bytes.size()};
}

PluginReply Reply(OutcomeKind kind, std::string message) {
  return {kind, std::move(message), {}};
}

// Copies the plugin's outputs, checking each against the ABI's rules.
PluginReply CopyOutputs(const std::vector<onnxcts_output>& outputs,
                        const Limits& limits) {
  PluginReply reply;
  for (size_t k = 0; k < outputs.size(); ++k) {
    const onnxcts_output& o = outputs[k];
    const std::string where = "plugin output " + std::to_string(k) + ": ";
    if (o.rank > limits.max_rank || (o.rank > 0 && o.dims == nullptr) ||
        (o.size > 0 && o.data == nullptr)) {
      return Reply(OutcomeKind::kInvalidOutput,
                   where + "rank above the limit, or dims or data missing");
    }
    const std::span<const int64_t> dims(o.dims, o.rank);
    const std::string problem =
        CheckTensorLayout(o.dtype, dims, o.size, limits);
    if (!problem.empty())
      return Reply(OutcomeKind::kInvalidOutput, where + problem);
    Tensor t;
    t.name = "output_" + std::to_string(k);
    t.dtype = static_cast<DType>(o.dtype);
    t.dims.assign(dims.begin(), dims.end());
    const auto* data = static_cast<const uint8_t*>(o.data);
    t.bytes.assign(data, data + o.size);
    reply.outputs.push_back(std::move(t));
  }
  return reply;
}

}  // namespace

PluginLibrary::PluginLibrary(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    throw std::runtime_error("cannot load plugin " + path + ": " + dlerror());
  }
  using Entry = const onnxcts_plugin* (*)();
  const auto entry =
      reinterpret_cast<Entry>(dlsym(handle_, ONNXCTS_PLUGIN_ENTRY));
  std::string problem;
  if (entry == nullptr) {
    problem = "does not export " ONNXCTS_PLUGIN_ENTRY "()";
  } else if ((table_ = entry()) == nullptr) {
    problem = ONNXCTS_PLUGIN_ENTRY "() returned NULL";
  } else if (table_->abi_version != ONNXCTS_PLUGIN_ABI_VERSION) {
    problem = "speaks plugin ABI version " +
              std::to_string(table_->abi_version) + "; onnxcts speaks " +
              std::to_string(ONNXCTS_PLUGIN_ABI_VERSION);
  } else if (table_->run == nullptr || table_->release == nullptr) {
    problem = "has no run or release function";
  }
  if (!problem.empty()) {
    dlclose(handle_);
    throw std::runtime_error("plugin " + path + " " + problem);
  }
}

PluginLibrary::~PluginLibrary() { dlclose(handle_); }

std::string PluginLibrary::name() const {
  return table_->name == nullptr ? "" : table_->name;
}

std::string PluginLibrary::version() const {
  return table_->version == nullptr ? "" : table_->version;
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
  if (count > limits.max_elements || count * info->bytes() > limits.max_bytes) {
    return "larger than the limit";
  }
  if (size != count * info->bytes()) {
    return std::to_string(size) + " bytes for " + std::to_string(count) +
           " elements of " + std::string(info->name);
  }
  return "";
}

PluginReply CallPlugin(const onnxcts_plugin& plugin, const PluginCall& call,
                       const Limits& limits) {
  std::vector<onnxcts_attribute> attributes;
  for (const auto& [name, value] : call.attributes) {
    attributes.push_back(CAttribute(name, value));
  }
  std::vector<onnxcts_tensor> inputs;
  for (const Tensor& t : call.inputs) inputs.push_back(CTensor(t));
  const onnxcts_node node{call.op_type.c_str(), call.domain.c_str(),
                          call.opset_version,   attributes.data(),
                          attributes.size(),    inputs.data(),
                          inputs.size(),        call.output_count};
  std::vector<onnxcts_output> outputs(call.output_count);
  onnxcts_result result{outputs.data(), outputs.size(), nullptr, nullptr};
  const onnxcts_status status = plugin.run(&node, &result);
  std::string message;
  if (result.message != nullptr) {
    message.assign(result.message, strnlen(result.message, kMaxMessage));
  }
  PluginReply reply;
  switch (status) {
    case ONNXCTS_STATUS_OK:
      reply = CopyOutputs(outputs, limits);
      if (reply.kind == OutcomeKind::kOk) reply.message = message;
      break;
    case ONNXCTS_STATUS_NOT_SUPPORTED:
      reply = Reply(OutcomeKind::kNotSupported, message);
      break;
    case ONNXCTS_STATUS_ERROR:
      reply = Reply(OutcomeKind::kError, message);
      break;
    default:
      reply = Reply(OutcomeKind::kProtocolError,
                    "plugin returned the unknown status " +
                        std::to_string(static_cast<int>(status)));
  }
  plugin.release(&result);
  return reply;
}

}  // namespace onnxcts
