#include "io/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "core/input_error.h"
#include "core/write_all.h"

namespace onnxcts {
namespace fs = std::filesystem;

bool IsWithin(const fs::path& path, const fs::path& root) {
  // Component-wise, so that /suite2 is not taken to lie inside /suite.
  const fs::path rel = path.lexically_relative(root);
  return !rel.empty() && !rel.is_absolute() && *rel.begin() != "..";
}

fs::path RootFor(const fs::path& file, const fs::path& suite_root) {
  if (!suite_root.empty()) return suite_root;
  return file.has_parent_path() ? file.parent_path() : fs::path(".");
}

namespace {

void ThrowIfOutside(const fs::path& real, const fs::path& real_root,
                    const fs::path& path, const std::string& file,
                    const std::string& field) {
  if (!IsWithin(real, real_root)) {
    throw InputError(file, field,
                     path.string() + " resolves to " + real.string() +
                         ", outside the suite folder " + real_root.string());
  }
}

}  // namespace

fs::path ConfinedPath(const fs::path& path, const fs::path& root,
                      const std::string& file, const std::string& field) {
  std::error_code ec;
  const fs::path real_root = fs::weakly_canonical(root, ec);
  if (ec) {
    throw InputError(file, field,
                     "cannot resolve the suite folder " + root.string() + ": " +
                         ec.message());
  }
  // First the path as far as it exists, so that a location that leads out
  // is called so even when it names nothing.
  const fs::path as_far_as_it_exists = fs::weakly_canonical(path, ec);
  if (!ec) ThrowIfOutside(as_far_as_it_exists, real_root, path, file, field);
  // Then every component, as open() would resolve them: weakly_canonical
  // stops at the first missing folder and collapses the rest lexically, so
  // "missing/../link" came back as "link" with the link not followed.
  const fs::path real = fs::canonical(path, ec);
  if (ec) {
    throw InputError(file, field,
                     "cannot resolve " + path.string() + ": " + ec.message());
  }
  ThrowIfOutside(real, real_root, path, file, field);
  if (!fs::is_regular_file(fs::status(real, ec)) || ec) {
    throw InputError(file, field, "not a regular file: " + path.string());
  }
  return real;
}

std::string ReadFileBounded(const fs::path& file, uint64_t max_bytes) {
  const std::string name = file.string();
  std::error_code ec;
  const fs::file_status status = fs::status(file, ec);
  if (ec || !fs::exists(status)) {
    throw InputError(name, "", "cannot open: no such file");
  }
  // A FIFO or a device would block or never end.
  if (!fs::is_regular_file(status)) {
    throw InputError(name, "", "not a regular file");
  }
  const uintmax_t size = fs::file_size(file, ec);
  if (ec) throw InputError(name, "", "cannot stat: " + ec.message());
  if (size > max_bytes) {
    throw InputError(name, "",
                     std::to_string(size) + " bytes, above the limit of " +
                         std::to_string(max_bytes));
  }
  return ReadFileRange(file, 0, size, name, "");
}

std::string ReadFileRange(const fs::path& path, uint64_t offset,
                          uint64_t length, const std::string& file,
                          const std::string& field) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError(
        file, field,
        "cannot open " + path.string() + ": " + std::strerror(errno));
  }
  std::string bytes(length, '\0');
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(bytes.data(), static_cast<std::streamsize>(length));
  // The file may have shrunk since its size was checked.
  if (!in || static_cast<uint64_t>(in.gcount()) != length) {
    throw InputError(file, field,
                     "could not read " + std::to_string(length) +
                         " bytes at offset " + std::to_string(offset) + " of " +
                         path.string());
  }
  return bytes;
}

namespace {

// Throws naming `file`, the path the caller asked for, whatever temporary
// name the bytes were going to: a full disk (ENOSPC), a file-size limit
// (EFBIG) or a failing device (EIO) is then reported where the user can act.
[[noreturn]] void WriteFailed(const fs::path& file, int error) {
  throw std::runtime_error("cannot write " + file.string() + ": " +
                           std::strerror(error));
}

void WriteOrThrow(int fd, std::string_view bytes, const fs::path& file) {
  if (const int error = WriteAll(fd, bytes)) WriteFailed(file, error);
}

}  // namespace

void WriteFileAtomic(const fs::path& file, std::string_view bytes) {
  // mkstemp gives a name no concurrent writer of the same file can share.
  std::string temp = file.string() + ".tmp.XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    throw std::runtime_error("cannot create a temporary file beside " +
                             file.string() + ": " + std::strerror(errno));
  }
  try {
    WriteOrThrow(fd, bytes, file);
    // mkstemp makes the file private; test data is meant to be shared.
    if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0) {
      WriteFailed(file, errno);
    }
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  if (::close(fd) != 0 || ::rename(temp.c_str(), file.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    WriteFailed(file, error);
  }
}

void WriteFileParts(const fs::path& file,
                    std::initializer_list<std::string_view> parts) {
  const int fd =
      ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) WriteFailed(file, errno);
  try {
    for (std::string_view part : parts) WriteOrThrow(fd, part, file);
  } catch (...) {
    ::close(fd);
    ::unlink(file.c_str());  // a short file must not be read as a whole one
    throw;
  }
  // close() is where a network file system reports a failed write.
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(file.c_str());
    WriteFailed(file, error);
  }
}

}  // namespace onnxcts
