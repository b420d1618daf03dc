// The messages between the harness and the child process that hosts a
// plugin: a hello (the plugin loaded, or why not), then one call and one
// reply per run. A call is either of tensors (Run(): the tensors travel in
// the message) or of slots (a pipe: the tensors are in memory both
// processes map, and the message only says where). Each travels as a
// frame: its length as 8 bytes, then the payload. Both ends are the same
// program, so numbers go in host order. Replies come from a process a
// plugin may have corrupted: decoding checks every length, tensor and slot
// against the limits and the memory.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "backends/plugin_library.h"
#include "io/limits.h"

namespace onnxcts {

inline constexpr size_t kFrameHeaderBytes = 8;

struct PluginHello {
  std::string error;  // why the plugin did not load; "" when it did
  std::string name;
  std::string version;
};

// What a call's payload holds, from its first byte.
enum class CallKind : uint8_t { kTensors = 1, kSlots = 2 };

// Frame()
//
// `payload` with its length in front.
std::string Frame(std::string_view payload);

// FrameLength()
//
// The payload length a frame header announces.
uint64_t FrameLength(std::string_view header);

// CallKindOf()
//
// The kind of the call `payload` holds; throws std::runtime_error for an
// empty payload or an unknown kind.
CallKind CallKindOf(std::string_view payload);

std::string EncodeHello(const PluginHello& hello);
std::string EncodeCall(const PluginCall& call);
std::string EncodeReply(const PluginReply& reply);

// The Decode functions throw std::runtime_error on a malformed payload.
PluginHello DecodeHello(std::string_view payload);
PluginCall DecodeCall(std::string_view payload);
PluginReply DecodeReply(std::string_view payload, const Limits& limits);

// FrameSlotCall(), FrameSlotAnswer()
//
// The whole frame (header and payload) of a call of slots or its answer,
// into `frame`, whose capacity is reused.
void FrameSlotCall(const SlotCall& call, std::string& frame);
void FrameSlotAnswer(const SlotAnswer& answer, std::string& frame);

// DecodeSlotCall()
//
// Decodes into `call`, reusing its storage; kTensor inputs point into
// `call.held`.
void DecodeSlotCall(std::string_view payload, SlotCall& call);

// DecodeSlotAnswer()
//
// Decodes the answer to a call whose output slots were `sent`, in a memory
// of `memory_bytes`. Besides a malformed payload it refuses an answer whose
// outputs are not one per sent slot (for kOk; none otherwise), whose slot
// lies outside the memory or is not the one sent, or whose dtype, dims and
// bytes do not make a valid tensor within `limits`. An output that needs
// more bytes than its slot has is accepted: it is the plugin's answer, not
// a broken message.
void DecodeSlotAnswer(std::string_view payload, std::span<const Slot> sent,
                      size_t memory_bytes, const Limits& limits,
                      SlotAnswer& answer);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_
