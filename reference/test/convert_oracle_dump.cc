// reference_convert_ml_dtypes_dump OUT_DIR
//
// Writes CastOracle's answer for every pattern of every source of 16 bits
// or fewer into every target, one file per source, target and option set
// (OUT_DIR/<from>.<to>.<k>.bin, little-endian, UnpackedBytes(to) each), and
// OUT_DIR/manifest.txt naming them, for convert_ml_dtypes_check.py.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "convert_test_util.h"

namespace onnxcts::convert {
namespace {

void DumpPair(const std::string& dir, const DTypeInfo& from,
              const DTypeInfo& to, std::ofstream& manifest) {
  const std::vector<CastOptions> options = OptionsFor(to);
  const size_t width = UnpackedBytes(to);
  for (size_t k = 0; k < options.size(); ++k) {
    const CastOptions& o = options[k];
    std::vector<char> bytes((from.all_bits() + 1) * width);
    for (uint64_t b = 0; b <= from.all_bits(); ++b) {
      const uint64_t out = CastOracle(from, b, to, o);
      for (size_t j = 0; j < width; ++j) {
        bytes[b * width + j] = static_cast<char>(out >> (8 * j));
      }
    }
    const std::string name = std::string(from.name) + "." +
                             std::string(to.name) + "." + std::to_string(k) +
                             ".bin";
    std::ofstream(dir + "/" + name, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    manifest << name << ' ' << from.name << ' ' << to.name << ' '
             << o.saturate << ' ' << static_cast<int>(o.round_mode) << ' '
             << o.opset << '\n';
  }
}

}  // namespace
}  // namespace onnxcts::convert

int main(int argc, char** argv) {
  using namespace onnxcts::convert;
  if (argc != 2) {
    std::fprintf(stderr, "usage: reference_convert_ml_dtypes_dump OUT_DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::ofstream manifest(dir + "/manifest.txt");
  for (const onnxcts::DTypeInfo& from : CastDTypes()) {
    if (from.bits > 16) continue;
    for (const onnxcts::DTypeInfo& to : CastDTypes()) {
      DumpPair(dir, from, to, manifest);
    }
  }
  return manifest ? 0 : 1;
}
