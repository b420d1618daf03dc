// Whether a process the tests started, or one it started, has gone.
#ifndef ONNXCTS_HARNESS_TEST_BACKENDS_PROCESS_PROBE_H_
#define ONNXCTS_HARNESS_TEST_BACKENDS_PROCESS_PROBE_H_

#include <sys/types.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

namespace onnxcts {

// Whether `pid` is gone (or a zombie nobody has reaped yet).
inline bool Dead(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const size_t paren = line.rfind(')');
  return paren != std::string::npos && line.substr(paren + 2, 1) == "Z";
}

// Waits, as long as a busy machine may need, for `pid` to be gone.
inline bool Ends(pid_t pid) {
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!Dead(pid) && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return Dead(pid);
}

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_TEST_BACKENDS_PROCESS_PROBE_H_
