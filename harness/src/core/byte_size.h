// Sizes in bytes as people write them on a command line ("512M", "2GiB")
// and as messages show them ("256 MiB"). Units are binary: K is 1024.
#ifndef ONNXCTS_HARNESS_CORE_BYTE_SIZE_H_
#define ONNXCTS_HARNESS_CORE_BYTE_SIZE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace onnxcts {

// ParseByteSize()
//
// The bytes `text` names: a whole number, optionally followed by K, M, G or
// T (either case) and then optionally "iB" or "B"; "4096", "512M", "512MiB",
// "2gb". Throws std::invalid_argument quoting `text` when it is anything
// else or does not fit 64 bits.
uint64_t ParseByteSize(std::string_view text);

// ByteSizeText()
//
// `bytes` in the largest binary unit it reaches, to one decimal rounded
// down and without a trailing ".0": "512 bytes", "3.4 MiB", "256 MiB".
std::string ByteSizeText(uint64_t bytes);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_BYTE_SIZE_H_
