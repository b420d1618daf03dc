// A private temporary folder that is removed with everything in it when the
// owner goes away: where backends have workers write their outputs.
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

 private:
  std::filesystem::path path_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_TEMP_DIR_H_
