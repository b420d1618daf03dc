// The journal behind --resume: its file format (checked with zlib itself),
// exact round trips, torn and corrupt tails, refused headers, concurrent
// appends, when records reach the disk, write errors, and the lock that
// keeps a second run out.
#include "run/journal.h"

#include <fmt/core.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <ostream>
#include <thread>

#include "backends/temp_dir.h"
#include "report/report.h"
#include "report/version.h"

namespace onnxcts {

// Failures print results as the report would hold them.
void PrintTo(const CaseResult& r, std::ostream* os) {
  *os << ToJson(r).dump(-1, ' ', false,
                        nlohmann::json::error_handler_t::replace);
}

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Done = std::map<std::string, std::vector<CaseResult>>;

constexpr int kBatch = 64;  // records that are written without waiting

const JournalHeader kHeader = {
    "run",
    {{"backend", "ort"}, {"filter", "isinf"}, {"timeout", 30}},
    "00112233445566ff"};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteFile(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

// The 8 hex digits of zlib's CRC-32 of `text`.
std::string Crc(const std::string& text) {
  char digits[9];
  std::snprintf(digits, sizeof digits, "%08lx",
                crc32(0, reinterpret_cast<const Bytef*>(text.data()),
                      static_cast<uInt>(text.size())));
  return digits;
}

// A journal line made here, as other tools would make one.
std::string Line(const json& j) {
  const std::string text = j.dump();
  return text + "\t" + Crc(text) + "\n";
}

CaseResult Result(const std::string& id, int data_set, Status status) {
  CaseResult r;
  r.case_id = id;
  r.data_set = data_set;
  r.status = status;
  r.op = "IsInf";
  r.opset = 20;
  r.dtype = "float16";
  r.seconds = 0.25;
  return r;
}

// One result of every status, with what each field can hold: comparisons
// with classes and examples, text with tabs, newlines and non-ASCII, and
// times that are no short decimal.
std::vector<CaseResult> EveryStatus() {
  std::vector<CaseResult> results;
  int n = 0;
  for (const Status s : kAllStatuses) {
    CaseResult r = Result("onnxcts.isinf.v20.float16.s" + std::to_string(n),
                          n, s);
    r.message = "line one\n\tline \"two\" \xc3\xa9 " + std::to_string(n);
    r.seconds = 0.1 * n + 1.0 / 3.0;
    r.reproduce = "onnxcts run --filter '^x$' --suite /s";
    r.stderr_tail = n % 2 ? "worker said\r\n\x01" : "";
    r.adapter_steps = {"opset 20 -> 21", "step " + std::to_string(n)};
    if (s == Status::kExpectedFail) r.known_failure = "onnxcts.isinf.*";
    if (s == Status::kFail || s == Status::kDeviation) {
      OutputComparison c;
      c.output = 0;
      c.dtype = "bool";
      c.elements = 65536;
      c.mismatches = s == Status::kFail ? 3 : 0;
      c.deviations = 2;
      c.by_class["+inf"] = {
          2, {{7, "7c00", "01", "00", {}}, {9, "7c00", "01", "00", {}}}};
      c.by_class["-qnan"] = {1, {{65535, "ffff", "00", "01", {}}}};
      // A float output carries ULP distances where there are any: an
      // example with one and one (a NaN's) without.
      OutputComparison f = c;
      f.output = 2;
      f.dtype = "float16";
      f.by_class["+inf"].examples[0] = {7, "7c00", "7c00", "7bff", 1};
      f.max_ulp = uint64_t{1} << 40;  // past int32, and no example's
      r.comparisons = {c, c, f};
      r.comparisons[1].output = 1;
    }
    results.push_back(r);
    ++n;
  }
  return results;
}

// Whether `text` holds `part`; says what it holds when not.
::testing::AssertionResult Holds(const std::string& text,
                                 const std::string& part) {
  if (text.find(part) != std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "\"" << text << "\" lacks \""
                                       << part << "\"";
}

// What Resume() read, and the file as it left it.
struct Resumed {
  Done done;
  std::string file;
};

Resumed ResumeAndRead(const fs::path& path) {
  Resumed r;
  Journal::Resume(path, kHeader, r.done);
  r.file = ReadFile(path);
  return r;
}

// The message of the JournalMismatch that resuming `path` with `header`
// throws; the file must be left as it was.
std::string Refusal(const fs::path& path, const JournalHeader& header) {
  const std::string before = ReadFile(path);
  Done done;
  try {
    Journal::Resume(path, header, done);
  } catch (const JournalMismatch& e) {
    EXPECT_EQ(ReadFile(path), before) << "a refused journal was changed";
    EXPECT_TRUE(Holds(e.what(), path.string()));
    return e.what();
  }
  ADD_FAILURE() << "resumed";
  return "";
}

class JournalTest : public ::testing::Test {
 protected:
  TempDir dir_{"onnxcts_journal_"};
  const fs::path path_ = dir_.path() / "report.json.journal";
};

TEST_F(JournalTest, EachLineIsJsonATabAndTheCrc32OfTheJson) {
  {
    Journal j = Journal::Create(path_, kHeader);
    j.Append("case.a", {Result("case.a", 0, Status::kPass)});
    j.Flush();
  }
  const std::string text = ReadFile(path_);
  ASSERT_EQ(text.back(), '\n');
  const auto lines = Lines(text);
  ASSERT_EQ(lines.size(), 2u);
  for (const std::string& line : lines) {
    const size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    EXPECT_EQ(line.substr(tab + 1), Crc(line.substr(0, tab))) << line;
  }
  // The header's members in the order the format states them.
  const std::string prefix = R"({"journal":1,"tool":"onnxcts","version":")";
  EXPECT_EQ(lines[0].substr(0, prefix.size()), prefix);
  const json header = json::parse(lines[0].substr(0, lines[0].find('\t')));
  EXPECT_EQ(header, (json{{"journal", 1},
                          {"tool", "onnxcts"},
                          {"version", fmt::format("{} ({})", ToolVersion(),
                                                  BuildCommit())},
                          {"command", "run"},
                          {"arguments", kHeader.arguments},
                          {"suite", kHeader.suite}}));
  const json record = json::parse(lines[1].substr(0, lines[1].find('\t')));
  const json result = ToJson(Result("case.a", 0, Status::kPass));
  EXPECT_EQ(record,
            (json{{"key", "case.a"}, {"results", json::array({result})}}));
}

TEST_F(JournalTest, ResultsOfEveryStatusReadBackEqual) {
  const std::vector<CaseResult> all = EveryStatus();
  Done written;
  {
    Journal j = Journal::Create(path_, kHeader);
    for (size_t i = 0; i < all.size(); ++i) {
      // Three results a record, the last record shorter.
      const std::string key = "key " + std::to_string(i / 3);
      written[key].push_back(all[i]);
      if (i % 3 == 2 || i + 1 == all.size()) j.Append(key, written[key]);
    }
    j.Append("empty", {});
    written["empty"] = {};
  }
  const Resumed r = ResumeAndRead(path_);
  EXPECT_EQ(r.done, written);
}

TEST_F(JournalTest, ATornLastLineIsDroppedAndLaterRecordsFollowTheGoodOnes) {
  const CaseResult a = Result("case.a", 0, Status::kPass);
  const CaseResult b = Result("case.b", 1, Status::kFail);
  const CaseResult c = Result("case.c", 2, Status::kCrash);
  const CaseResult d = Result("case.d", 0, Status::kTimeout);
  {
    Journal j = Journal::Create(path_, kHeader);
    j.Append("a", {a});
    j.Append("b", {b});
    j.Append("c", {c});
  }
  const std::string whole = ReadFile(path_);
  const size_t last = whole.rfind('\n', whole.size() - 2) + 1;
  for (size_t cut = last; cut < whole.size(); ++cut) {
    SCOPED_TRACE("cut at " + std::to_string(cut) + " of " +
                 std::to_string(whole.size()));
    WriteFile(path_, whole.substr(0, cut));
    {
      Done done;
      Journal j = Journal::Resume(path_, kHeader, done);
      EXPECT_EQ(done, (Done{{"a", {a}}, {"b", {b}}}));
      EXPECT_EQ(ReadFile(path_), whole.substr(0, last));
      j.Append("d", {d});
    }
    const Resumed again = ResumeAndRead(path_);
    EXPECT_EQ(again.done, (Done{{"a", {a}}, {"b", {b}}, {"d", {d}}}));
  }
}

TEST_F(JournalTest, AFlippedByteDropsItsRecordAndAllAfter) {
  std::vector<CaseResult> results;
  {
    Journal j = Journal::Create(path_, kHeader);
    for (int i = 0; i < 5; ++i) {
      results.push_back(Result("case." + std::to_string(i), i, Status::kPass));
      j.Append(std::to_string(i), {results.back()});
    }
  }
  const std::string whole = ReadFile(path_);
  const auto lines = Lines(whole);
  ASSERT_EQ(lines.size(), 6u);
  // Records 0 and 1 are lines 1 and 2; record 2, line 3, is the one hit.
  const size_t start = lines[0].size() + lines[1].size() + lines[2].size() + 3;
  const size_t end = start + lines[3].size() + 1;  // its newline included
  for (size_t at = start; at < end; ++at) {
    SCOPED_TRACE("byte " + std::to_string(at));
    std::string flipped = whole;
    flipped[at] ^= 1;
    WriteFile(path_, flipped);
    const Resumed r = ResumeAndRead(path_);
    EXPECT_EQ(r.done, (Done{{"0", {results[0]}}, {"1", {results[1]}}}));
    EXPECT_EQ(r.file, whole.substr(0, start));
  }
}

TEST_F(JournalTest, AGoodLineThatIsNoRecordStartsTheTail) {
  const CaseResult a = Result("case.a", 0, Status::kPass);
  json bad = ToJson(a);
  bad["status"] = "excellent";
  {
    Journal j = Journal::Create(path_, kHeader);
    j.Append("a", {a});
  }
  const std::string good = ReadFile(path_);
  const std::string next =
      Line({{"key", "c"}, {"results", json::array({ToJson(a)})}});
  for (const json& not_a_record :
       {json{{"key", "b"}, {"results", json::array({bad})}},
        json{{"key", 1}, {"results", json::array()}}, json{{"key", "b"}},
        json::array(),
        json{{"key", "b"}, {"results", json::array()}, {"more", 1}}}) {
    SCOPED_TRACE(not_a_record.dump());
    WriteFile(path_, good + Line(not_a_record) + next);
    const Resumed r = ResumeAndRead(path_);
    EXPECT_EQ(r.done, (Done{{"a", {a}}}));
    EXPECT_EQ(r.file, good);
  }
}

TEST_F(JournalTest, AKeyRecordedTwiceKeepsItsLastRecord) {
  const CaseResult first = Result("case.a", 0, Status::kCrash);
  const CaseResult second = Result("case.a", 0, Status::kPass);
  {
    Journal j = Journal::Create(path_, kHeader);
    j.Append("a", {first});
    j.Append("a", {second});
  }
  EXPECT_EQ(ResumeAndRead(path_).done, (Done{{"a", {second}}}));
}

TEST_F(JournalTest, AnotherHeaderIsRefusedSayingWhatDiffers) {
  {
    Journal j = Journal::Create(path_, kHeader);
    j.Append("a", {Result("case.a", 0, Status::kPass)});
  }
  // A torn tail too: a refusal must not drop it either.
  WriteFile(path_, ReadFile(path_) + "{\"key\":");

  JournalHeader backend = kHeader;
  backend.arguments["backend"] = "reference";
  EXPECT_TRUE(Holds(Refusal(path_, backend),
                    "it was made with --backend 'ort', this run has "
                    "--backend 'reference'"));

  JournalHeader other = kHeader;
  other.arguments.erase("filter");
  other.arguments["threads"] = 4;
  other.arguments["timeout"] = 60;
  const std::string all = Refusal(path_, other);
  EXPECT_TRUE(Holds(all, "it was made with --filter 'isinf', this run has "
                         "no --filter; "));
  EXPECT_TRUE(Holds(all, "it was made without --threads, this run has "
                         "--threads 4; "));
  EXPECT_TRUE(Holds(all, "it was made with --timeout 30, this run has "
                         "--timeout 60"));

  JournalHeader suite = kHeader;
  suite.suite = "00112233445566fe";
  EXPECT_TRUE(Holds(Refusal(path_, suite),
                    "the suite's content has changed since"));

  JournalHeader sweep = kHeader;
  sweep.command = "sweep";
  EXPECT_TRUE(Holds(Refusal(path_, sweep),
                    "it was made by `onnxcts run`, this is `onnxcts sweep`"));
}

TEST_F(JournalTest, AJournalOfAnotherVersionIsRefusedNamingBoth) {
  { Journal::Create(path_, kHeader); }
  const std::string text = ReadFile(path_);
  json header = json::parse(text.substr(0, text.find('\t')));
  header["version"] = "0.0.1-old";
  WriteFile(path_, Line(header));
  EXPECT_TRUE(Holds(Refusal(path_, kHeader),
                    "it was made by onnxcts 0.0.1-old, this is " +
                        std::string(ToolVersion())));
}

TEST_F(JournalTest, AFileThatIsNoJournalIsRefusedAndLeftAlone) {
  for (const std::string& text :
       {std::string(), std::string("{\"results\": [1, 2, 3]}\n"),
        std::string("precious notes\nmore\n"),
        Line({{"journal", 1}, {"tool", "other"}})}) {
    SCOPED_TRACE(text);
    WriteFile(path_, text);
    EXPECT_TRUE(Holds(Refusal(path_, kHeader), "not an onnxcts journal"));
  }
  // A header cut short: nothing was recorded, but the file is not guessed at.
  { Journal::Create(path_, kHeader); }
  const std::string header = ReadFile(path_);
  WriteFile(path_, header.substr(0, header.size() - 1));
  EXPECT_TRUE(Holds(Refusal(path_, kHeader), "not an onnxcts journal"));
}

TEST_F(JournalTest, FourThreadsAppendingLoseNothing) {
  constexpr int kThreads = 4, kEach = 300;
  {
    Journal j = Journal::Create(path_, kHeader);
    std::vector<std::jthread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&j, t] {
        const std::string id = "thread" + std::to_string(t);
        for (int n = 0; n < kEach; ++n) {
          j.Append(id + "." + std::to_string(n),
                   {Result(id, n, Status::kPass)});
        }
      });
    }
    threads.clear();
    j.Flush();
  }
  const Resumed r = ResumeAndRead(path_);
  EXPECT_EQ(Lines(r.file).size(), 1u + kThreads * kEach);
  ASSERT_EQ(r.done.size(), static_cast<size_t>(kThreads * kEach));
  for (int t = 0; t < kThreads; ++t) {
    for (int n = 0; n < kEach; ++n) {
      const std::string id = "thread" + std::to_string(t);
      const auto it = r.done.find(id + "." + std::to_string(n));
      ASSERT_NE(it, r.done.end()) << id << " " << n;
      EXPECT_EQ(it->second,
                std::vector<CaseResult>{Result(id, n, Status::kPass)});
    }
  }
}

// Polls until `path` holds `lines` lines; false after 5 s.
bool HoldsLinesSoon(const fs::path& path, size_t lines) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (Lines(ReadFile(path)).size() != lines) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

TEST_F(JournalTest, RecordsAreBatchedYetReachTheDiskWithoutFlush) {
  const auto start = std::chrono::steady_clock::now();
  Journal j = Journal::Create(path_, kHeader);
  for (int n = 0; n < 10; ++n) j.Append(std::to_string(n), {});
  // Within 0.5 s of the header's write nothing more is written, unless 64
  // records wait; a slow machine may already be past that.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const std::string soon = ReadFile(path_);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  if (elapsed < std::chrono::milliseconds(400)) {
    EXPECT_EQ(Lines(soon).size(), 1u);
  }
  EXPECT_TRUE(HoldsLinesSoon(path_, 11));
  for (int n = 0; n < kBatch; ++n) j.Append("more " + std::to_string(n), {});
  EXPECT_TRUE(HoldsLinesSoon(path_, 11 + kBatch));
}

TEST_F(JournalTest, WhatIsBufferedIsWrittenWhenTheJournalGoes) {
  const CaseResult a = Result("case.a", 0, Status::kPass);
  { Journal::Create(path_, kHeader).Append("a", {a}); }
  EXPECT_EQ(ResumeAndRead(path_).done, (Done{{"a", {a}}}));
}

TEST_F(JournalTest, RemoveDeletesTheFileAndTakesNoMore) {
  Journal j = Journal::Create(path_, kHeader);
  j.Append("a", {});
  j.Remove();
  EXPECT_FALSE(fs::exists(path_));
  EXPECT_THROW(j.Append("b", {}), std::logic_error);
  EXPECT_FALSE(fs::exists(path_));
}

// Two runs given the same --report: the second neither truncates nor
// appends to the first's journal, and says why; once the first is gone the
// journal is free.
TEST_F(JournalTest, AJournalInUseIsNotTakenByAnotherRun) {
  const CaseResult a = Result("case.a", 0, Status::kPass);
  {
    Journal first = Journal::Create(path_, kHeader);
    first.Append("a", {a});
    first.Flush();
    const std::string before = ReadFile(path_);
    Done done;
    for (const bool resume : {false, true}) {
      try {
        resume ? (void)Journal::Resume(path_, kHeader, done)
               : (void)Journal::Create(path_, kHeader);
        FAIL() << "took a journal in use, resume " << resume;
      } catch (const std::runtime_error& e) {
        EXPECT_TRUE(Holds(e.what(), "held by another onnxcts run")) << e.what();
        EXPECT_TRUE(Holds(e.what(), path_.string())) << e.what();
      }
    }
    EXPECT_EQ(ReadFile(path_), before);
    EXPECT_TRUE(done.empty());
  }
  EXPECT_EQ(ResumeAndRead(path_).done, (Done{{"a", {a}}}));
}

TEST_F(JournalTest, AMissingJournalIsAnErrorNamingIt) {
  Done done;
  try {
    Journal::Resume(path_, kHeader, done);
    FAIL() << "resumed a journal that is not there";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code(), std::errc::no_such_file_or_directory);
    EXPECT_TRUE(Holds(e.what(), path_.string()));
  }
}

TEST(JournalWriteError, ADeviceThatIsFullFailsNamingItAndTheError) {
  try {
    Journal::Create("/dev/full", kHeader);
    FAIL() << "wrote to /dev/full";
  } catch (const std::system_error& e) {
    EXPECT_TRUE(Holds(e.what(), "the journal /dev/full: " +
                                    std::string(std::strerror(ENOSPC))));
  }
}

// Runs `write` on a journal at `path` whose file may not grow past its
// header (SIGXFSZ ignored, so write() fails with EFBIG), in the child of a
// death test: exits 0 when `write` throws a std::system_error naming the
// journal and EFBIG, and the next Append() throws as well.
void WriteTooMuch(const fs::path& path,
                  const std::function<void(Journal&)>& write) {
  signal(SIGXFSZ, SIG_IGN);
  Journal j = Journal::Create(path, kHeader);
  const rlimit limit{static_cast<rlim_t>(fs::file_size(path) + 50),
                     RLIM_INFINITY};
  if (setrlimit(RLIMIT_FSIZE, &limit) != 0) std::_Exit(3);
  const std::string expected =
      "the journal " + path.string() + ": " + std::strerror(EFBIG);
  try {
    write(j);
    std::_Exit(4);
  } catch (const std::system_error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    if (std::string(e.what()).find(expected) == std::string::npos) {
      std::_Exit(5);
    }
  }
  try {
    j.Append("later", {});
    std::_Exit(6);
  } catch (const std::system_error&) {
  }
  std::_Exit(0);
}

using JournalDeathTest = JournalTest;

TEST_F(JournalDeathTest, FlushOnAFileThatCannotGrowThrowsNamingIt) {
  EXPECT_EXIT(WriteTooMuch(path_,
                           [](Journal& j) {
                             j.Append("a", {Result("a", 0, Status::kPass)});
                             j.Flush();
                           }),
              ::testing::ExitedWithCode(0), "File too large");
}

// Appends until one throws, the writer thread having failed; 5 s at most.
void AppendUntilItThrows(Journal& j) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(5);
  for (int n = 0; std::chrono::steady_clock::now() < deadline; ++n) {
    j.Append(std::to_string(n), {Result("a", n, Status::kPass)});
    if (n >= kBatch) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST_F(JournalDeathTest, TheWriterThreadsFailureReachesTheNextAppend) {
  EXPECT_EXIT(WriteTooMuch(path_, AppendUntilItThrows),
              ::testing::ExitedWithCode(0), "File too large");
}

}  // namespace
}  // namespace onnxcts
