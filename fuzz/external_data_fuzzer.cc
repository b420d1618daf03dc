// External-data path resolution (io/external_data.h): whatever the
// location, offset and length strings say, nothing outside the suite folder
// is ever read. The scratch folder holds a suite with files at each level,
// symlinks that stay inside and symlinks that lead out, a FIFO, and beside
// the suite a file whose every byte is 0xEE. A read that succeeds must have
// resolved inside the suite, lexically (for locations without a symlink)
// and as realpath(3) resolves it, and must hold exactly the bytes of that
// file.
#include <fuzzer/FuzzedDataProvider.h>
#include <sys/stat.h>

#include <climits>
#include <cstdlib>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "finding.h"
#include "io/external_data.h"
#include "scratch_prefix.h"

namespace onnxcts::fuzz {
namespace {

namespace fs = std::filesystem;

constexpr char kOutsideByte = '\xEE';
constexpr const char* kKeys[] = {"location", "offset", "length", "checksum"};
// The symlinks inside the suite; a location naming one resolves through it.
constexpr const char* kLinks[] = {"out_file", "out_dir", "in_file", "in_dir"};

void WriteBytes(const fs::path& path, char first, int count) {
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < count; ++i) out.put(static_cast<char>(first + i));
}

//   <tmp>/outside.bin                  0xEE x 64
//   <tmp>/suite/data.bin               0x00..
//   <tmp>/suite/case/x.bin             0x40..
//   <tmp>/suite/case/test_data_set_0/  the .pb's folder: y.bin 0x80.., fifo
//   <tmp>/suite/case/out_file -> ../../outside.bin, out_dir -> ../..
//   <tmp>/suite/case/in_file -> ../data.bin, in_dir -> test_data_set_0
struct Scratch {
  TempDir dir{ScratchPrefix("onnxcts-fuzz-external-")};
  fs::path suite = dir.path() / "suite";
  fs::path pb_dir = suite / "case" / "test_data_set_0";
  std::string file = (pb_dir / "input_0.pb").string();
  fs::path real_suite;

  Scratch() {
    fs::create_directories(pb_dir);
    std::ofstream(dir.path() / "outside.bin", std::ios::binary)
        << std::string(64, kOutsideByte);
    WriteBytes(suite / "data.bin", 0x00, 64);
    WriteBytes(suite / "case" / "x.bin", 0x40, 64);
    WriteBytes(pb_dir / "y.bin", static_cast<char>(0x80), 64);
    ::mkfifo((pb_dir / "fifo").c_str(), 0600);
    const fs::path c = suite / "case";
    fs::create_symlink("../../outside.bin", c / "out_file");
    fs::create_symlink("../..", c / "out_dir");
    fs::create_symlink("../data.bin", c / "in_file");
    fs::create_symlink("test_data_set_0", c / "in_dir");
    real_suite = fs::canonical(suite);
  }
};

const Scratch& TheScratch() {
  static const Scratch scratch;
  return scratch;
}

// Independent of io/files.h's IsWithin: a plain prefix test on strings.
bool Inside(const fs::path& path, const fs::path& root) {
  const std::string p = path.string();
  const std::string r = root.string() + "/";
  return p.size() > r.size() && p.compare(0, r.size(), r) == 0;
}

bool NamesALink(const std::string& location) {
  return std::ranges::any_of(kLinks, [&](const char* link) {
    return location.find(link) != std::string::npos;
  });
}

std::string FileBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// realpath(3), not std::filesystem: weakly_canonical stops following links
// at the first missing folder, which is how the harness itself once let
// "missing/../out_file" through.
fs::path RealPath(const fs::path& path) {
  char resolved[PATH_MAX];
  return ::realpath(path.c_str(), resolved) ? fs::path(resolved) : fs::path();
}

struct Read {
  onnx::TensorProto proto;
  std::string location;
  uint64_t offset = 0;
  uint64_t expected_bytes = 0;
};

// A few external_data entries: keys mostly the known ones, values any.
Read ReadInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider fdp(data, size);
  Read read;
  read.proto.set_data_location(onnx::TensorProto::EXTERNAL);
  read.expected_bytes = fdp.ConsumeIntegralInRange<uint64_t>(0, 80);
  const int entries = fdp.ConsumeIntegralInRange(0, 4);
  for (int i = 0; i < entries; ++i) {
    auto* entry = read.proto.add_external_data();
    const size_t key = fdp.ConsumeIntegralInRange<size_t>(0, 4);
    entry->set_key(key < 4 ? kKeys[key] : fdp.ConsumeRandomLengthString(16));
    entry->set_value(fdp.ConsumeRandomLengthString(64));
    if (entry->key() == "location") read.location = entry->value();
    if (entry->key() == "offset") {
      read.offset = std::strtoull(entry->value().c_str(), nullptr, 10);
    }
  }
  return read;
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const Scratch& s = TheScratch();
  const Read read = ReadInput(data, size);
  std::string bytes;
  try {
    bytes =
        ReadExternalData(read.proto, s.file, "", s.suite, read.expected_bytes);
  } catch (const InputError&) {
    return 0;
  }
  const fs::path named = s.pb_dir / read.location;
  const fs::path real = RealPath(named);
  if (real.empty()) {
    ReportFinding("external_data unresolvable", named.string(), data, size);
  }
  if (!Inside(real, s.real_suite)) {
    ReportFinding("external_data escaped", real.string(), data, size);
  }
  if (!NamesALink(read.location) &&
      !Inside(named.lexically_normal(), s.suite)) {
    ReportFinding("external_data escaped_lexically", named.string(), data,
                  size);
  }
  const std::string whole = FileBytes(real);
  if (bytes.find(kOutsideByte) != std::string::npos ||
      read.offset > whole.size() ||
      whole.compare(read.offset, bytes.size(), bytes) != 0) {
    ReportFinding("external_data wrong_bytes",
                  "not the bytes of " + real.string(), data, size);
  }
  return 0;
}
