// The memory cap of the children that run backends (--worker-memory): set
// once for the process, applied as each child starts (RLIMIT_AS), and read
// back from a dead child's stderr, so that a worker that eats memory is
// reported as a crash for out of memory instead of the machine's OOM killer
// taking the harness.
#ifndef ONNXCTS_HARNESS_BACKENDS_WORKER_MEMORY_H_
#define ONNXCTS_HARNESS_BACKENDS_WORKER_MEMORY_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace onnxcts {

// SetWorkerMemoryLimit()
//
// Caps the address space of every child that ChildProcess::Spawn() and
// Exec() start from now on at `bytes`; 0, the default, sets no cap.
void SetWorkerMemoryLimit(uint64_t bytes);

// WorkerMemoryLimit()
//
// The cap of SetWorkerMemoryLimit(), or 0.
uint64_t WorkerMemoryLimit();

// CappedCommand()
//
// `cmdline` for `sh -c`, preceded by the shell setting a cap of `bytes`
// (none when 0); the shell exits with status 125 if it cannot.
std::string CappedCommand(const std::string& cmdline, uint64_t bytes);

// CapChild()
//
// In a child just forked, before it execs: caps its address space at
// `bytes` (none when 0). Makes system calls only.
void CapChild(uint64_t bytes);

// ShowsOutOfMemory()
//
// Whether `stderr_tail` holds a failed allocation in the words of a common
// runtime: C++'s std::bad_alloc, Python's MemoryError, V8's "Allocation
// failed" and "Fatal process OOM", Rust's "memory allocation of N bytes
// failed", ENOMEM's "Cannot allocate memory", "failed to allocate" and "out
// of memory". Case is ignored.
bool ShowsOutOfMemory(std::string_view stderr_tail);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_WORKER_MEMORY_H_
