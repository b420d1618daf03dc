// What a journal must agree on with the run that resumes it: the onnxcts
// that made it, the command, its arguments and the suite's content. A
// journal made otherwise holds results the resumed run would not have
// found, so it is refused, with a message saying what differs.
#ifndef ONNXCTS_HARNESS_RUN_JOURNAL_HEADER_H_
#define ONNXCTS_HARNESS_RUN_JOURNAL_HEADER_H_

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

namespace onnxcts {

struct JournalHeader {
  std::string command;       // "run" or "sweep"
  nlohmann::json arguments;  // an object: option name -> value
  std::string suite;         // SuiteFingerprint() for run, "" for sweep
};

// A journal that the run asking to resume it cannot resume: made by another
// onnxcts, for another command, arguments or suite, or no journal at all.
// Its message names the file and what differs.
class JournalMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// JournalVersion()
//
// The version a journal records and must match to be resumed: that of
// onnxcts and the commit it was built from ("0.1.0 (<commit>)"). The one
// place that decides it.
std::string JournalVersion();

// HeaderLine()
//
// The journal line (journal_line.h) of `header`, with JournalVersion().
// Throws std::invalid_argument when its arguments are not an object.
std::string HeaderLine(const JournalHeader& header);

// CheckHeader()
//
// Throws JournalMismatch naming `path` unless `first_line`, the JSON of the
// journal's first line (none when that line is not well formed), is a
// header that `header` and JournalVersion() agree with.
void CheckHeader(const std::optional<nlohmann::json>& first_line,
                 const JournalHeader& header,
                 const std::filesystem::path& path);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_JOURNAL_HEADER_H_
