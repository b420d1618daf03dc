// Records are batched because a run finishes cases far faster than a disk
// syncs; the writer thread bounds how long a record waits, so that a run
// killed in a long quiet stretch still has every result it finished before.
#include "run/journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

#include "core/input_error.h"
#include "core/write_all.h"
#include "report/report.h"
#include "run/journal_line.h"

namespace onnxcts {
namespace {

using Clock = std::chrono::steady_clock;
using Done = std::map<std::string, std::vector<CaseResult>>;

constexpr int kBatch = 64;  // records waiting that are written at once
constexpr auto kDelay = std::chrono::milliseconds(500);  // after a write

[[noreturn]] void Fail(const std::string& what,
                       const std::filesystem::path& path, int error) {
  throw std::system_error(error, std::generic_category(),
                          what + " the journal " + path.string());
}

// An exclusive lock on the journal open at `fd`, held while it stays open
// (the kernel drops it when the run ends, however it ends): two runs that
// share a --report would interleave their records, and one starting afresh
// would truncate the other's. Closes `fd` and throws when another holds it.
void Lock(int fd, const std::filesystem::path& path) {
  if (flock(fd, LOCK_EX | LOCK_NB) == 0) return;
  const int error = errno;
  close(fd);
  if (error == EWOULDBLOCK) {
    throw std::runtime_error(
        "the journal " + path.string() +
        " is held by another onnxcts run with the same --report: wait for "
        "it to end, or give this run another report path");
  }
  Fail("cannot lock", path, error);
}

// Written and on disk; fdatasync is enough, as the file's length is data.
void WriteDurably(int fd, std::string_view bytes,
                  const std::filesystem::path& path) {
  if (const int error = WriteAll(fd, bytes)) Fail("cannot write", path, error);
  if (fdatasync(fd) != 0) Fail("cannot write", path, errno);
}

std::string ReadAll(int fd, const std::filesystem::path& path) {
  std::string text;
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) Fail("cannot read", path, errno);
    if (n == 0) return text;
    text.append(chunk, static_cast<size_t>(n));
  }
}

std::string RecordLine(const std::string& key,
                       const std::vector<CaseResult>& results) {
  nlohmann::json array = nlohmann::json::array();
  for (const CaseResult& r : results) array.push_back(ToJson(r));
  const nlohmann::json record = {{"key", key}, {"results", std::move(array)}};
  // Invalid UTF-8 is replaced as WriteReport() replaces it, so that the
  // report of a resumed run holds the same bytes.
  return JournalLine(
      record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::optional<std::pair<std::string, std::vector<CaseResult>>> ReadRecord(
    const nlohmann::json& record, const std::string& file) {
  if (!record.is_object() || record.size() != 2 || !record.contains("key") ||
      !record["key"].is_string() || !record.contains("results") ||
      !record["results"].is_array()) {
    return std::nullopt;
  }
  std::vector<CaseResult> results;
  try {
    for (const nlohmann::json& r : record["results"]) {
      results.push_back(ResultFromJson(r, file));
    }
  } catch (const InputError&) {
    return std::nullopt;
  }
  return std::pair(record["key"].get<std::string>(), std::move(results));
}

// Fills `done` from `text`, the whole journal; returns where its good
// records end, and so its torn tail starts.
size_t ReadJournal(std::string_view text, const JournalHeader& header,
                   const std::filesystem::path& path, Done& done) {
  done.clear();
  size_t end = text.find('\n');
  CheckHeader(end == std::string_view::npos
                  ? std::nullopt
                  : ParseJournalLine(text.substr(0, end)),
              header, path);
  const std::string file = path.string();
  size_t good = end + 1;
  while ((end = text.find('\n', good)) != std::string_view::npos) {
    const auto line = ParseJournalLine(text.substr(good, end - good));
    auto record = line ? ReadRecord(*line, file) : std::nullopt;
    if (!record) break;
    done.insert_or_assign(std::move(record->first), std::move(record->second));
    good = end + 1;
  }
  return good;
}

}  // namespace

struct Journal::State {
  State(std::filesystem::path p, int f) : path(std::move(p)), fd(f) {
    writer = std::jthread([this](std::stop_token stop) { WriteLoop(stop); });
  }
  ~State();
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  void Add(std::string line);
  void Write();
  void WriteLoop(std::stop_token stop);
  void Stop();

  const std::filesystem::path path;
  int fd;
  std::mutex mutex;  // guards buffer, waiting, last_write and failure
  std::condition_variable_any wake;
  std::string buffer;  // the lines waiting
  int waiting = 0;
  Clock::time_point last_write = Clock::now();
  std::exception_ptr failure;  // of the first write that failed
  std::mutex write_mutex;      // one write at a time, in the order taken
  std::jthread writer;         // last: it uses the members above
};

Journal::State::~State() {
  Stop();
  if (fd < 0) return;
  try {
    Write();
  } catch (...) {
    // A destructor cannot report it; Flush() is the call that does.
  }
  close(fd);
}

void Journal::State::Add(std::string line) {
  const std::lock_guard lock(mutex);
  if (failure) std::rethrow_exception(failure);
  buffer += line;
  ++waiting;
  if (waiting == 1 || waiting >= kBatch) wake.notify_one();
}

void Journal::State::Write() {
  const std::lock_guard write_lock(write_mutex);
  std::string bytes;
  {
    const std::lock_guard lock(mutex);
    if (failure) std::rethrow_exception(failure);
    bytes.swap(buffer);
    waiting = 0;
  }
  if (bytes.empty()) return;
  try {
    WriteDurably(fd, bytes, path);
  } catch (...) {
    // The file may now end in part of a line; a resume drops it, but no
    // good line may follow it, so nothing more is written.
    const std::lock_guard lock(mutex);
    failure = std::current_exception();
    throw;
  }
  const std::lock_guard lock(mutex);
  last_write = Clock::now();
}

void Journal::State::WriteLoop(std::stop_token stop) {
  std::unique_lock lock(mutex);
  while (wake.wait(lock, stop, [this] { return waiting > 0 && !failure; })) {
    wake.wait_until(lock, stop, last_write + kDelay,
                    [this] { return waiting >= kBatch; });
    if (stop.stop_requested()) return;
    lock.unlock();
    try {
      Write();
    } catch (...) {
      // Kept in `failure`: the next Append() or Flush() throws it.
    }
    lock.lock();
  }
}

void Journal::State::Stop() {
  writer.request_stop();
  if (writer.joinable()) writer.join();
}

Journal::Journal(std::unique_ptr<State> state) : state_(std::move(state)) {}
Journal::Journal(Journal&&) noexcept = default;
Journal& Journal::operator=(Journal&&) noexcept = default;
Journal::~Journal() = default;

Journal Journal::Create(const std::filesystem::path& path,
                        const JournalHeader& header) {
  const std::string line = HeaderLine(header);
  // Truncated only once locked: the file may be another run's.
  const int fd =
      open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) Fail("cannot create", path, errno);
  Lock(fd, path);
  try {
    // As O_TRUNC would: a device (/dev/full in a test) is left as it is.
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ftruncate(fd, 0) != 0) {
      Fail("cannot empty", path, errno);
    }
    WriteDurably(fd, line, path);
  } catch (...) {
    close(fd);
    throw;
  }
  return Journal(std::make_unique<State>(path, fd));
}

Journal Journal::Resume(const std::filesystem::path& path,
                        const JournalHeader& header, Done& done) {
  // O_APPEND: whatever was read, every write lands at the end.
  const int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) Fail("cannot open", path, errno);
  Lock(fd, path);
  try {
    const std::string text = ReadAll(fd, path);
    const size_t good = ReadJournal(text, header, path, done);
    if (good < text.size()) {
      if (ftruncate(fd, static_cast<off_t>(good)) != 0 || fdatasync(fd) != 0) {
        Fail("cannot drop the torn tail of", path, errno);
      }
    }
  } catch (...) {
    close(fd);
    throw;
  }
  return Journal(std::make_unique<State>(path, fd));
}

void Journal::Append(const std::string& key,
                     const std::vector<CaseResult>& results) {
  if (!state_) throw std::logic_error("Append() on a removed journal");
  state_->Add(RecordLine(key, results));
}

void Journal::Flush() {
  if (!state_) throw std::logic_error("Flush() on a removed journal");
  state_->Write();
}

void Journal::Remove() {
  if (!state_) return;
  const std::filesystem::path path = state_->path;
  state_->Stop();
  close(state_->fd);
  state_->fd = -1;
  state_.reset();
  std::error_code error;
  std::filesystem::remove(path, error);
  if (error) {
    throw std::system_error(error,
                            "cannot remove the journal " + path.string());
  }
}

const std::filesystem::path& Journal::path() const { return state_->path; }

}  // namespace onnxcts
