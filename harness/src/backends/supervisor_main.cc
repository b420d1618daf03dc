// onnxcts_supervisor: the process a worker runs under, so that nothing the
// worker starts outlives it.
//
//   onnxcts_supervisor CONTROL_FD PROGRAM [ARG...]
//
// It makes itself a child subreaper: every process the worker starts stays
// its descendant, whether it calls setsid, double-forks or leaves its
// process group, because an orphan is reparented to it rather than to init.
// It runs PROGRAM as its child with descriptors 0 to 3 as it was given them
// (the pipes, and the shared memory when there is one) and no other, and
// keeps none of them itself, so the worker's pipes close once the worker's
// processes are gone.
//
// It ends every descendant, then itself:
//   - when its child, the worker, ends: it exits as the worker did (the same
//     status, or death by the same signal, without a core dump), so that a
//     grandchild holding the worker's pipes cannot make a crash look like a
//     hang;
//   - on SIGTERM (or SIGINT, SIGHUP): the harness ending the worker;
//   - when CONTROL_FD reaches end of file: the harness is gone.
//
// The harness sets this on a process of its own rather than on itself: a
// subreaper inherits every orphan of every child, and reaping those would
// race with the code that waits for its own children by pid.
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// The descriptors the worker gets: stdin, stdout, stderr, shared memory.
constexpr unsigned kWorkerFds = 4;

pid_t worker = -1;
int worker_status = 0;
bool worker_reaped = false;

// Reaps one child (waiting for one when `block`); false when none was.
bool ReapOne(bool block) {
  int status = 0;
  pid_t pid;
  do {
    pid = waitpid(-1, &status, block ? 0 : WNOHANG);
  } while (pid < 0 && errno == EINTR);
  if (pid <= 0) return false;
  if (pid == worker) {
    worker_status = status;
    worker_reaped = true;
  }
  return true;
}

std::vector<pid_t> Numbers(const std::string& text) {
  std::vector<pid_t> pids;
  const char* p = text.c_str();
  while (*p != '\0') {
    char* end = nullptr;
    const long n = std::strtol(p, &end, 10);
    if (end == p) break;
    pids.push_back(static_cast<pid_t>(n));
    p = end;
  }
  return pids;
}

std::string ReadSmallFile(const std::string& path) {
  std::string text;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) text.append(buf, n);
  close(fd);
  return text;
}

// The parent's pid in /proc/PID/stat, after the command's closing paren.
pid_t ParentOf(const std::string& stat) {
  const size_t paren = stat.rfind(')');
  if (paren == std::string::npos || paren + 4 > stat.size()) return -1;
  return static_cast<pid_t>(std::atol(stat.c_str() + paren + 4));
}

// Every child, zombies included: from /proc's children list, or on a
// kernel without it, from every process's parent.
std::vector<pid_t> Children() {
  const std::string self = std::to_string(getpid());
  const std::string listed =
      "/proc/" + self + "/task/" + self + "/children";
  if (access(listed.c_str(), R_OK) == 0) return Numbers(ReadSmallFile(listed));
  std::vector<pid_t> children;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return children;
  while (const dirent* entry = readdir(proc)) {
    const pid_t pid = static_cast<pid_t>(std::atol(entry->d_name));
    if (pid <= 0) continue;
    const std::string stat =
        ReadSmallFile("/proc/" + std::string(entry->d_name) + "/stat");
    if (ParentOf(stat) == getpid()) children.push_back(pid);
  }
  closedir(proc);
  return children;
}

// Kills every descendant. A killed child's own children become this
// process's as it dies, so each round kills the children there are and
// reaps them; the rounds end when no child is left.
void KillAll() {
  for (;;) {
    const std::vector<pid_t> children = Children();
    if (children.empty()) {
      while (ReapOne(false)) {
      }
      return;
    }
    for (pid_t pid : children) kill(pid, SIGKILL);
    ReapOne(true);
    while (ReapOne(false)) {
    }
  }
}

// Exits as the worker did.
[[noreturn]] void ExitAsWorker() {
  if (!worker_reaped || WIFEXITED(worker_status)) {
    _exit(worker_reaped ? WEXITSTATUS(worker_status) : 125);
  }
  const int sig = WTERMSIG(worker_status);
  // The worker's core dump, if any, is its own; this one would be noise.
  prctl(PR_SET_DUMPABLE, 0);
  const struct rlimit none {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  signal(sig, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  sigprocmask(SIG_UNBLOCK, &only, nullptr);
  kill(getpid(), sig);
  _exit(128 + sig);
}

void CloseAllBut(int a, int b) {
  const int low = a < b ? a : b, high = a < b ? b : a;
  if (low > 0) close_range(0, low - 1, 0);
  if (high > low + 1) close_range(low + 1, high - 1, 0);
  close_range(high + 1, ~0U, 0);
}

// Waits until the worker ends, a stop signal comes or the harness goes.
void Watch(int signals, int control) {
  pollfd fds[2] = {{signals, POLLIN, 0}, {control, POLLIN, 0}};
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    signalfd_siginfo info{};
    if (read(signals, &info, sizeof info) != sizeof info) continue;
    if (info.ssi_signo != SIGCHLD) return;
    // Orphans that end are reaped here too.
    while (ReapOne(false)) {
    }
    if (worker_reaped) return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fputs("usage: onnxcts_supervisor CONTROL_FD PROGRAM [ARG...]\n",
               stderr);
    return 2;
  }
  const int control = std::atoi(argv[1]);
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0 ||
      fcntl(control, F_SETFD, FD_CLOEXEC) != 0) {
    std::fprintf(stderr, "onnxcts_supervisor: %s\n", std::strerror(errno));
    return 125;
  }
  sigset_t watched, before;
  sigemptyset(&watched);
  for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) sigaddset(&watched, sig);
  sigprocmask(SIG_BLOCK, &watched, &before);
  const int signals = signalfd(-1, &watched, SFD_CLOEXEC);
  worker = fork();
  if (worker == 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    close_range(kWorkerFds, ~0U, 0);
    execv(argv[2], argv + 2);
    std::fprintf(stderr, "onnxcts_supervisor: cannot run %s: %s\n", argv[2],
                 std::strerror(errno));
    _exit(127);
  }
  if (worker < 0 || signals < 0) {
    std::fprintf(stderr, "onnxcts_supervisor: %s\n", std::strerror(errno));
    KillAll();
    return 125;
  }
  CloseAllBut(signals, control);
  Watch(signals, control);
  KillAll();
  ExitAsWorker();
}
