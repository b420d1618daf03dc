// The journal behind --resume (DESIGN.md, Scale): `onnxcts run` and `sweep`
// append each finished result (a case's data sets, a sweep's slice) to a
// file beside the report, so that a killed run can go on where it stopped
// and still write the report an uninterrupted run would have written.
//
// The file is UTF-8 text, one self-checking line per record (journal_line.h):
// first the header, {"journal":1,"tool":"onnxcts","version":...,"command":...,
// "arguments":{...},"suite":...}, then {"key":...,"results":[...]} per record,
// each result as the report holds it. Everything from the first line that is
// cut short, fails its CRC or does not read as a record is a torn tail: a
// resume drops it and appends after the good records.
#ifndef ONNXCTS_HARNESS_RUN_JOURNAL_H_
#define ONNXCTS_HARNESS_RUN_JOURNAL_H_

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "run/journal_header.h"

namespace onnxcts {

class Journal {
 public:
  // Create()
  //
  // A fresh journal at `path` (created or truncated), its header written and
  // on disk. Throws std::system_error naming the path (ENOSPC, EFBIG, EIO...),
  // as every write below does.
  static Journal Create(const std::filesystem::path& path,
                        const JournalHeader& header);

  // Resume()
  //
  // The journal at `path`, for --resume: throws JournalMismatch when its
  // header differs from `header` (the file is then left as it is), else
  // fills `done` with each good record's results by key (a key recorded
  // twice keeps its last record), drops the torn tail from the file, and
  // appends after the good records. I/O errors throw std::system_error.
  static Journal Resume(const std::filesystem::path& path,
                        const JournalHeader& header,
                        std::map<std::string, std::vector<CaseResult>>& done);

  Journal(Journal&&) noexcept;
  Journal& operator=(Journal&&) noexcept;
  // Writes what is buffered; errors are ignored here (call Flush() to see
  // them).
  ~Journal();

  // Append()
  //
  // Buffers a record of `results` under `key`; thread-safe. Records reach
  // the disk (write, then fdatasync) once 64 are waiting or 0.5 s after the
  // last write, on a thread of the journal's own. Throws the
  // std::system_error of a write that failed, here or on that thread; once
  // a write has failed, every later call throws it.
  void Append(const std::string& key, const std::vector<CaseResult>& results);

  // Flush()
  //
  // Writes what is buffered now, and throws as Append() does.
  void Flush();

  // Remove()
  //
  // Drops what is buffered and deletes the file: the report is written. The
  // journal takes no records after. Throws std::system_error naming the path
  // when the file cannot be deleted.
  void Remove();

  // The file; not after Remove().
  const std::filesystem::path& path() const;

 private:
  struct State;
  explicit Journal(std::unique_ptr<State> state);

  std::unique_ptr<State> state_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_JOURNAL_H_
