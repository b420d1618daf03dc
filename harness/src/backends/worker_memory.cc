#include "backends/worker_memory.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <limits>

namespace onnxcts {
namespace {

std::atomic<uint64_t> worker_memory_limit{0};

// Lower case; matched case-blind.
constexpr std::string_view kOutOfMemorySigns[] = {
    "bad_alloc",               // std::bad_alloc, what() and terminate's text
    "memoryerror",             // Python
    "out of memory",           // V8's "JavaScript heap out of memory", CUDA
    "cannot allocate memory",  // strerror(ENOMEM), from mmap and friends
    "failed to allocate",      // ONNX Runtime's allocators
    "allocation failed",       // V8
    "fatal process oom",       // V8, when it cannot even reserve its heap
    "memory allocation of",    // Rust's alloc error handler
};

// A cap above the harness's own hard limit cannot be set, and that limit
// binds the child anyway.
uint64_t Settable(uint64_t bytes) {
  struct rlimit r {};
  if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_max == RLIM_INFINITY) {
    return bytes;
  }
  return std::min<uint64_t>(bytes, r.rlim_max);
}

bool SameLetter(char a, char b) {
  return std::tolower(static_cast<unsigned char>(a)) == b;
}

}  // namespace

void SetWorkerMemoryLimit(uint64_t bytes) { worker_memory_limit = bytes; }

uint64_t WorkerMemoryLimit() { return worker_memory_limit; }

// posix_spawn() cannot set a limit in the child; setting one in the harness
// around the call would cap its other threads too, and prlimit() on the new
// pid races with the worker's first allocations. So the shell sets it before
// it runs anything of the command line's, and all the worker starts
// inherits it. RLIMIT_AS is what a process may map, not what it touches:
// V8 reserves more than it uses, and Node needs a cap of about 1 GiB.
std::string CappedCommand(const std::string& cmdline, uint64_t bytes) {
  if (bytes == 0) return cmdline;
  return "ulimit -v " + std::to_string(Settable(bytes) / 1024) +
         " || exit 125\n" + cmdline;
}

// RLIMIT_AS survives exec, where the program's mappings start afresh.
void CapChild(uint64_t bytes) {
  if (bytes == 0) return;
  const uint64_t cap = Settable(bytes);
  const struct rlimit r{cap, cap};
  setrlimit(RLIMIT_AS, &r);
}

bool ShowsOutOfMemory(std::string_view stderr_tail) {
  // The iterator form: clang 14's ranges reject libstdc++ 12's string_view.
  return std::ranges::any_of(kOutOfMemorySigns, [&](std::string_view sign) {
    return std::search(stderr_tail.begin(), stderr_tail.end(), sign.begin(),
                       sign.end(), SameLetter) != stderr_tail.end();
  });
}

}  // namespace onnxcts
