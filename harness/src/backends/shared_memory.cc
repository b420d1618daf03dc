#include "backends/shared_memory.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace onnxcts {
namespace {

[[noreturn]] void Fail(const std::string& what) {
  throw std::runtime_error("shared memory: " + what + ": " +
                           std::strerror(errno));
}

size_t PageRounded(size_t bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

// A new memfd that can never shrink, sealed before anyone else holds it.
int NewMemfd() {
  const int fd =
      memfd_create("onnxcts-tensors", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) Fail("memfd_create");
  if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK) != 0) {
    const int why = errno;
    close(fd);
    errno = why;
    Fail("cannot seal the memfd");
  }
  // Kept above the numbers children get it on: dup2 onto its own number
  // would leave it close-on-exec.
  const int high = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  close(fd);
  if (high < 0) Fail("fcntl(F_DUPFD_CLOEXEC)");
  return high;
}

}  // namespace

SharedMemory::SharedMemory() : fd_(NewMemfd()) {}

SharedMemory::~SharedMemory() {
  if (data_ != nullptr) munmap(data_, size_);
  if (fd_ >= 0) close(fd_);
}

bool SharedMemory::Reserve(size_t bytes) {
  if (bytes <= size_) return false;
  const size_t size = PageRounded(bytes);
  if (!sized_ && SizeInPlace(size)) return false;
  const int fresh = NewMemfd();
  close(fd_);
  fd_ = fresh;
  sized_ = false;
  if (!SizeInPlace(size)) Fail("cannot size a new memfd of " +
                              std::to_string(size) + " bytes");
  return true;
}

bool SharedMemory::SizeInPlace(size_t size) {
  // The other process may have grown it already (never shrunk it): a file
  // longer than the mapping is harmless.
  struct stat st {};
  if (fstat(fd_, &st) != 0) return false;
  if (static_cast<uint64_t>(st.st_size) < size &&
      ftruncate(fd_, static_cast<off_t>(size)) != 0) {
    if (errno == ENOSPC || errno == ENOMEM) {
      Fail("cannot grow to " + std::to_string(size) + " bytes");
    }
    return false;
  }
  if (fcntl(fd_, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SEAL) != 0) return false;
  if (fstat(fd_, &st) != 0 || static_cast<uint64_t>(st.st_size) < size) {
    return false;
  }
  // Fails when the other process sealed it against writes first.
  void* mapped = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED,
                      fd_, 0);
  if (mapped == MAP_FAILED) return false;
  sized_ = true;
  Map(mapped, size);
  return true;
}

void SharedMemory::Map(void* mapped, size_t size) {
  if (data_ != nullptr) munmap(data_, size_);
  data_ = static_cast<uint8_t*>(mapped);
  size_ = size;
  // Writing each page now allocates it (tmpfs fails here, not mid-sweep,
  // when it is full) and saves the page faults later.
  std::memset(data_, 0, size_);
}

}  // namespace onnxcts
