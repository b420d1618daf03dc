// Worker-protocol answers are untrusted lines from another process: any
// bytes must parse to exactly one of an answer or a protocol error, never
// both, never neither, and never crash, as a protocol 1 answer and as an
// answer to a memory request (protocol 2), whose produced outputs must then
// be well formed.
//
// Depth and size: the input is also tried nested as the value of "id" and
// of hello's "options" in as many arrays as its first two bytes say (up to
// 4095, or half a million when both have their top two bits set: such a
// depth once overflowed the stack of nlohmann's dump()), and then also
// repeated to 256 KiB as an answer's message and as a line. A value nested
// deeper than an answer needs is a protocol error, quoted briefly.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "backends/worker_protocol.h"

namespace {

void CheckLine(std::string_view line) {
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
  // Messages quote lines, never render them: they stay short.
  for (const std::string* error :
       {&answer.protocol_error, &memory.protocol_error,
        &hello.protocol_error}) {
    if (error->size() > 1000) abort();
  }
}

std::string Nested(std::string_view inner, size_t depth) {
  return std::string(depth, '[') + std::string(inner) + std::string(depth, ']');
}

void CheckDeep(std::string_view inner, size_t depth) {
  const std::string value = Nested(inner, depth);
  const std::string id = R"({"status":"ok","id":)" + value + "}";
  CheckLine(id);
  if (depth > 8 && onnxcts::ParseWorkerAnswer(id, 7).answer) abort();
  CheckLine(R"({"protocol":1,"name":"n","version":"v","options":{"x":)" +
            value + "}}");
}

void CheckLong(std::string_view data) {
  if (data.empty()) return;
  std::string message;
  while (message.size() < (size_t{256} << 10)) message.append(data);
  CheckLine(R"({"id":7,"status":"error","message":")" + message + "\"}");
  CheckLine(message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  CheckLine(line);
  if (size >= 2) {
    // Mostly shallow and short, so that the fuzzer stays fast.
    const bool big = (data[0] & data[1] & 0xC0) == 0xC0;
    const size_t depth = (size_t{data[0]} << 8 | data[1]) & 0x0FFF;
    CheckDeep(line.substr(2), big ? depth << 7 : depth);
    if (big) CheckLong(line.substr(2, 64));
  }
  return 0;
}
