// The messages between the harness and the child process that hosts a
// plugin: a hello (the plugin loaded, or why not), then one call and one
// reply per run. Each travels as a frame: its length as 8 bytes, then the
// payload. Both ends are the same program, so numbers go in host order.
// Replies come from a process a plugin may have corrupted: decoding checks
// every length and tensor against the limits.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_

#include <cstdint>
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

// Frame()
//
// `payload` with its length in front.
std::string Frame(std::string_view payload);

// FrameLength()
//
// The payload length a frame header announces.
uint64_t FrameLength(std::string_view header);

std::string EncodeHello(const PluginHello& hello);
std::string EncodeCall(const PluginCall& call);
std::string EncodeReply(const PluginReply& reply);

// The Decode functions throw std::runtime_error on a malformed payload.
PluginHello DecodeHello(std::string_view payload);
PluginCall DecodeCall(std::string_view payload);
PluginReply DecodeReply(std::string_view payload, const Limits& limits);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_WIRE_H_
