// The scratch folder that stands for a suite in the targets that read one
// file: the file each input is written to, and beside it "data.bin", 64
// bytes that external data may point into.
#ifndef ONNXCTS_FUZZ_ONE_FILE_SUITE_H_
#define ONNXCTS_FUZZ_ONE_FILE_SUITE_H_

#include <fstream>
#include <string>

#include "backends/temp_dir.h"
#include "scratch_prefix.h"

namespace onnxcts::fuzz {

struct OneFileSuite {
  OneFileSuite(const std::string& name, const std::string& file_name)
      : dir(ScratchPrefix(name)), file((dir.path() / file_name).string()) {
    std::ofstream data(dir.path() / "data.bin", std::ios::binary);
    for (int i = 0; i < 64; ++i) data.put(static_cast<char>(i % 2));
  }

  TempDir dir;
  std::string file;
};

}  // namespace onnxcts::fuzz

#endif  // ONNXCTS_FUZZ_ONE_FILE_SUITE_H_
