// Writing a file so that readers see either the old file or the whole new
// one, never a part: reports, and every view written from them.
#ifndef ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_
#define ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_

#include <filesystem>
#include <string_view>

namespace onnxcts {

// WriteFileAtomically()
//
// Writes `contents` to a temporary file beside `path`, flushes it to disk
// and renames it over `path`. On any failure throws std::system_error naming
// the path, removes the temporary file and leaves `path` as it was.
void WriteFileAtomically(const std::filesystem::path& path,
                         std::string_view contents);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_
