#include "report/atomic_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "core/write_all.h"

namespace onnxcts {
namespace {

[[noreturn]] void Fail(const std::string& what, const std::filesystem::path& p,
                       int error) {
  throw std::system_error(error, std::generic_category(),
                          what + " " + p.string());
}

void WriteOrThrow(int fd, std::string_view contents,
                  const std::filesystem::path& path) {
  if (const int error = WriteAll(fd, contents)) {
    Fail("cannot write", path, error);
  }
}

// The rename is durable only once the folder's entry is on disk too; a
// failure here is not worth failing the write for, as the file is complete.
void SyncFolder(const std::filesystem::path& folder) {
  const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

}  // namespace

AtomicFile::AtomicFile(const std::filesystem::path& path)
    : path_(path), target_(std::filesystem::absolute(path)) {
  // Same folder as the target, so that rename() never crosses filesystems.
  temp_ = target_.string() + ".tmp.XXXXXX";
  fd_ = mkostemp(temp_.data(), O_CLOEXEC);
  if (fd_ < 0) Fail("cannot create a temporary file for", path_, errno);
}

AtomicFile::~AtomicFile() {
  if (fd_ < 0) return;
  close(fd_);
  unlink(temp_.c_str());
}

void AtomicFile::Write(std::string_view piece) {
  buffer_ += piece;
  if (buffer_.size() >= (size_t{1} << 16)) Flush();
}

void AtomicFile::Flush() {
  WriteOrThrow(fd_, buffer_, path_);
  buffer_.clear();
}

void AtomicFile::Commit() {
  Flush();
  // mkostemp creates the file private; a report is for others to read.
  if (fchmod(fd_, 0644) != 0) Fail("cannot set the mode of", path_, errno);
  if (fsync(fd_) != 0) Fail("cannot flush", path_, errno);
  const int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) {
    const int error = errno;
    unlink(temp_.c_str());
    Fail("cannot close", path_, error);
  }
  if (rename(temp_.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    unlink(temp_.c_str());
    Fail("cannot rename a temporary file to", path_, error);
  }
  SyncFolder(target_.parent_path());
}

void WriteFileAtomically(const std::filesystem::path& path,
                         std::string_view contents) {
  AtomicFile file(path);
  file.Write(contents);
  file.Commit();
}

}  // namespace onnxcts
