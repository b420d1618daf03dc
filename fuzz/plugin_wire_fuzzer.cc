// The plugin host's messages (backends/plugin_wire.h). Its answers are
// untrusted bytes from a process that a plugin may have corrupted: every
// payload must decode to an answer that keeps the rules, or be refused with
// std::runtime_error, and never crash or read outside the message. An
// accepted answer to a call of slots must lie inside the memory, in the
// slots that were sent, and encode back to the very bytes it came from.
//
// The first byte picks the call that was sent: how many output slots
// (0 to 3), and how large the memory is; the rest is the payload, fed to
// every decoder (the harness's and, for calls, the host's).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "backends/plugin_wire.h"

namespace {

using onnxcts::Slot;

// Slots a sweep might send, the last ending right at the largest memory.
const Slot kSlots[] = {
    {9, {64}, 0, 64},
    {1, {16}, 64, 64},
    {10, {2, 8}, 4096, 32},
};
constexpr size_t kMemories[] = {4096 + 32, 4096, 100, 0};

[[noreturn]] void Broken(const char* what) {
  std::fprintf(stderr, "plugin_wire_fuzzer: %s\n", what);
  std::abort();
}

void CheckSlotAnswer(std::string_view payload, std::span<const Slot> sent,
                     size_t memory, const onnxcts::Limits& limits) {
  onnxcts::SlotAnswer answer;
  try {
    onnxcts::DecodeSlotAnswer(payload, sent, memory, limits, answer);
  } catch (const std::runtime_error&) {
    return;
  }
  const bool ok = answer.kind == onnxcts::RunOutcome::Kind::kOk;
  if (answer.outputs.size() != (ok ? sent.size() : 0)) {
    Broken("accepted the wrong number of outputs");
  }
  for (size_t k = 0; k < answer.outputs.size(); ++k) {
    const Slot& s = answer.outputs[k];
    if (s.offset != sent[k].offset) Broken("accepted a slot not sent");
    const uint64_t written = std::min<uint64_t>(s.bytes, sent[k].bytes);
    if (s.offset > memory || written > memory - s.offset) {
      Broken("accepted a slot outside the memory");
    }
    if (!onnxcts::CheckTensorLayout(s.dtype, s.dims, s.bytes, limits).empty()) {
      Broken("accepted an output that is no tensor");
    }
  }
  std::string frame;
  onnxcts::FrameSlotAnswer(answer, frame);
  if (std::string_view(frame).substr(onnxcts::kFrameHeaderBytes) != payload) {
    Broken("an accepted answer does not encode back to its bytes");
  }
}

void CheckReply(std::string_view payload, const onnxcts::Limits& limits) {
  try {
    const onnxcts::PluginReply reply = onnxcts::DecodeReply(payload, limits);
    for (const onnxcts::Tensor& t : reply.outputs) {
      if (!onnxcts::CheckTensorLayout(static_cast<int32_t>(t.dtype), t.dims,
                                      t.bytes.size(), limits)
               .empty()) {
        Broken("accepted a reply tensor that is no tensor");
      }
    }
    if (onnxcts::EncodeReply(reply) != payload) {
      Broken("an accepted reply does not encode back to its bytes");
    }
  } catch (const std::runtime_error&) {
  }
}

// The host's side: malformed calls are refused, not crashed on.
void CheckCalls(std::string_view payload) {
  try {
    onnxcts::DecodeHello(payload);
  } catch (const std::runtime_error&) {
  }
  try {
    onnxcts::CallKindOf(payload);
  } catch (const std::runtime_error&) {
  }
  try {
    onnxcts::DecodeCall(payload);
  } catch (const std::runtime_error&) {
  }
  try {
    onnxcts::SlotCall call;
    onnxcts::DecodeSlotCall(payload, call);
    for (const onnxcts::SlotInput& in : call.inputs) {
      if ((in.kind == onnxcts::SlotInput::Kind::kTensor) !=
          (in.tensor != nullptr)) {
        Broken("a decoded input of the wrong kind");
      }
    }
  } catch (const std::runtime_error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t slots = data[0] % 4;
  const size_t memory = kMemories[(data[0] / 4) % 4];
  const std::string_view payload(reinterpret_cast<const char*>(data + 1),
                                 size - 1);
  onnxcts::Limits limits;
  limits.max_rank = 8;
  limits.max_elements = 1 << 16;
  limits.max_bytes = 1 << 18;
  CheckSlotAnswer(payload, std::span<const Slot>(kSlots, slots), memory,
                  limits);
  CheckReply(payload, limits);
  CheckCalls(payload);
  return 0;
}
