// A child process that the harness talks to over pipes: requests go to it,
// answers come back, and whatever it writes to stderr is kept as a bounded
// tail. A spawned worker runs under onnxcts_supervisor (supervisor_main.cc),
// which ends every process the worker started, setsid or not, when the
// worker ends or is killed; an executed program leads its own process
// group, so killing it also kills anything it started there. Every wait has
// a deadline; nothing here can hang the harness or let SIGPIPE kill it.
#ifndef ONNXCTS_HARNESS_BACKENDS_CHILD_PROCESS_H_
#define ONNXCTS_HARNESS_BACKENDS_CHILD_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/worker_memory.h"  // the cap every child starts under

namespace onnxcts {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  enum class Io {
    kOk,
    kClosed,   // the child closed its end (it died, most likely)
    kTimeout,  // the deadline passed first
    kTooLong,  // a line longer than the limit
  };

  // The file descriptors an executed program talks over.
  static constexpr int kRequestFd = 3;
  static constexpr int kAnswerFd = 4;
  // Where an executed program finds the shared memory it was given.
  static constexpr int kHostMemoryFd = 5;

  // The descriptor a spawned worker finds its shared memory on.
  static constexpr int kSharedMemoryFd = 3;
  // Where the supervisor finds the pipe whose end of file means the harness
  // is gone; the worker does not get it.
  static constexpr int kControlFd = 4;

  // Spawn()
  //
  // Starts `sh -c cmdline` under the supervisor, with its stdin and stdout
  // as the request and answer pipes and, when `shared_fd` is not -1, that
  // descriptor as its kSharedMemoryFd. Exits of the worker are the
  // supervisor's, which exits as the worker did once every process the
  // worker started is gone. Throws std::runtime_error when it cannot start.
  static std::unique_ptr<ChildProcess> Spawn(const std::string& cmdline,
                                             int shared_fd = -1);

  // Exec()
  //
  // Runs the program at path `argv[0]`, which reads requests from
  // kRequestFd and writes answers to kAnswerFd, and finds `shared_fd` (when
  // not -1) as kHostMemoryFd; its stdout and stderr both go to the captured
  // stderr, its stdin is /dev/null, and no other descriptor of the harness
  // stays open in it. Between fork and exec the child makes system calls
  // only, which is what keeps a fork from a harness of many threads safe.
  // Throws std::runtime_error when the program cannot be run.
  static std::unique_ptr<ChildProcess> Exec(
      const std::vector<std::string>& argv, int shared_fd = -1);

  // Closes the child's input, gives it a moment to exit, then kills its
  // process group and reaps it.
  ~ChildProcess();

  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes all of `data` to the child.
  Io Write(std::string_view data, Clock::time_point deadline);

  // Reads one line, without its '\n', of at most `max_bytes` bytes.
  Io ReadLine(std::string& line, size_t max_bytes, Clock::time_point deadline);

  // Reads exactly `n` bytes.
  Io ReadBytes(std::string& out, size_t n, Clock::time_point deadline);

  // Whether the child has written answer bytes that nobody asked for yet.
  bool HasPendingOutput();

  // The next whole line the child has written, without taking it; false
  // when there is none yet.
  bool PeekLine(std::string& line);

  // Kills the child and all it started, and reaps it, if not done yet.
  void Kill();

  // How the child ended, e.g. "exited with status 3" or "was killed by
  // signal 11 (Segmentation fault)", prefixed with "ran out of memory under
  // --worker-memory 256 MiB and " when it ran under a cap and its stderr
  // shows a failed allocation. Waits up to `grace` for it to end, then kills
  // it. Reaps the child.
  std::string DescribeExit(std::chrono::milliseconds grace);

  // The last few KiB the child wrote to stderr since the previous call.
  std::string TakeStderr();

  pid_t pid() const { return pid_; }

 private:
  ChildProcess() = default;

  // Waits until the deadline for input on stdout or stderr (and for room on
  // stdin when `want_write`), reading whatever arrives. False on timeout.
  bool Pump(Clock::time_point deadline, bool want_write);
  void ReadAnswerBytes();
  void ReadStderrBytes();
  bool Exited();  // without reaping
  bool ExitsWithin(std::chrono::milliseconds grace);
  void Reap();

  pid_t pid_ = -1;
  uint64_t memory_limit_ = 0;  // the cap it was started under
  bool reaped_ = false;
  int status_ = 0;  // from waitpid, once reaped
  int in_fd_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  int control_fd_ = -1;      // the supervisor's, when supervised_
  bool supervised_ = false;  // Spawn()'s
  std::string answer_;  // read from stdout, not yet taken
  std::string stderr_;  // the tail
};

// The time point `seconds` from now.
ChildProcess::Clock::time_point DeadlineAfter(double seconds);

// "0.5 s", for messages.
std::string SecondsText(double seconds);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_CHILD_PROCESS_H_
