// Helpers shared by the io tests: scratch folders, files, and checks that
// an InputError names the expected field.
#ifndef ONNXCTS_HARNESS_TEST_IO_IO_TEST_UTIL_H_
#define ONNXCTS_HARNESS_TEST_IO_IO_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/input_error.h"

namespace onnxcts::testing {

inline const std::filesystem::path kSourceDir = ONNXCTS_SOURCE_DIR;
inline const std::filesystem::path kPython = ONNXCTS_PYTHON;
inline const std::filesystem::path kOnnxData =
    "/usr/share/libonnx-testdata/data";

// A fresh folder under the system temp folder, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::string name =
        (std::filesystem::temp_directory_path() / "onnxcts_io_XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) throw std::runtime_error("mkdtemp");
    // Canonical, so that tests can compare it with what the readers return.
    path_ = std::filesystem::canonical(name);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& rel) const {
    return path_ / rel;
  }

 private:
  std::filesystem::path path_;
};

// Lowers this process's file-size limit (RLIMIT_FSIZE) to `bytes`, with
// SIGXFSZ ignored as onnxcts ignores it, so that a write past the limit fails
// with EFBIG as a full disk would; both are restored on destruction.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    struct rlimit lowered = saved_;
    lowered.rlim_cur = bytes;
    old_handler_ = ::signal(SIGXFSZ, SIG_IGN);
    if (::setrlimit(RLIMIT_FSIZE, &lowered) != 0) {
      throw std::runtime_error("setrlimit(RLIMIT_FSIZE)");
    }
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    ::signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  struct rlimit saved_ {};
  sighandler_t old_handler_ = SIG_DFL;
};

// Writes `bytes` to `file`, creating its folders.
inline void WriteBytes(const std::filesystem::path& file,
                       const std::string& bytes) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

inline std::string ReadBytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Runs `fn`, which must throw an InputError (of type E) naming `field`;
// returns its message for further checks.
template <typename E = InputError>
std::string ExpectInputError(const std::function<void()>& fn,
                             const std::string& field) {
  try {
    fn();
  } catch (const E& e) {
    EXPECT_EQ(e.field(), field) << e.what();
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no InputError; expected one naming \"" << field << "\"";
  return "";
}

// Runs a shell command; its exit status (0 on success).
inline int Shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The command line of python_interop.py under Debian's python, ready for
// its arguments.
inline std::string InteropCommand() {
  return "'" + kPython.string() + "' '" +
         (kSourceDir / "harness/test/io/python_interop.py").string() + "'";
}

}  // namespace onnxcts::testing

#endif  // ONNXCTS_HARNESS_TEST_IO_IO_TEST_UTIL_H_
