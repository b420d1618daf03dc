#include "backends/output_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>

#include <onnx/onnx_pb.h>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

std::runtime_error SystemError(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

// Closes the descriptor whatever leaves the scope.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) close(fd);
  }
};

std::string KindOf(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Reads up to `max_bytes` + 1 from `fd`: the file may grow after fstat.
std::string ReadUpTo(int fd, uint64_t max_bytes, size_t expected) {
  std::string bytes;
  bytes.resize(std::min<uint64_t>(expected, max_bytes) + 1);
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (bytes.size() > max_bytes) break;
      bytes.resize(std::min<uint64_t>(bytes.size() * 2, max_bytes + 1));
    }
    const ssize_t n = read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SystemError("cannot read it");
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace

OutputDir::OutputDir(int parent_fd, const std::filesystem::path& parent,
                     const std::string& name)
    : parent_fd_(parent_fd), name_(name), path_(parent / name) {
  // The folder is the harness's: whatever a worker put at this name before
  // goes.
  RemoveTreeAt(parent_fd, name);
  if (mkdirat(parent_fd, name.c_str(), 0700) != 0) {
    throw SystemError("cannot create the output folder " + path_.string());
  }
  fd_ = openat(parent_fd, name.c_str(),
               O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd_ < 0) {
    const auto error = SystemError("cannot open the output folder " +
                                   path_.string());
    unlinkat(parent_fd, name.c_str(), AT_REMOVEDIR);
    throw error;
  }
}

OutputDir::~OutputDir() {
  // Whatever the worker left under its name goes, and the folder itself
  // even when it was moved elsewhere in the temporary folder.
  RemoveTreeAt(parent_fd_, name_);
  close(fd_);
}

std::string OutputDir::Replaced() const {
  struct stat held {}, there {};
  if (fstat(fd_, &held) != 0) return "its output folder cannot be examined";
  if (fstatat(parent_fd_, name_.c_str(), &there, AT_SYMLINK_NOFOLLOW) != 0) {
    return "the output folder was removed or moved away";
  }
  if (held.st_dev != there.st_dev || held.st_ino != there.st_ino) {
    return "the output folder was replaced by " +
           (S_ISDIR(there.st_mode) ? std::string("another folder")
                                   : KindOf(there.st_mode));
  }
  return "";
}

std::optional<std::string> OutputDir::Read(const std::string& name,
                                           uint64_t max_bytes) const {
  Fd file{openat(fd_, name.c_str(),
                 O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0 && errno == ENOENT) return std::nullopt;
  if (file.fd < 0 && errno == ELOOP) {
    throw std::runtime_error("is a symbolic link, which is not followed");
  }
  if (file.fd < 0) throw SystemError("cannot open it");
  struct stat st {};
  if (fstat(file.fd, &st) != 0) throw SystemError("cannot examine it");
  if (!S_ISREG(st.st_mode)) {
    throw std::runtime_error("is " + KindOf(st.st_mode) +
                             ", not a regular file");
  }
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    throw std::runtime_error(std::to_string(st.st_size) +
                             " bytes, above the limit of " +
                             std::to_string(max_bytes));
  }
  std::string bytes =
      ReadUpTo(file.fd, max_bytes, static_cast<size_t>(st.st_size));
  if (bytes.size() > max_bytes) {
    throw std::runtime_error("grew beyond the limit of " +
                             std::to_string(max_bytes) +
                             " bytes as it was read");
  }
  return bytes;
}

std::optional<Tensor> ReadOutputTensor(const OutputDir& dir,
                                       const std::string& name,
                                       const Limits& limits) {
  const std::string file = (dir.path() / name).string();
  const uint64_t max = std::min<uint64_t>(limits.max_file_bytes, INT_MAX);
  std::optional<std::string> bytes;
  try {
    bytes = dir.Read(name, max);
  } catch (const std::runtime_error& e) {
    throw InputError(file, "", e.what());
  }
  if (!bytes) return std::nullopt;
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes->data(), static_cast<int>(bytes->size()))) {
    throw InputError(file, "",
                     "not a TensorProto (truncated or corrupt protobuf)");
  }
  if (proto.data_location() == onnx::TensorProto::EXTERNAL ||
      proto.external_data_size() > 0) {
    throw InputError(file, "data_location",
                     "external data, which a worker's output may not use: "
                     "outputs carry raw_data");
  }
  return DecodeTensor(proto, file, "", dir.path(), limits);
}

}  // namespace onnxcts
