// Worker-protocol answers are untrusted lines from another process: any
// bytes must parse to exactly one of an answer or a protocol error, never
// both, never neither, and never crash, as a protocol 1 answer and as an
// answer to a memory request (protocol 2), whose produced outputs must then
// be well formed.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "backends/worker_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const onnxcts::ParsedAnswer answer = onnxcts::ParseWorkerAnswer(line, 7);
  if (answer.answer.has_value() == !answer.protocol_error.empty()) abort();
  const onnxcts::ParsedAnswer memory =
      onnxcts::ParseWorkerAnswer(line, 7, /*memory=*/true);
  if (memory.answer.has_value() == !memory.protocol_error.empty()) abort();
  if (memory.answer) {
    for (const onnxcts::Slot& slot : memory.answer->outputs) {
      if (slot.dtype < 0) abort();
      for (int64_t d : slot.dims) {
        if (d < 0) abort();
      }
    }
  }
  const onnxcts::ParsedHello hello = onnxcts::ParseWorkerHello(line);
  if (hello.hello.has_value() == !hello.protocol_error.empty()) abort();
  return 0;
}
