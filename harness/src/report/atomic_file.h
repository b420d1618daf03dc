// Writing a file so that readers see either the old file or the whole new
// one, never a part: reports, and every view written from them.
#ifndef ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_
#define ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_

#include <filesystem>
#include <string>
#include <string_view>

namespace onnxcts {

// A file written in pieces that appears at `path` whole, or not at all:
// the pieces go to a temporary file beside it, which Commit() flushes to
// disk and renames over `path`. Destroyed uncommitted (an exception on the
// way), it removes the temporary file and `path` stays as it was. Each
// method throws std::system_error naming the path.
class AtomicFile {
 public:
  explicit AtomicFile(const std::filesystem::path& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Buffered: a report streamed result by result costs few system calls.
  void Write(std::string_view piece);
  void Commit();

 private:
  void Flush();

  std::filesystem::path path_;    // as given, for messages
  std::filesystem::path target_;  // absolute
  std::string temp_;
  int fd_ = -1;
  std::string buffer_;
};

// WriteFileAtomically()
//
// Writes `contents` to a temporary file beside `path`, flushes it to disk
// and renames it over `path`. On any failure throws std::system_error naming
// the path, removes the temporary file and leaves `path` as it was.
void WriteFileAtomically(const std::filesystem::path& path,
                         std::string_view contents);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_ATOMIC_FILE_H_
