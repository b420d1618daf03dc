// A private temporary folder that is removed with everything in it when the
// owner goes away: where backends have workers write their outputs. It is
// held by a descriptor, so that a worker that renames it or puts a symlink
// in its place cannot redirect what the harness creates or removes.
#ifndef ONNXCTS_HARNESS_BACKENDS_TEMP_DIR_H_
#define ONNXCTS_HARNESS_BACKENDS_TEMP_DIR_H_

#include <filesystem>
#include <string>

namespace onnxcts {

class TempDir {
 public:
  // Creates $TMPDIR/<prefix>XXXXXX (mode 0700); throws std::runtime_error.
  explicit TempDir(const std::string& prefix);
  ~TempDir();

  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The folder, opened O_DIRECTORY (close-on-exec).
  int fd() const { return fd_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// RemoveTreeAt()
//
// Removes `name` in the folder `parent_fd`, and when it is a folder
// everything in it, through descriptors and never following a symlink; what
// cannot be removed (a tree deeper than 256) is left. Returns whether
// `name` is gone.
bool RemoveTreeAt(int parent_fd, const std::string& name);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_TEMP_DIR_H_
