#include "backends/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "backends/worker_memory.h"
#include "core/byte_size.h"
#include "core/data_dir.h"
#include "core/stop.h"

extern char** environ;

namespace onnxcts {
namespace {

constexpr size_t kStderrTail = 4096;
// How long a supervisor may take to end a worker's processes; it needs
// moments, unless the machine is very busy.
constexpr std::chrono::seconds kSupervisorGrace{10};
constexpr size_t kChunk = 64 * 1024;
// While writing a request, stop reading answers beyond this so that a child
// that only writes cannot grow the buffer without end.
constexpr size_t kMaxBufferedWhileWriting = 4 * 1024 * 1024;

// A write to a pipe whose reader died raises SIGPIPE, which would end the
// harness; with it ignored the write fails with EPIPE instead. A disposition
// the host program chose itself is left alone.
void IgnoreSigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction old {};
    if (sigaction(SIGPIPE, nullptr, &old) == 0 && old.sa_handler == SIG_DFL) {
      signal(SIGPIPE, SIG_IGN);
    }
  });
}

std::runtime_error SystemError(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

struct Pipe {
  int read = -1;
  int write = -1;
};

Pipe MakePipe() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw SystemError("pipe2");
  return {fds[0], fds[1]};
}

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

void SetNonBlocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int PollTimeoutMs(ChildProcess::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(
      deadline - ChildProcess::Clock::now());
  return static_cast<int>(std::clamp<int64_t>(left.count(), 0, 1 << 30));
}

// The descriptor on which an exec that failed says why, closed by one that
// worked.
constexpr int kExecFailureFd = ChildProcess::kHostMemoryFd + 1;

// In the forked child: moves the pipe ends (and `shared`, unless -1) to the
// agreed descriptors, and closes every other one the harness had open. The
// ends are first copied above them all so that no dup2 overwrites an end
// not yet moved.
void ArrangeChildFds(int request, int answer, int err, int shared,
                     int failure) {
  const int r = fcntl(request, F_DUPFD, 10);
  const int a = fcntl(answer, F_DUPFD, 10);
  const int e = fcntl(err, F_DUPFD, 10);
  const int m = shared < 0 ? -1 : fcntl(shared, F_DUPFD, 10);
  const int f = fcntl(failure, F_DUPFD, 10);
  const int null = open("/dev/null", O_RDONLY);
  if (r < 0 || a < 0 || e < 0 || f < 0 || null < 0 || (shared >= 0 && m < 0)) {
    _exit(126);
  }
  dup2(null, 0);
  dup2(e, 1);
  dup2(e, 2);
  dup2(r, ChildProcess::kRequestFd);
  dup2(a, ChildProcess::kAnswerFd);
  if (m >= 0) dup2(m, ChildProcess::kHostMemoryFd);
  dup3(f, kExecFailureFd, O_CLOEXEC);
  if (m < 0) close(ChildProcess::kHostMemoryFd);
  close_range(kExecFailureFd + 1, ~0U, 0);
}

void ResetChildSignals() {
  signal(SIGPIPE, SIG_DFL);
  signal(SIGXFSZ, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

// The program workers run under (supervisor_main.cc): $ONNXCTS_SUPERVISOR,
// else the one beside this executable, else the one built with it.
std::string SupervisorPath() {
  if (const char* set = std::getenv("ONNXCTS_SUPERVISOR")) return set;
  return HelperProgram("onnxcts_supervisor").string();
}

// A descriptor above those a child gets by number, so that no dup2 onto
// them overwrites it before it is moved.
int Raised(int fd) {
  const int high = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  close(fd);
  if (high < 0) throw SystemError("fcntl(F_DUPFD_CLOEXEC)");
  return high;
}

std::string ExitText(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return "was killed by signal " + std::to_string(sig) + " (" +
           strsignal(sig) + ")";
  }
  const int code = WEXITSTATUS(status);
  std::string text = "exited with status " + std::to_string(code);
  // `sh -c` reports a command that a signal killed as 128 + the signal.
  if (code > 128 && code < 128 + NSIG) {
    text += " (as sh reports death by signal " + std::to_string(code - 128) +
            ", " + strsignal(code - 128) + ")";
  }
  return text;
}

}  // namespace

std::unique_ptr<ChildProcess> ChildProcess::Spawn(const std::string& cmdline,
                                                  int shared_fd) {
  IgnoreSigpipe();
  Pipe in = MakePipe(), out = MakePipe(), err = MakePipe();
  // The supervisor ends the worker's processes when this end closes, which
  // it does when the harness goes, however it goes.
  Pipe control = MakePipe();
  control.read = Raised(control.read);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write, 1);
  posix_spawn_file_actions_adddup2(&actions, err.write, 2);
  if (shared_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, shared_fd, kSharedMemoryFd);
  } else {
    // Whatever the harness has there is not the worker's.
    posix_spawn_file_actions_addclose(&actions, kSharedMemoryFd);
  }
  posix_spawn_file_actions_adddup2(&actions, control.read, kControlFd);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // The worker must not inherit the harness's ignored SIGPIPE and SIGXFSZ
  // or any blocked signal, and leads a process group of its own.
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGDEF |
                                      POSIX_SPAWN_SETSIGMASK);
  const uint64_t limit = WorkerMemoryLimit();
  std::string supervisor = SupervisorPath(),
              control_arg = std::to_string(kControlFd), sh = "/bin/sh",
              dash_c = "-c", cmd = CappedCommand(cmdline, limit);
  char* argv[] = {supervisor.data(), control_arg.data(), sh.data(),
                  dash_c.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, supervisor.c_str(), &actions, &attr, argv,
                             environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in.read);
  close(out.write);
  close(err.write);
  close(control.read);
  std::unique_ptr<ChildProcess> child(new ChildProcess);
  child->in_fd_ = in.write;
  child->out_fd_ = out.read;
  child->err_fd_ = err.read;
  child->control_fd_ = control.write;
  child->supervised_ = true;
  if (rc != 0) {
    child->reaped_ = true;  // nothing to reap
    errno = rc;
    throw SystemError("cannot start sh -c '" + cmdline + "' under " +
                      supervisor);
  }
  child->pid_ = pid;
  child->memory_limit_ = limit;
  RegisterSupervisor(pid);
  for (int fd : {child->in_fd_, child->out_fd_, child->err_fd_}) {
    SetNonBlocking(fd);
  }
  return child;
}

std::unique_ptr<ChildProcess> ChildProcess::Exec(
    const std::vector<std::string>& argv, int shared_fd) {
  IgnoreSigpipe();
  // Everything the child needs is made before fork: after it, in a harness
  // of many threads, the child may only make system calls (another thread
  // may have held the allocator's lock at the fork).
  std::vector<std::string> args = argv;
  std::vector<char*> pointers;
  for (std::string& a : args) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  Pipe in = MakePipe(), out = MakePipe(), err = MakePipe(), failed = MakePipe();
  const uint64_t limit = WorkerMemoryLimit();
  const pid_t pid = fork();
  if (pid < 0) throw SystemError("fork");
  if (pid == 0) {
    setpgid(0, 0);
    ResetChildSignals();
    ArrangeChildFds(in.read, out.write, err.write, shared_fd, failed.write);
    CapChild(limit);
    execv(pointers[0], pointers.data());
    // Only reached when exec failed: the parent reads why.
    const int why = errno;
    const ssize_t ignored = write(kExecFailureFd, &why, sizeof why);
    (void)ignored;
    _exit(127);
  }
  // Both sides set the group, so it is set whichever runs first.
  setpgid(pid, pid);
  for (int fd : {in.read, out.write, err.write, failed.write}) close(fd);
  std::unique_ptr<ChildProcess> child(new ChildProcess);
  child->pid_ = pid;
  child->memory_limit_ = limit;
  RegisterChildGroup(pid);
  child->in_fd_ = in.write;
  child->out_fd_ = out.read;
  child->err_fd_ = err.read;
  int why = 0;
  const ssize_t got = read(failed.read, &why, sizeof why);  // EOF on exec
  close(failed.read);
  if (got == sizeof why) {
    errno = why;
    throw SystemError("cannot run " + argv[0]);
  }
  for (int fd : {child->in_fd_, child->out_fd_, child->err_fd_}) {
    SetNonBlocking(fd);
  }
  return child;
}

ChildProcess::~ChildProcess() {
  CloseFd(in_fd_);
  if (!reaped_) {
    // A well-behaved child exits once its input closes.
    const auto until = Clock::now() + std::chrono::milliseconds(500);
    while (!Exited() && Clock::now() < until) {
      Pump(std::min(until, Clock::now() + std::chrono::milliseconds(10)),
           false);
    }
  }
  Kill();
  CloseFd(out_fd_);
  CloseFd(err_fd_);
  CloseFd(control_fd_);
}

ChildProcess::Io ChildProcess::Write(std::string_view data,
                                     Clock::time_point deadline) {
  while (!data.empty()) {
    if (in_fd_ < 0) return Io::kClosed;
    const ssize_t n = write(in_fd_, data.data(), data.size());
    if (n > 0) {
      data.remove_prefix(static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      if (!Pump(deadline, true)) return Io::kTimeout;
    } else {
      CloseFd(in_fd_);  // EPIPE: the child is gone
      return Io::kClosed;
    }
  }
  return Io::kOk;
}

ChildProcess::Io ChildProcess::ReadLine(std::string& line, size_t max_bytes,
                                        Clock::time_point deadline) {
  for (;;) {
    const size_t end = answer_.find('\n');
    if (end != std::string::npos) {
      if (end > max_bytes) return Io::kTooLong;
      line.assign(answer_, 0, end);
      answer_.erase(0, end + 1);
      return Io::kOk;
    }
    if (answer_.size() > max_bytes) return Io::kTooLong;
    if (out_fd_ < 0) return Io::kClosed;
    if (!Pump(deadline, false)) return Io::kTimeout;
  }
}

ChildProcess::Io ChildProcess::ReadBytes(std::string& out, size_t n,
                                         Clock::time_point deadline) {
  while (answer_.size() < n) {
    if (out_fd_ < 0) return Io::kClosed;
    if (!Pump(deadline, false)) return Io::kTimeout;
  }
  out.assign(answer_, 0, n);
  answer_.erase(0, n);
  return Io::kOk;
}

bool ChildProcess::HasPendingOutput() {
  if (out_fd_ >= 0) Pump(Clock::now(), false);
  return !answer_.empty();
}

bool ChildProcess::PeekLine(std::string& line) {
  if (out_fd_ >= 0) Pump(Clock::now(), false);
  const size_t end = answer_.find('\n');
  if (end == std::string::npos) return false;
  line.assign(answer_, 0, end);
  return true;
}

bool ChildProcess::Pump(Clock::time_point deadline, bool want_write) {
  std::vector<pollfd> fds;
  if (want_write && in_fd_ >= 0) fds.push_back({in_fd_, POLLOUT, 0});
  if (out_fd_ >= 0 &&
      (!want_write || answer_.size() < kMaxBufferedWhileWriting)) {
    fds.push_back({out_fd_, POLLIN, 0});
  }
  if (err_fd_ >= 0) fds.push_back({err_fd_, POLLIN, 0});
  int ready;
  do {
    ready = poll(fds.data(), fds.size(), PollTimeoutMs(deadline));
  } while (ready < 0 && errno == EINTR);
  if (ready <= 0) return false;
  for (const pollfd& p : fds) {
    if (p.revents == 0) continue;
    if (p.fd == out_fd_) ReadAnswerBytes();
    if (p.fd == err_fd_) ReadStderrBytes();
  }
  return true;
}

void ChildProcess::ReadAnswerBytes() {
  char buf[kChunk];
  const ssize_t n = read(out_fd_, buf, sizeof buf);
  if (n > 0) {
    answer_.append(buf, static_cast<size_t>(n));
  } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
    CloseFd(out_fd_);
  }
}

void ChildProcess::ReadStderrBytes() {
  char buf[kChunk];
  const ssize_t n = read(err_fd_, buf, sizeof buf);
  if (n > 0) {
    stderr_.append(buf, static_cast<size_t>(n));
    if (stderr_.size() > 2 * kStderrTail) {
      stderr_.erase(0, stderr_.size() - kStderrTail);
    }
  } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
    CloseFd(err_fd_);
  }
}

bool ChildProcess::Exited() {
  if (reaped_) return true;
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid_), &info,
                WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid != 0;
}

void ChildProcess::Reap() {
  if (reaped_) return;
  // Before the wait: once reaped, the pid may name somebody else's group.
  UnregisterChildGroup(pid_);
  while (waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
}

bool ChildProcess::ExitsWithin(std::chrono::milliseconds grace) {
  const auto until = Clock::now() + grace;
  auto pause = std::chrono::microseconds(100);
  while (!Exited()) {
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2,
                                                std::chrono::milliseconds(10));
  }
  return true;
}

void ChildProcess::Kill() {
  if (reaped_) return;
  // The child is not reaped yet, so its pid (the group's id) cannot have
  // been reused. A supervisor kills every process the worker started, in
  // its group or not, then exits; should it not, its group goes at least.
  if (!supervised_ || kill(pid_, SIGTERM) != 0 ||
      !ExitsWithin(kSupervisorGrace)) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
  }
  Reap();
  // The group is dead: take what it wrote to stderr on the way out.
  while (err_fd_ >= 0) {
    const size_t before = stderr_.size();
    ReadStderrBytes();
    if (stderr_.size() == before) break;
  }
}

std::string ChildProcess::DescribeExit(std::chrono::milliseconds grace) {
  const auto until = Clock::now() + grace;
  while (!Exited() && Clock::now() < until) {
    Pump(std::min(until, Clock::now() + std::chrono::milliseconds(10)), false);
  }
  const bool exited = Exited();
  Kill();
  if (!exited) return "closed its output without exiting, and was killed";
  const bool failed = !WIFEXITED(status_) || WEXITSTATUS(status_) != 0;
  // stderr_ holds what it wrote since the last TakeStderr(): this request's.
  if (failed && memory_limit_ != 0 && ShowsOutOfMemory(stderr_)) {
    return "ran out of memory under --worker-memory " +
           ByteSizeText(memory_limit_) + " and " + ExitText(status_);
  }
  return ExitText(status_);
}

ChildProcess::Clock::time_point DeadlineAfter(double seconds) {
  return ChildProcess::Clock::now() +
         std::chrono::duration_cast<ChildProcess::Clock::duration>(
             std::chrono::duration<double>(seconds));
}

std::string SecondsText(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text + " s";
}

std::string ChildProcess::TakeStderr() {
  if (err_fd_ >= 0) Pump(Clock::now(), false);
  std::string tail = std::move(stderr_);
  stderr_.clear();
  if (tail.size() > kStderrTail) tail.erase(0, tail.size() - kStderrTail);
  return tail;
}

}  // namespace onnxcts
