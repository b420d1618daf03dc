// Each file is read through zlib's CRC-32, which is fast and catches every
// burst of changes up to 32 bits long; FNV-1a then folds the CRCs, sizes,
// names and ids into 64 bits, so that no two suites of a user share a
// fingerprint by luck.
#include "run/suite_fingerprint.h"

#include <fmt/core.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string_view>

namespace onnxcts {
namespace {

class Fnv1a {
 public:
  void Add(std::string_view bytes) {
    for (const char c : bytes) {
      hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3u;
    }
  }
  // Length first, so that ("ab", "c") and ("a", "bc") differ.
  void AddField(std::string_view field) {
    AddNumber(field.size());
    Add(field);
  }
  void AddNumber(uint64_t n) {
    for (int i = 0; i < 8; ++i) {
      const char byte = static_cast<char>(n >> (8 * i));
      Add(std::string_view(&byte, 1));
    }
  }
  uint64_t hash() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325u;
};

void AddFile(const std::filesystem::path& file, Fnv1a& fnv) {
  fnv.AddField(file.filename().string());
  std::ifstream in(file, std::ios::binary);
  uLong crc = crc32(0L, Z_NULL, 0);
  uint64_t size = 0;
  std::string chunk(1 << 16, '\0');
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto n = static_cast<size_t>(in.gcount());
    crc = crc32(crc, reinterpret_cast<const Bytef*>(chunk.data()),
                static_cast<uInt>(n));
    size += n;
  }
  const bool readable = in.eof() && !in.bad();
  fnv.AddField(readable ? "file" : "unreadable");
  fnv.AddNumber(size);
  fnv.AddNumber(crc);
}

void AddCase(const TestCase& c, Fnv1a& fnv) {
  fnv.AddField(c.id);
  fnv.AddNumber(c.must_reject ? 1 : 0);
  AddFile(c.model, fnv);
  fnv.AddNumber(c.data_sets.size());
  for (const DataSet& d : c.data_sets) {
    fnv.AddNumber(static_cast<uint64_t>(d.index));
    fnv.AddNumber(d.inputs.size());
    for (const auto& file : d.inputs) AddFile(file, fnv);
    fnv.AddNumber(d.outputs.size());
    for (const auto& file : d.outputs) AddFile(file, fnv);
  }
}

}  // namespace

std::string SuiteFingerprint(const std::vector<TestCase>& cases) {
  std::vector<const TestCase*> sorted;
  for (const TestCase& c : cases) sorted.push_back(&c);
  std::ranges::sort(sorted, {}, &TestCase::id);
  Fnv1a fnv;
  fnv.AddNumber(sorted.size());
  for (const TestCase* c : sorted) AddCase(*c, fnv);
  return fmt::format("{:016x}", fnv.hash());
}

}  // namespace onnxcts
