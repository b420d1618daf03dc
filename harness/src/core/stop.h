// How a run is asked to stop before it is done: SIGINT (Ctrl-C), SIGTERM (a
// cancelled CI job, a pod being evicted) or the --max-seconds deadline.
//
// A run asks StopRequested() before it hands a backend new work. When the
// stop comes, the process group of every registered child is killed at
// once (a worker's supervisor is told to end all its worker started), so
// that requests in flight end in moments instead of at their timeouts; the
// run then unwinds normally (temporary folders removed, the journal
// flushed). A second signal ends the process at once.
#ifndef ONNXCTS_HARNESS_CORE_STOP_H_
#define ONNXCTS_HARNESS_CORE_STOP_H_

#include <sys/types.h>

#include <optional>

namespace onnxcts {

enum class StopCause { kNone, kInterrupt, kTerminate, kDeadline };

// WatchForStop()
//
// Blocks SIGINT and SIGTERM in the calling thread, which every thread it
// starts later inherits, and starts the thread that waits for them and for
// the deadline `max_seconds` from now (none when empty). Call it once,
// before any other thread starts.
void WatchForStop(std::optional<double> max_seconds);

// Whether the run must stop taking new work.
bool StopRequested();
StopCause CurrentStopCause();

// 130 after SIGINT, 143 after SIGTERM, as a shell reports them.
int SignalExitCode(StopCause cause);

// RegisterChildGroup()
//
// A child process group to kill when the stop comes; killed at once when
// it has come already.
void RegisterChildGroup(pid_t group);

// RegisterSupervisor()
//
// A worker's supervisor (onnxcts_supervisor), sent SIGTERM when the stop
// comes (at once when it has come already): it then ends every process its
// worker started.
void RegisterSupervisor(pid_t pid);

// Forgets a group or a supervisor, before its pid is reaped.
void UnregisterChildGroup(pid_t group);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_STOP_H_
