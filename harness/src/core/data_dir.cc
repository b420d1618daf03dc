#include "core/data_dir.h"

#include <unistd.h>

#include <cstdlib>
#include <system_error>

namespace onnxcts {

namespace fs = std::filesystem;

fs::path ExecutableDir() {
  std::error_code error;
  const fs::path self = fs::canonical("/proc/self/exe", error);
  return error ? fs::current_path() : self.parent_path();
}

fs::path DataDir() {
  const char* set = std::getenv("ONNXCTS_DATA_DIR");
  if (set != nullptr && *set != '\0') return set;
  return (ExecutableDir().parent_path() / "share" / "onnxcts");
}

fs::path HelperProgram(std::string_view name) {
  const fs::path dir = ExecutableDir();
  const fs::path beside = dir / name;
  if (access(beside.c_str(), X_OK) == 0) return beside;
  const fs::path installed = dir.parent_path() / "libexec" / "onnxcts" / name;
  if (access(installed.c_str(), X_OK) == 0) return installed;
  return beside;
}

}  // namespace onnxcts
