// Bounded reads of untrusted files, confinement of paths to a suite folder,
// and atomic writes: the file-system side of every reader and writer in io/.
#ifndef ONNXCTS_HARNESS_IO_FILES_H_
#define ONNXCTS_HARNESS_IO_FILES_H_

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

namespace onnxcts {

// IsWithin()
//
// Whether `path` is `root` or lies below it; both must already be canonical.
bool IsWithin(const std::filesystem::path& path,
              const std::filesystem::path& root);

// RootFor()
//
// The folder a file read from a suite must stay in: `suite_root`, or the
// file's own folder when that is empty.
std::filesystem::path RootFor(const std::filesystem::path& file,
                              const std::filesystem::path& suite_root);

// ConfinedPath()
//
// The canonical form of `path` (symlinks resolved), which must name an
// existing regular file inside `root`; otherwise an InputError naming `file`
// and `field`. Open the returned path, not `path`.
std::filesystem::path ConfinedPath(const std::filesystem::path& path,
                                   const std::filesystem::path& root,
                                   const std::string& file,
                                   const std::string& field);

// ReadFileBounded()
//
// The whole of a regular file of at most `max_bytes`; an InputError naming
// the file when it is missing, not a regular file, larger, or unreadable.
std::string ReadFileBounded(const std::filesystem::path& file,
                            uint64_t max_bytes);

// ReadFileRange()
//
// `length` bytes from `offset` of a regular file; the caller has checked the
// range against the file's size. Errors name `file` and `field`.
std::string ReadFileRange(const std::filesystem::path& path, uint64_t offset,
                          uint64_t length, const std::string& file,
                          const std::string& field);

// WriteFileAtomic()
//
// Writes `bytes` to a temporary file beside `file`, then renames it over
// `file`, so readers see the old content or the new, never a part. Throws
// std::runtime_error naming `file` on failure, leaving no temporary file.
void WriteFileAtomic(const std::filesystem::path& file, std::string_view bytes);

// WriteFileParts()
//
// Writes `parts` one after another to `file`, created or truncated, without
// a temporary file or fsync: for scratch files read once and thrown away.
// Throws std::runtime_error naming `file` on failure, and removes it.
void WriteFileParts(const std::filesystem::path& file,
                    std::initializer_list<std::string_view> parts);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_FILES_H_
