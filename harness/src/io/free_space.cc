#include "io/free_space.h"

#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/byte_size.h"

namespace onnxcts {

uint64_t FreeBytes(const std::filesystem::path& dir) {
  struct statvfs fs {};
  if (statvfs(dir.c_str(), &fs) != 0) {
    throw std::runtime_error("cannot tell the free space in " + dir.string() +
                             ": " + std::strerror(errno));
  }
  // f_bavail, not f_bfree: the blocks kept for root are not ours to fill.
  return static_cast<uint64_t>(fs.f_bavail) * fs.f_frsize;
}

void CheckFreeSpace(const std::filesystem::path& dir, uint64_t bytes,
                    std::string_view what) {
  const uint64_t free = FreeBytes(dir);
  if (free >= bytes) return;
  throw std::runtime_error("not enough space in " + dir.string() + " for " +
                           std::string(what) + ": it needs " +
                           ByteSizeText(bytes) + ", " + ByteSizeText(free) +
                           (free == 1 ? " is" : " are") + " free");
}

}  // namespace onnxcts
