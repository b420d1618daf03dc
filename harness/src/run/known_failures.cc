#include "run/known_failures.h"

#include <fnmatch.h>

#include <fstream>
#include <regex>

#include "core/input_error.h"

namespace onnxcts {
namespace {

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> SplitFields(const std::string& line) {
  std::vector<std::string> fields;
  size_t start = 0;
  for (size_t bar; (bar = line.find('|', start)) != std::string::npos;
       start = bar + 1) {
    fields.push_back(Trim(line.substr(start, bar - start)));
  }
  fields.push_back(Trim(line.substr(start)));
  return fields;
}

KnownFailure ParseEntry(const std::string& line, const std::string& where,
                        const std::string& today) {
  const std::vector<std::string> f = SplitFields(line);
  if (f.size() != 4) {
    throw InputError(where, "", "expected 'glob | reason | link | YYYY-MM-DD'");
  }
  static const std::regex kDate(R"(\d{4}-\d{2}-\d{2})");
  if (f[0].empty()) throw InputError(where, "glob", "is empty");
  if (f[1].empty()) throw InputError(where, "reason", "is empty");
  if (!std::regex_match(f[3], kDate)) {
    throw InputError(where, "expiry", "'" + f[3] + "' is not YYYY-MM-DD");
  }
  // ISO dates compare correctly as strings.
  return {f[0], f[1], f[2], f[3], f[3] < today, 0};
}

bool Matches(const std::string& glob, const std::string& id) {
  return fnmatch(glob.c_str(), id.c_str(), 0) == 0;
}

}  // namespace

std::vector<KnownFailure> ReadKnownFailures(const std::filesystem::path& file,
                                            const std::string& today) {
  std::ifstream in(file);
  if (!in) throw InputError(file.string(), "", "cannot be read");
  std::vector<KnownFailure> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    // Only whole lines are comments: links may hold a '#'.
    const std::string text = Trim(line);
    if (text.empty() || text[0] == '#') continue;
    entries.push_back(ParseEntry(
        text, file.string() + ":" + std::to_string(number), today));
  }
  return entries;
}

void ApplyKnownFailures(std::vector<KnownFailure>& entries,
                        std::vector<CaseResult>& results, Policy policy) {
  for (CaseResult& r : results) {
    for (KnownFailure& e : entries) {
      if (e.expired || !Matches(e.glob, r.case_id)) continue;
      if (IsFailure(r.status, policy, false)) {
        r.status = Status::kExpectedFail;
      } else if (r.status == Status::kPass) {
        r.status = Status::kUnexpectedPass;
      } else {
        continue;
      }
      r.known_failure = e.glob;
      ++e.matched;
      break;
    }
  }
}

}  // namespace onnxcts
