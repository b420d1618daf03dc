// What a fuzz target prints when it finds a bug: one line
// "onnxcts-fuzz-finding: <signature>" (a stable text that the nightly job
// de-duplicates findings by), a line of detail, and the input as \xNN
// escapes, ready to paste into a test; then abort(), so that the engine
// keeps the input as a crash.
#ifndef ONNXCTS_FUZZ_FINDING_H_
#define ONNXCTS_FUZZ_FINDING_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace onnxcts::fuzz {

inline constexpr char kFindingPrefix[] = "onnxcts-fuzz-finding: ";

// "\x01\xab...": every byte escaped, so the text is exact whatever it holds.
inline std::string HexEscaped(const uint8_t* data, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(size * 4);
  for (size_t i = 0; i < size; ++i) {
    text += "\\x";
    text += kDigits[data[i] >> 4];
    text += kDigits[data[i] & 15];
  }
  return text;
}

// PrintFinding()
//
// Prints the finding's signature, `detail` and the input.
inline void PrintFinding(std::string_view signature, std::string_view detail,
                         const uint8_t* data, size_t size) {
  std::fprintf(stderr, "%s%.*s\n%.*s\ninput (%zu bytes): \"%s\"\n",
               kFindingPrefix, static_cast<int>(signature.size()),
               signature.data(), static_cast<int>(detail.size()), detail.data(),
               size, HexEscaped(data, size).c_str());
  std::fflush(stderr);
}

// ReportFinding()
//
// PrintFinding(), then abort().
[[noreturn]] inline void ReportFinding(std::string_view signature,
                                       std::string_view detail,
                                       const uint8_t* data, size_t size) {
  PrintFinding(signature, detail, data, size);
  std::abort();
}

// The input a target is checking: Fail() reports a finding signed
// "<target> <what>" for it.
struct Finder {
  std::string_view target;
  const uint8_t* data;
  size_t size;

  [[noreturn]] void Fail(std::string_view what, std::string_view detail) const {
    ReportFinding(std::string(target) + " " + std::string(what), detail, data,
                  size);
  }
};

}  // namespace onnxcts::fuzz

#endif  // ONNXCTS_FUZZ_FINDING_H_
