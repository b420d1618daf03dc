// Memory that the harness and a backend's process both map: an anonymous
// memfd (no file to clean up, whatever ends the harness), mapped shared,
// every page touched once when it is sized so that no request pays for a
// page fault.
//
// The other process is untrusted and holds the descriptor too, so the memfd
// is sealed: it can never shrink (a shrunk memfd would make the harness's
// reads of its mapping die of SIGBUS), and once sized it can neither grow
// (a write beyond its end would take memory that --worker-memory does not
// cap) nor take more seals.
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

  // Makes the memory at least `bytes` long (rounded up to pages); pointers
  // into the old mapping are then invalid and its contents are not kept.
  // The first time, the memfd is sized in place; after that (or when the
  // other process sealed it first) a new memfd replaces it, and Reserve()
  // returns true: a child holding the old one must be started again.
  // Throws std::runtime_error.
  bool Reserve(size_t bytes);

  uint8_t* data() { return data_; }
  size_t size() const { return size_; }
  // The memfd, close-on-exec: a child gets it by dup2 onto its own number.
  int fd() const { return fd_; }

 private:
  // Grows the current memfd to `size`, seals and maps it; false when the
  // memfd refuses (sealed by the other process).
  bool SizeInPlace(size_t size);
  // Takes `mapped` as the mapping, of `size` bytes, and touches its pages.
  void Map(void* mapped, size_t size);

  int fd_ = -1;
  bool sized_ = false;  // sealed against growth
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_SHARED_MEMORY_H_
