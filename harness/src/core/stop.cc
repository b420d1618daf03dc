#include "core/stop.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <set>
#include <thread>

namespace onnxcts {
namespace {

std::atomic<StopCause> cause{StopCause::kNone};
std::mutex groups_mutex;
std::set<pid_t> groups;
std::set<pid_t> supervisors;

// A supervisor is asked, not killed: killed, it could not end the processes
// of its worker that left the group.
void KillOne(pid_t pid, bool supervisor) {
  if (supervisor) {
    kill(pid, SIGTERM);
  } else {
    kill(-pid, SIGKILL);
  }
}

void KillGroups() {
  const std::lock_guard lock(groups_mutex);
  for (pid_t g : groups) KillOne(g, false);
  for (pid_t s : supervisors) KillOne(s, true);
}

void Stop(StopCause why) {
  StopCause none = StopCause::kNone;
  cause.compare_exchange_strong(none, why);
  KillGroups();
}

StopCause CauseOf(int signal) {
  return signal == SIGTERM ? StopCause::kTerminate : StopCause::kInterrupt;
}

timespec Timespec(double seconds) {
  timespec t{};
  t.tv_sec = static_cast<time_t>(seconds);
  t.tv_nsec = static_cast<long>((seconds - std::floor(seconds)) * 1e9);
  return t;
}

// The watching thread: signals arrive here, not in a handler, so that it
// may take locks and kill children.
void Watch(sigset_t signals, std::optional<double> max_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(max_seconds.value_or(0)));
  for (;;) {
    int signal = -1;
    if (max_seconds && cause.load() == StopCause::kNone) {
      const double left =
          std::chrono::duration<double>(deadline - Clock::now()).count();
      if (left <= 0) {
        Stop(StopCause::kDeadline);
        continue;
      }
      const timespec wait = Timespec(left);
      signal = sigtimedwait(&signals, nullptr, &wait);
      if (signal < 0) continue;  // the deadline, or EINTR: look again
    } else if (sigwait(&signals, &signal) != 0) {
      continue;
    }
    if (cause.load() == StopCause::kInterrupt ||
        cause.load() == StopCause::kTerminate) {
      // The second signal: nothing more is waited for.
      KillGroups();
      std::fputs("\nonnxcts: stopped at once\n", stderr);
      _exit(SignalExitCode(CauseOf(signal)));
    }
    const StopCause before = cause.load();
    Stop(CauseOf(signal));
    if (before == StopCause::kDeadline) cause = CauseOf(signal);
    std::fputs("\nonnxcts: stopping (a second Ctrl-C stops at once)\n",
               stderr);
  }
}

}  // namespace

void WatchForStop(std::optional<double> max_seconds) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread(Watch, signals, max_seconds).detach();
}

bool StopRequested() { return cause.load() != StopCause::kNone; }

StopCause CurrentStopCause() { return cause.load(); }

int SignalExitCode(StopCause why) {
  return why == StopCause::kTerminate ? 128 + SIGTERM : 128 + SIGINT;
}

void RegisterChildGroup(pid_t group) {
  const std::lock_guard lock(groups_mutex);
  groups.insert(group);
  if (cause.load() != StopCause::kNone) KillOne(group, false);
}

void RegisterSupervisor(pid_t pid) {
  const std::lock_guard lock(groups_mutex);
  supervisors.insert(pid);
  if (cause.load() != StopCause::kNone) KillOne(pid, true);
}

void UnregisterChildGroup(pid_t group) {
  const std::lock_guard lock(groups_mutex);
  groups.erase(group);
  supervisors.erase(group);
}

}  // namespace onnxcts
