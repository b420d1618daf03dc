// Where the targets that read files make their scratch folders: $TMPDIR
// when it is set, else /dev/shm when it is a writable folder (memory: the
// test_case target writes and deletes a suite for every input), else the
// system's temporary folder. Each folder's name holds its process id, so
// that folders of processes that died without removing theirs (fuzzing in
// fork mode kills its jobs) can be removed by the next process.
#ifndef ONNXCTS_FUZZ_SCRATCH_PREFIX_H_
#define ONNXCTS_FUZZ_SCRATCH_PREFIX_H_

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace onnxcts::fuzz {

// Removes the folders `<name><pid>-XXXXXX` in `base` whose process is gone.
inline void RemoveLeftovers(const std::filesystem::path& base,
                            const std::string& name) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(base, ec)) {
    const std::string file = entry.path().filename().string();
    if (file.rfind(name, 0) != 0) continue;
    const long pid = std::strtol(file.c_str() + name.size(), nullptr, 10);
    if (pid <= 0 || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) {
      continue;
    }
    std::filesystem::remove_all(entry.path(), ec);
  }
}

// ScratchPrefix()
//
// The prefix to hand TempDir for a folder `<name><pid>-XXXXXX`, after
// removing the leftovers of `name`.
inline std::string ScratchPrefix(const std::string& name) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::error_code ec;
  std::filesystem::path base = std::filesystem::temp_directory_path(ec);
  if ((tmpdir == nullptr || *tmpdir == '\0') &&
      ::access("/dev/shm", W_OK | X_OK) == 0) {
    base = "/dev/shm";
  }
  RemoveLeftovers(base, name);
  return (base / (name + std::to_string(::getpid()) + "-")).string();
}

}  // namespace onnxcts::fuzz

#endif  // ONNXCTS_FUZZ_SCRATCH_PREFIX_H_
