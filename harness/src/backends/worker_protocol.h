// The worker protocol, versions 1 and 2 (DESIGN.md, docs/worker-protocol.md):
// the JSON lines the harness writes to a `command:` worker and the parsing
// of the lines it answers; version 2 adds run requests whose tensors are
// slots in shared memory. Answers are untrusted; every way a line can fail to
// be the awaited answer is a protocol error with a message saying why.
#ifndef ONNXCTS_HARNESS_BACKENDS_WORKER_PROTOCOL_H_
#define ONNXCTS_HARNESS_BACKENDS_WORKER_PROTOCOL_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/backend.h"
#include "core/chunk_pipe.h"

namespace onnxcts {

inline constexpr int kWorkerProtocol = 1;
inline constexpr int kWorkerProtocolMemory = 2;  // tensors in shared memory

struct WorkerHello {
  int protocol = kWorkerProtocol;  // the version the worker chose
  std::string name;
  std::string version;
  std::map<std::string, std::string> options;  // hello's optional "options"
};

struct ParsedHello {
  std::optional<WorkerHello> hello;
  std::string protocol_error;  // set when `hello` is not
};

// One answer to a run request.
struct WorkerAnswer {
  RunOutcome::Kind kind = RunOutcome::Kind::kOk;  // kOk, kNotSupported, kError
  std::string message;
  std::vector<std::string> adapter_steps;
  // To a memory request, with kOk: what the backend produced, per output.
  std::vector<Slot> outputs;
  std::optional<StageTimes> times;
};

struct ParsedAnswer {
  std::optional<WorkerAnswer> answer;
  std::string protocol_error;  // set when `answer` is not
};

// The files of one run request, as absolute paths.
struct WorkerRun {
  int64_t id = 0;
  std::string model;
  std::vector<std::string> inputs;
  std::string output_dir;
  bool load_only = false;  // a must-reject check: load the model, run nothing
};

// A version 2 run request: tensors as slots of the shared memory.
struct WorkerMemoryRun {
  int64_t id = 0;
  std::string model;
  size_t memory_bytes = 0;
  std::vector<Slot> inputs;
  std::vector<Slot> outputs;
};

// HelloLine()
//
// The hello request, offering versions 1 and 2, with its '\n'.
std::string HelloLine();

// MemoryRunLine()
//
// The version 2 run request, with its '\n'; throws as RunLine() does.
std::string MemoryRunLine(const WorkerMemoryRun& run);

// RunLine()
//
// The run request, with its '\n'. Throws std::invalid_argument when a path
// is not valid UTF-8 (JSON cannot carry it).
std::string RunLine(const WorkerRun& run);

// ParseWorkerHello()
//
// The worker's answer to hello: protocol 1 or 2 and string name and
// version.
ParsedHello ParseWorkerHello(std::string_view line);

// ParseWorkerAnswer()
//
// The worker's answer to run request `expected_id`, or why `line` is not it:
// not JSON, not an object, a missing or mistyped field, another id, an
// unknown status; to a memory request (`memory`), an ok answer without
// valid "outputs" or with malformed "timings".
ParsedAnswer ParseWorkerAnswer(std::string_view line, int64_t expected_id,
                               bool memory = false);

// AnswerId()
//
// The integer "id" of an answer line, whatever else it holds; nullopt when
// the line is not a JSON object with one.
std::optional<int64_t> AnswerId(std::string_view line);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_WORKER_PROTOCOL_H_
