// WriteAll(): every byte to a file descriptor, or the reason it could not
// be, for the writers of reports, journals and scratch files to name their
// file with.
#ifndef ONNXCTS_HARNESS_CORE_WRITE_ALL_H_
#define ONNXCTS_HARNESS_CORE_WRITE_ALL_H_

#include <unistd.h>

#include <cerrno>
#include <string_view>

namespace onnxcts {

// WriteAll()
//
// Writes all of `bytes` to `fd`, through short writes and EINTR. Returns 0,
// or the errno of the write that failed: ENOSPC for a full disk, EFBIG for
// a file-size limit (with SIGXFSZ ignored), EIO for a failing device.
inline int WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    // write() returns 0 for a non-empty buffer only on odd devices: call it
    // what a full disk would be rather than loop for ever.
    if (n <= 0) return n < 0 ? errno : ENOSPC;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return 0;
}

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_WRITE_ALL_H_
