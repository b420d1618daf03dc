#include "backends/temp_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace onnxcts {
namespace {

constexpr int kMaxDepth = 256;

bool RemoveTreeAt(int parent_fd, const std::string& name, int depth);

// Removes what folder `fd` holds (and closes `fd`).
void RemoveContents(int fd, int depth) {
  DIR* dir = fdopendir(fd);
  if (dir == nullptr) {
    close(fd);
    return;
  }
  // Names first: removing while reading may skip entries.
  std::vector<std::string> names;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  for (const std::string& name : names) RemoveTreeAt(dirfd(dir), name, depth);
  closedir(dir);
}

bool RemoveTreeAt(int parent_fd, const std::string& name, int depth) {
  if (unlinkat(parent_fd, name.c_str(), 0) == 0 || errno == ENOENT) {
    return true;
  }
  if (errno != EISDIR && errno != EPERM) return false;
  if (depth >= kMaxDepth) return false;
  const int fd = openat(parent_fd, name.c_str(),
                        O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  RemoveContents(fd, depth + 1);
  return unlinkat(parent_fd, name.c_str(), AT_REMOVEDIR) == 0;
}

}  // namespace

TempDir::TempDir(const std::string& prefix) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot create a temporary folder " + pattern +
                             ": " + std::strerror(errno));
  }
  path_ = pattern;
  fd_ = open(pattern.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd_ < 0) {
    const int why = errno;
    rmdir(pattern.c_str());
    throw std::runtime_error("cannot open the temporary folder " + pattern +
                             ": " + std::strerror(why));
  }
}

TempDir::~TempDir() {
  RemoveContents(dup(fd_), 0);
  // The path is removed only while it still names this folder: a worker
  // may have put something else there.
  struct stat held {}, there {};
  if (fstat(fd_, &held) == 0 &&
      lstat(path_.c_str(), &there) == 0 && held.st_dev == there.st_dev &&
      held.st_ino == there.st_ino) {
    rmdir(path_.c_str());
  }
  close(fd_);
}

bool RemoveTreeAt(int parent_fd, const std::string& name) {
  return RemoveTreeAt(parent_fd, name, 0);
}

}  // namespace onnxcts
