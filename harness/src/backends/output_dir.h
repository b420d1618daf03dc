// The folder a worker writes one run's outputs in, and the reading of them.
//
// A worker may swap, link or replace anything in it at any moment, so the
// harness creates the folder itself, holds it by a descriptor, and opens
// each output once, relative to that descriptor and without following a
// link (O_NOFOLLOW, and O_NONBLOCK so that a FIFO or a leased file cannot
// block the open); what it then checks (a regular file, a size within the
// limit) and reads is that one open file. No path is resolved twice.
#ifndef ONNXCTS_HARNESS_BACKENDS_OUTPUT_DIR_H_
#define ONNXCTS_HARNESS_BACKENDS_OUTPUT_DIR_H_

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "core/tensor.h"
#include "io/limits.h"

namespace onnxcts {

class OutputDir {
 public:
  // Creates folder `name` (mode 0700) in the folder `parent_fd`, whose path
  // is `parent`, and opens it. Throws std::runtime_error.
  OutputDir(int parent_fd, const std::filesystem::path& parent,
            const std::string& name);
  // Removes it and all it holds, through descriptors.
  ~OutputDir();

  OutputDir(const OutputDir&) = delete;
  OutputDir& operator=(const OutputDir&) = delete;

  // Its absolute path, for the worker.
  const std::filesystem::path& path() const { return path_; }

  // Why the path no longer names the folder the harness made (replaced by
  // a symlink or another folder, moved away), or "" when it still does.
  std::string Replaced() const;

  // The bytes of the regular file `name` in it: nullopt when there is no
  // such entry; throws std::runtime_error when it is something else (a
  // link, a FIFO, a device, a folder) or larger than `max_bytes`.
  std::optional<std::string> Read(const std::string& name,
                                  uint64_t max_bytes) const;

 private:
  int parent_fd_;
  std::string name_;
  std::filesystem::path path_;
  int fd_ = -1;
};

// ReadOutputTensor()
//
// Output file `name` of `dir` as a tensor, validated against `limits`:
// nullopt when the worker wrote no such file; throws InputError (or
// std::runtime_error) when it is not a regular TensorProto file whose
// payload is inline (external data is refused: it names another file).
std::optional<Tensor> ReadOutputTensor(const OutputDir& dir,
                                       const std::string& name,
                                       const Limits& limits);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_OUTPUT_DIR_H_
