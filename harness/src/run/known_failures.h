// Known failures of a backend: a plain-text file, one entry a line,
//
//   <case id glob> | <reason> | <issue link> | <expiry date YYYY-MM-DD>
//
// (a line starting with '#' is a comment). A listed case that fails is `expected_fail`; one
// that passes is `unexpected_pass`. An entry past its expiry date no longer
// applies and is reported as expired, so a known failure cannot hide for
// ever.
#ifndef ONNXCTS_HARNESS_RUN_KNOWN_FAILURES_H_
#define ONNXCTS_HARNESS_RUN_KNOWN_FAILURES_H_

#include <filesystem>
#include <string>
#include <vector>

#include "core/result.h"

namespace onnxcts {

struct KnownFailure {
  std::string glob;
  std::string reason;
  std::string link;
  std::string expires;  // YYYY-MM-DD
  bool expired = false;
  int matched = 0;  // results it turned into expected_fail/unexpected_pass
};

// ReadKnownFailures()
//
// Parses the file; `today` (YYYY-MM-DD) decides which entries expired.
// Throws InputError naming the line and field of a malformed entry.
std::vector<KnownFailure> ReadKnownFailures(const std::filesystem::path& file,
                                            const std::string& today);

// ApplyKnownFailures()
//
// Rewrites the statuses of listed results and counts the matches.
void ApplyKnownFailures(std::vector<KnownFailure>& entries,
                        std::vector<CaseResult>& results, Policy policy);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_KNOWN_FAILURES_H_
