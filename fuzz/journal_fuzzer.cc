// Journal::Resume() (run/journal.h) on any bytes: the file a killed run
// left behind, torn, corrupted or not a journal at all. Resume either
// refuses it with JournalMismatch, leaving it as it was, or keeps a prefix
// of whole lines whose every record has a good CRC (checked here with zlib)
// and reads as the results it holds, drops the rest, and only the rest
// (the first line dropped must be bad), and then takes new records after
// the ones it kept.
//
// The first byte picks what the rest is: even, the whole file; odd, what
// follows a good header that Create() wrote, so that the records are
// reached whatever version of onnxcts made the seeds.
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "finding.h"
#include "report/report.h"
#include "run/journal.h"
#include "scratch_prefix.h"

namespace onnxcts::fuzz {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Done = std::map<std::string, std::vector<CaseResult>>;

// make_seeds.py writes whole journals with this header.
const JournalHeader kHeader = {
    "run",
    {{"backend", "reference"}, {"suite", {"conformance"}}, {"filter", ""}},
    "0123456789abcdef"};

struct Scratch {
  TempDir dir{ScratchPrefix("onnxcts-fuzz-journal-")};
  fs::path path = dir.path() / "report.json.journal";
};

const Scratch& TheScratch() {
  static const Scratch scratch;
  return scratch;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteFile(const fs::path& path, std::string_view bytes, bool append) {
  std::ofstream out(path, std::ios::binary |
                              (append ? std::ios::app : std::ios::trunc));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// The JSON of a line (no newline) when its CRC, computed here, is good and
// it parses within the journal's depth; else none.
std::optional<json> GoodLine(std::string_view line) {
  const size_t tab = line.rfind('\t');
  if (tab == std::string_view::npos || line.size() - tab != 9) return {};
  const std::string_view text = line.substr(0, tab);
  const uLong crc = crc32(0, reinterpret_cast<const Bytef*>(text.data()),
                          static_cast<uInt>(text.size()));
  char digits[9];
  std::snprintf(digits, sizeof digits, "%08lx", crc);
  if (line.substr(tab + 1) != digits) return {};
  bool deep = false;
  json j;
  try {
    j = json::parse(text, [&deep](int depth, json::parse_event_t, json&) {
      deep = deep || depth > 32;
      return !deep;
    });
  } catch (const json::exception&) {
    return {};
  }
  if (deep || j.is_discarded()) return {};
  return j;
}

// Whether `j` holds a record that the results reader takes whole.
bool IsRecord(const json& j) {
  if (!j.is_object() || j.size() != 2 || !j.contains("key") ||
      !j["key"].is_string() || !j.contains("results") ||
      !j["results"].is_array()) {
    return false;
  }
  try {
    for (const json& r : j["results"]) ResultFromJson(r, "fuzz");
  } catch (const InputError&) {
    return false;
  }
  return true;
}

// Checks what Resume() kept (`done`, the file now `after`) against the
// file it was given (`before`).
void CheckKept(const std::string& before, const std::string& after,
               const Done& done, const Finder& finder) {
  if (before.compare(0, after.size(), after) != 0 || after.empty() ||
      after.back() != '\n') {
    finder.Fail("not_a_prefix", "the file left is not whole lines of it");
  }
  const std::string_view kept(after);
  std::map<std::string, json> expected;
  size_t start = kept.find('\n') + 1;  // past the header
  for (size_t end; (end = kept.find('\n', start)) != std::string::npos;
       start = end + 1) {
    const auto line = GoodLine(kept.substr(start, end - start));
    if (!line || !IsRecord(*line)) finder.Fail("kept_bad", "kept a bad line");
    expected[(*line)["key"].get<std::string>()] = (*line)["results"];
  }
  if (done.size() != expected.size()) finder.Fail("misread", "wrong keys");
  for (const auto& [key, results] : done) {
    json got = json::array();
    for (const CaseResult& r : results) got.push_back(ToJson(r));
    if (!expected.contains(key) || got != expected[key]) {
      finder.Fail("misread", "record " + key + " reads otherwise");
    }
  }
  const size_t end = before.find('\n', after.size());
  if (end == std::string::npos) return;  // the tail is torn
  const auto next = GoodLine(
      std::string_view(before).substr(after.size(), end - after.size()));
  if (next && IsRecord(*next)) finder.Fail("dropped_good", "dropped a record");
}

CaseResult Appended() {
  CaseResult r;
  r.case_id = "fuzz.appended";
  r.status = Status::kCrash;
  return r;
}

// Resuming again reads the records kept, `done`, and the one appended
// after them.
void CheckAppended(const fs::path& path, const Done& done,
                   const Finder& finder) {
  Done expected = done;
  expected[Appended().case_id] = {Appended()};
  Done again;
  Journal::Resume(path, kHeader, again);
  if (again != expected) {
    finder.Fail("append_lost", "a record appended reads back otherwise");
  }
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  if (size == 0) return 0;
  const Finder finder{"journal", data, size};
  const fs::path& path = TheScratch().path;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1,
                              size - 1);
  if (data[0] % 2 == 1) {
    Journal::Create(path, kHeader);
    WriteFile(path, rest, /*append=*/true);
  } else {
    WriteFile(path, rest, /*append=*/false);
  }
  const std::string before = ReadFile(path);
  Done done;
  std::optional<Journal> journal;
  try {
    journal.emplace(Journal::Resume(path, kHeader, done));
  } catch (const JournalMismatch&) {
    if (ReadFile(path) != before) {
      finder.Fail("refused_changed", "a journal refused was changed");
    }
    return 0;
  } catch (const std::exception& e) {
    finder.Fail("threw", e.what());
  }
  CheckKept(before, ReadFile(path), done, finder);
  journal->Append(Appended().case_id, {Appended()});
  journal.reset();  // which writes the record
  CheckAppended(path, done, finder);
  return 0;
}
