// Whether a folder's file system has room for what is about to be written
// there, asked before the work starts rather than found out half-way.
#ifndef ONNXCTS_HARNESS_IO_FREE_SPACE_H_
#define ONNXCTS_HARNESS_IO_FREE_SPACE_H_

#include <cstdint>
#include <filesystem>
#include <string_view>

namespace onnxcts {

// FreeBytes()
//
// The bytes an unprivileged process may still write to the file system that
// holds `dir`. Throws std::runtime_error naming `dir` when it cannot tell.
uint64_t FreeBytes(const std::filesystem::path& dir);

// CheckFreeSpace()
//
// Throws std::runtime_error when the file system of `dir` has fewer than
// `bytes` free, e.g. "not enough space in /tmp for the sweep's scratch
// files: it needs 24 MiB, 3.4 MiB are free" for `what` "the sweep's scratch
// files".
void CheckFreeSpace(const std::filesystem::path& dir, uint64_t bytes,
                    std::string_view what);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_FREE_SPACE_H_
