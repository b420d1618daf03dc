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

void WriteFileAtomically(const std::filesystem::path& path,
                         std::string_view contents) {
  const std::filesystem::path target = std::filesystem::absolute(path);
  // Same folder as the target, so that rename() never crosses filesystems.
  std::string temp = target.string() + ".tmp.XXXXXX";
  const int fd = mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) Fail("cannot create a temporary file for", path, errno);
  try {
    WriteOrThrow(fd, contents, path);
    // mkostemp creates the file private; a report is for others to read.
    if (fchmod(fd, 0644) != 0) Fail("cannot set the mode of", path, errno);
    if (fsync(fd) != 0) Fail("cannot flush", path, errno);
  } catch (...) {
    close(fd);
    unlink(temp.c_str());
    throw;
  }
  if (close(fd) != 0) {
    const int error = errno;
    unlink(temp.c_str());
    Fail("cannot close", path, error);
  }
  if (rename(temp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    unlink(temp.c_str());
    Fail("cannot rename a temporary file to", path, error);
  }
  SyncFolder(target.parent_path());
}

}  // namespace onnxcts
