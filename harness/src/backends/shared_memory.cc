#include "backends/shared_memory.h"

#include <fcntl.h>
#include <sys/mman.h>
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

}  // namespace

SharedMemory::SharedMemory() {
  fd_ = memfd_create("onnxcts-tensors", MFD_CLOEXEC);
  if (fd_ < 0) Fail("memfd_create");
  // Kept above the numbers children get it on: dup2 onto its own number
  // would leave it close-on-exec.
  const int high = fcntl(fd_, F_DUPFD_CLOEXEC, 10);
  close(fd_);
  fd_ = high;
  if (fd_ < 0) Fail("fcntl(F_DUPFD_CLOEXEC)");
}

SharedMemory::~SharedMemory() {
  if (data_ != nullptr) munmap(data_, size_);
  if (fd_ >= 0) close(fd_);
}

void SharedMemory::Reserve(size_t bytes) {
  if (bytes <= size_) return;
  const size_t size = PageRounded(bytes);
  if (ftruncate(fd_, static_cast<off_t>(size)) != 0) {
    Fail("cannot grow to " + std::to_string(size) + " bytes");
  }
  void* mapped = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED,
                      fd_, 0);
  if (mapped == MAP_FAILED) Fail("mmap of " + std::to_string(size) + " bytes");
  if (data_ != nullptr) munmap(data_, size_);
  data_ = static_cast<uint8_t*>(mapped);
  // Writing each page now allocates it (tmpfs fails here, not mid-sweep,
  // when it is full) and saves the page faults later.
  std::memset(data_ + size_, 0, size - size_);
  size_ = size;
}

}  // namespace onnxcts
