#include "backends/plugin_wire.h"

#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

class Writer {
 public:
  template <typename T>
  void Put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void PutBytes(const void* data, size_t size) {
    Put<uint64_t>(size);
    out_.append(static_cast<const char*>(data), size);
  }
  void PutString(std::string_view s) { PutBytes(s.data(), s.size()); }
  template <typename T>
  void PutVector(const std::vector<T>& v) {
    PutBytes(v.data(), v.size() * sizeof(T));
  }
  void PutTensor(const Tensor& t) {
    PutString(t.name);
    Put<int32_t>(static_cast<int32_t>(t.dtype));
    PutVector(t.dims);
    PutVector(t.bytes);
  }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads what Writer wrote; any length that runs past the end throws.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  template <typename T>
  T Get() {
    T value;
    std::memcpy(&value, Take(sizeof value).data(), sizeof value);
    return value;
  }
  std::string GetString() { return std::string(Take(Get<uint64_t>())); }
  template <typename T>
  std::vector<T> GetVector() {
    const uint64_t bytes = Get<uint64_t>();
    if (bytes % sizeof(T) != 0) throw std::runtime_error("ragged array");
    const std::string_view raw = Take(bytes);
    std::vector<T> v(bytes / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), raw.data(), raw.size());
    return v;
  }
  Tensor GetTensor() {
    Tensor t;
    t.name = GetString();
    t.dtype = static_cast<DType>(Get<int32_t>());
    t.dims = GetVector<int64_t>();
    t.bytes = GetVector<uint8_t>();
    return t;
  }
  void ExpectEnd() const {
    if (!in_.empty()) throw std::runtime_error("trailing bytes");
  }

 private:
  std::string_view Take(uint64_t n) {
    if (n > in_.size()) throw std::runtime_error("truncated message");
    const std::string_view part = in_.substr(0, n);
    in_.remove_prefix(n);
    return part;
  }

  std::string_view in_;
};

void PutAttribute(Writer& w, const std::string& name, const AttrValue& v) {
  w.PutString(name);
  w.Put<uint8_t>(static_cast<uint8_t>(v.index()));
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::string>) {
          w.PutString(x);
        } else if constexpr (std::is_arithmetic_v<T>) {
          w.Put<T>(x);
        } else {
          w.PutVector(x);
        }
      },
      v);
}

AttrValue GetAttributeValue(Reader& r) {
  switch (r.Get<uint8_t>()) {
    case 0:
      return r.Get<int64_t>();
    case 1:
      return r.Get<float>();
    case 2:
      return r.GetString();
    case 3:
      return r.GetVector<int64_t>();
    case 4:
      return r.GetVector<float>();
  }
  throw std::runtime_error("unknown attribute type");
}

OutcomeKind KindFromWire(uint8_t k) {
  if (k > static_cast<uint8_t>(OutcomeKind::kInvalidOutput)) {
    throw std::runtime_error("unknown outcome kind");
  }
  return static_cast<OutcomeKind>(k);
}

}  // namespace

std::string Frame(std::string_view payload) {
  Writer w;
  w.Put<uint64_t>(payload.size());
  return w.Take().append(payload);
}

uint64_t FrameLength(std::string_view header) {
  return Reader(header).Get<uint64_t>();
}

std::string EncodeHello(const PluginHello& hello) {
  Writer w;
  w.PutString(hello.error);
  w.PutString(hello.name);
  w.PutString(hello.version);
  return w.Take();
}

PluginHello DecodeHello(std::string_view payload) {
  Reader r(payload);
  PluginHello hello;
  hello.error = r.GetString();
  hello.name = r.GetString();
  hello.version = r.GetString();
  r.ExpectEnd();
  return hello;
}

std::string EncodeCall(const PluginCall& call) {
  Writer w;
  w.PutString(call.op_type);
  w.PutString(call.domain);
  w.Put<int64_t>(call.opset_version);
  w.Put<uint64_t>(call.attributes.size());
  for (const auto& [name, value] : call.attributes) {
    PutAttribute(w, name, value);
  }
  w.Put<uint64_t>(call.inputs.size());
  for (const Tensor& t : call.inputs) w.PutTensor(t);
  w.Put<uint64_t>(call.output_count);
  return w.Take();
}

PluginCall DecodeCall(std::string_view payload) {
  Reader r(payload);
  PluginCall call;
  call.op_type = r.GetString();
  call.domain = r.GetString();
  call.opset_version = r.Get<int64_t>();
  for (uint64_t n = r.Get<uint64_t>(); n > 0; --n) {
    std::string name = r.GetString();
    call.attributes.insert_or_assign(std::move(name), GetAttributeValue(r));
  }
  for (uint64_t n = r.Get<uint64_t>(); n > 0; --n) {
    call.inputs.push_back(r.GetTensor());
  }
  call.output_count = r.Get<uint64_t>();
  r.ExpectEnd();
  return call;
}

std::string EncodeReply(const PluginReply& reply) {
  Writer w;
  w.Put<uint8_t>(static_cast<uint8_t>(reply.kind));
  w.PutString(reply.message);
  w.Put<uint64_t>(reply.outputs.size());
  for (const Tensor& t : reply.outputs) w.PutTensor(t);
  return w.Take();
}

PluginReply DecodeReply(std::string_view payload, const Limits& limits) {
  Reader r(payload);
  PluginReply reply;
  reply.kind = KindFromWire(r.Get<uint8_t>());
  reply.message = r.GetString();
  for (uint64_t n = r.Get<uint64_t>(); n > 0; --n) {
    Tensor t = r.GetTensor();
    const std::string problem = CheckTensorLayout(
        static_cast<int32_t>(t.dtype), t.dims, t.bytes.size(), limits);
    if (!problem.empty()) throw std::runtime_error("reply tensor: " + problem);
    reply.outputs.push_back(std::move(t));
  }
  r.ExpectEnd();
  return reply;
}

}  // namespace onnxcts
