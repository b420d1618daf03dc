// Memory that the harness and a backend's process both map: an anonymous
// memfd (no file to clean up, whatever ends the harness), mapped shared,
// growing only, every page touched once when it grows so that no request
// pays for a page fault.
#ifndef ONNXCTS_HARNESS_BACKENDS_SHARED_MEMORY_H_
#define ONNXCTS_HARNESS_BACKENDS_SHARED_MEMORY_H_

#include <cstddef>
#include <cstdint>

namespace onnxcts {

class SharedMemory {
 public:
  // An empty memory; throws std::runtime_error when no memfd can be made.
  SharedMemory();
  ~SharedMemory();
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;

  // Grows to at least `bytes` (rounded up to pages); pointers into the old
  // mapping are then invalid. Throws std::runtime_error.
  void Reserve(size_t bytes);

  uint8_t* data() { return data_; }
  size_t size() const { return size_; }
  // The memfd, close-on-exec: a child gets it by dup2 onto its own number.
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_SHARED_MEMORY_H_
