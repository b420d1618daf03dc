// onnxcts_plugin_host: the program an isolated plugin runs in. The harness
// starts one per backend (and again after each crash) with the command line
// of PluginHostArguments(): an executed program rather than a bare fork, as
// a child forked from a harness of many threads may not run code that takes
// a lock (malloc, dlopen) before it execs.
#include <sys/mman.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string_view>

#include "backends/child_process.h"
#include "backends/plugin_host.h"

namespace {

std::optional<uint64_t> Number(std::string_view text) {
  uint64_t value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr int kArgs = 8;
  std::optional<uint64_t> n[kArgs];
  for (int i = 2; i < argc && i < kArgs; ++i) n[i] = Number(argv[i]);
  bool complete = argc == kArgs;
  for (int i = 2; i < kArgs; ++i) complete = complete && n[i].has_value();
  if (!complete) {
    std::fprintf(stderr,
                 "usage: onnxcts_plugin_host PLUGIN MEMORY_BYTES MAX_RANK "
                 "MAX_ELEMENTS MAX_BYTES MAX_FILE_BYTES MAX_COUNT\n"
                 "(started by onnxcts, which talks to it on descriptors 3 "
                 "and 4)\n");
    return 2;
  }
  onnxcts::Limits limits;
  limits.max_rank = *n[3];
  limits.max_elements = *n[4];
  limits.max_bytes = *n[5];
  limits.max_file_bytes = *n[6];
  limits.max_count = *n[7];
  const size_t memory_bytes = *n[2];
  uint8_t* memory = nullptr;
  if (memory_bytes > 0) {
    void* mapped = mmap(nullptr, memory_bytes, PROT_READ | PROT_WRITE,
                        MAP_SHARED, onnxcts::ChildProcess::kHostMemoryFd, 0);
    if (mapped == MAP_FAILED) {
      std::perror("onnxcts_plugin_host: mmap of the shared memory");
      return 1;
    }
    memory = static_cast<uint8_t*>(mapped);
  }
  return onnxcts::ServePlugin(argv[1], limits, memory, memory_bytes);
}
