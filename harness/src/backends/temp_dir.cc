#include "backends/temp_dir.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace onnxcts {

TempDir::TempDir(const std::string& prefix) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot create a temporary folder " + pattern +
                             ": " + std::strerror(errno));
  }
  path_ = pattern;
}

TempDir::~TempDir() {
  // remove_all does not follow symlinks, so a worker that planted one
  // cannot make this delete anything outside the folder.
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace onnxcts
