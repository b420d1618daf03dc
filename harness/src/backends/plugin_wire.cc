#include "backends/plugin_wire.h"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

// Appends to a string of its own (Take()) or to one the caller reuses.
class Writer {
 public:
  Writer() : out_(own_) {}
  explicit Writer(std::string& out) : out_(out) {}

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
  void PutSlot(const Slot& s) {
    Put<int32_t>(s.dtype);
    PutVector(s.dims);
    Put<uint64_t>(s.offset);
    Put<uint64_t>(s.bytes);
  }
  std::string Take() { return std::move(out_); }

 private:
  std::string own_;
  std::string& out_;
};

// The fewest bytes a slot takes on the wire (an empty dims array).
constexpr size_t kMinSlotBytes = 4 + 8 + 8 + 8;

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
  void GetStringInto(std::string& s) { s.assign(Take(Get<uint64_t>())); }
  template <typename T>
  void GetVectorInto(std::vector<T>& v) {
    const uint64_t bytes = Get<uint64_t>();
    if (bytes % sizeof(T) != 0) throw std::runtime_error("ragged array");
    const std::string_view raw = Take(bytes);
    v.resize(bytes / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), raw.data(), raw.size());
  }
  template <typename T>
  std::vector<T> GetVector() {
    std::vector<T> v;
    GetVectorInto(v);
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
  void GetSlotInto(Slot& s) {
    s.dtype = Get<int32_t>();
    GetVectorInto(s.dims);
    s.offset = Get<uint64_t>();
    s.bytes = Get<uint64_t>();
  }
  // A count of entries that each take at least `min_bytes`: one the rest
  // of the message cannot hold throws before anything is sized by it.
  uint64_t GetCount(size_t min_bytes) {
    const uint64_t n = Get<uint64_t>();
    if (n > in_.size() / min_bytes) {
      throw std::runtime_error("truncated message");
    }
    return n;
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

void PutNode(Writer& w, const std::string& op_type, const std::string& domain,
             int64_t opset_version, const Attributes& attributes) {
  w.PutString(op_type);
  w.PutString(domain);
  w.Put<int64_t>(opset_version);
  w.Put<uint64_t>(attributes.size());
  for (const auto& [name, value] : attributes) PutAttribute(w, name, value);
}

void GetNode(Reader& r, std::string& op_type, std::string& domain,
             int64_t& opset_version, Attributes& attributes) {
  r.GetStringInto(op_type);
  r.GetStringInto(domain);
  opset_version = r.Get<int64_t>();
  attributes.clear();
  // An attribute takes at least its name's length and a type byte.
  for (uint64_t n = r.GetCount(9); n > 0; --n) {
    std::string name = r.GetString();
    attributes.insert_or_assign(std::move(name), GetAttributeValue(r));
  }
}

void ExpectCall(Reader& r, CallKind kind) {
  if (r.Get<uint8_t>() != static_cast<uint8_t>(kind)) {
    throw std::runtime_error("not the call expected");
  }
}

OutcomeKind KindFromWire(uint8_t k) {
  if (k > static_cast<uint8_t>(OutcomeKind::kInvalidOutput)) {
    throw std::runtime_error("unknown outcome kind");
  }
  return static_cast<OutcomeKind>(k);
}

// A frame whose header is patched once the payload is written.
template <typename F>
void WriteFrame(std::string& frame, F&& payload) {
  frame.assign(kFrameHeaderBytes, '\0');
  Writer w(frame);
  payload(w);
  const uint64_t length = frame.size() - kFrameHeaderBytes;
  std::memcpy(frame.data(), &length, sizeof length);
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

CallKind CallKindOf(std::string_view payload) {
  const uint8_t kind = Reader(payload).Get<uint8_t>();
  if (kind != static_cast<uint8_t>(CallKind::kTensors) &&
      kind != static_cast<uint8_t>(CallKind::kSlots)) {
    throw std::runtime_error("unknown call kind");
  }
  return static_cast<CallKind>(kind);
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
  w.Put<uint8_t>(static_cast<uint8_t>(CallKind::kTensors));
  PutNode(w, call.op_type, call.domain, call.opset_version, call.attributes);
  w.Put<uint64_t>(call.inputs.size());
  for (const Tensor& t : call.inputs) w.PutTensor(t);
  w.Put<uint64_t>(call.output_count);
  w.Put<uint64_t>(call.declared.size());
  for (const DeclaredOutput& d : call.declared) {
    w.Put<int32_t>(d.dtype);
    w.Put<uint8_t>(d.has_shape ? 1 : 0);
    w.PutVector(d.dims);
  }
  return w.Take();
}

PluginCall DecodeCall(std::string_view payload) {
  Reader r(payload);
  ExpectCall(r, CallKind::kTensors);
  PluginCall call;
  GetNode(r, call.op_type, call.domain, call.opset_version, call.attributes);
  for (uint64_t n = r.GetCount(8); n > 0; --n) {
    call.inputs.push_back(r.GetTensor());
  }
  call.output_count = r.Get<uint64_t>();
  call.declared.resize(r.GetCount(4 + 1 + 8));
  for (DeclaredOutput& d : call.declared) {
    d.dtype = r.Get<int32_t>();
    d.has_shape = r.Get<uint8_t>() != 0;
    r.GetVectorInto(d.dims);
  }
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
  for (uint64_t n = r.GetCount(8); n > 0; --n) {
    Tensor t = r.GetTensor();
    const std::string problem = CheckTensorLayout(
        static_cast<int32_t>(t.dtype), t.dims, t.bytes.size(), limits);
    if (!problem.empty()) throw std::runtime_error("reply tensor: " + problem);
    reply.outputs.push_back(std::move(t));
  }
  r.ExpectEnd();
  return reply;
}

void FrameSlotCall(const SlotCall& call, std::string& frame) {
  WriteFrame(frame, [&](Writer& w) {
    w.Put<uint8_t>(static_cast<uint8_t>(CallKind::kSlots));
    PutNode(w, call.op_type, call.domain, call.opset_version,
            call.attributes);
    w.Put<uint64_t>(call.inputs.size());
    for (const SlotInput& in : call.inputs) {
      w.Put<uint8_t>(static_cast<uint8_t>(in.kind));
      if (in.kind == SlotInput::Kind::kSlot) w.PutSlot(in.slot);
      if (in.kind == SlotInput::Kind::kTensor) w.PutTensor(*in.tensor);
    }
    w.Put<uint64_t>(call.outputs.size());
    for (const Slot& s : call.outputs) w.PutSlot(s);
  });
}

void DecodeSlotCall(std::string_view payload, SlotCall& call) {
  Reader r(payload);
  ExpectCall(r, CallKind::kSlots);
  GetNode(r, call.op_type, call.domain, call.opset_version, call.attributes);
  call.held.clear();
  call.inputs.resize(r.GetCount(1));
  for (SlotInput& in : call.inputs) {
    const uint8_t kind = r.Get<uint8_t>();
    if (kind > static_cast<uint8_t>(SlotInput::Kind::kTensor)) {
      throw std::runtime_error("unknown input kind");
    }
    in.kind = static_cast<SlotInput::Kind>(kind);
    in.tensor = nullptr;
    if (in.kind == SlotInput::Kind::kSlot) r.GetSlotInto(in.slot);
    if (in.kind == SlotInput::Kind::kTensor) call.held.push_back(r.GetTensor());
  }
  // `held` has stopped growing: point into it.
  size_t held = 0;
  for (SlotInput& in : call.inputs) {
    if (in.kind == SlotInput::Kind::kTensor) in.tensor = &call.held[held++];
  }
  call.outputs.resize(r.GetCount(kMinSlotBytes));
  for (Slot& s : call.outputs) r.GetSlotInto(s);
  r.ExpectEnd();
}

void FrameSlotAnswer(const SlotAnswer& answer, std::string& frame) {
  WriteFrame(frame, [&](Writer& w) {
    w.Put<uint8_t>(static_cast<uint8_t>(answer.kind));
    w.PutString(answer.message);
    w.Put<double>(answer.times.read);
    w.Put<double>(answer.times.run);
    w.Put<double>(answer.times.write);
    w.Put<uint64_t>(answer.outputs.size());
    for (const Slot& s : answer.outputs) w.PutSlot(s);
  });
}

void DecodeSlotAnswer(std::string_view payload, std::span<const Slot> sent,
                      size_t memory_bytes, const Limits& limits,
                      SlotAnswer& answer) {
  Reader r(payload);
  answer.kind = KindFromWire(r.Get<uint8_t>());
  r.GetStringInto(answer.message);
  for (double* t : {&answer.times.read, &answer.times.run,
                    &answer.times.write}) {
    *t = r.Get<double>();
    if (!std::isfinite(*t) || *t < 0) {
      throw std::runtime_error("stage time not a count of seconds");
    }
  }
  const uint64_t n = r.GetCount(kMinSlotBytes);
  const uint64_t expected = answer.kind == OutcomeKind::kOk ? sent.size() : 0;
  if (n != expected) {
    throw std::runtime_error(std::to_string(n) + " outputs for " +
                             std::to_string(expected));
  }
  answer.outputs.resize(n);
  for (size_t k = 0; k < n; ++k) {
    Slot& s = answer.outputs[k];
    r.GetSlotInto(s);
    const std::string where = "output " + std::to_string(k) + ": ";
    // Where the bytes are, when they fit the slot sent.
    const uint64_t written = std::min<uint64_t>(s.bytes, sent[k].bytes);
    if (s.offset > memory_bytes || written > memory_bytes - s.offset) {
      throw std::runtime_error(where + "slot outside the memory");
    }
    if (s.offset != sent[k].offset) {
      throw std::runtime_error(where + "not the slot sent");
    }
    const std::string problem =
        CheckTensorLayout(s.dtype, s.dims, s.bytes, limits);
    if (!problem.empty()) throw std::runtime_error(where + problem);
  }
  r.ExpectEnd();
}

}  // namespace onnxcts
