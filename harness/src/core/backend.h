// A backend under test, as the runner drives it. Every kind of --backend
// (reference, command:, ort, outputs:, plugin:) implements this.
#ifndef ONNXCTS_HARNESS_CORE_BACKEND_H_
#define ONNXCTS_HARNESS_CORE_BACKEND_H_

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/tensor.h"
#include "core/test_case.h"

namespace onnxcts {

class ChunkPipe;

struct BackendInfo {
  std::string spec;  // as given to --backend
  std::string name;  // from the worker's hello, or built in
  std::string version;
  // The options the backend says it runs with (a worker's hello), e.g. an
  // inference precision; empty for most.
  std::map<std::string, std::string> options;
};

struct RunRequest {
  const TestCase* test_case = nullptr;
  const DataSet* data_set = nullptr;  // null for a must-reject model check
  const Model* model = nullptr;      // validated
  std::vector<Tensor> inputs;        // validated, in graph-input order
  double timeout_seconds = 60;
};

struct RunOutcome {
  enum class Kind {
    kOk,
    kNotSupported,
    kError,          // refused the model or failed on it
    kCrash,
    kTimeout,
    kProtocolError,
    kInvalidOutput,  // outputs unreadable or missing
  };
  Kind kind = Kind::kOk;
  std::string message;
  std::vector<Tensor> outputs;  // in graph-output order, when kOk
  std::string stderr_tail;
  std::vector<std::string> adapter_steps;

  // An outcome with no outputs: a refusal or a failure, and why.
  static RunOutcome Of(Kind kind, std::string message) {
    RunOutcome outcome;
    outcome.kind = kind;
    outcome.message = std::move(message);
    return outcome;
  }
};

class Backend {
 public:
  virtual ~Backend() = default;
  // Starts the backend; throws std::runtime_error when it cannot start (the
  // run then exits 2).
  virtual BackendInfo Start() = 0;
  virtual RunOutcome Run(const RunRequest& request) = 0;
  // Whether Run() reads the request's files (the case's model.onnx and the
  // data set's input_K.pb) rather than its `model` and `inputs`: a sweep,
  // which has no suite on disk, then writes those files for it.
  virtual bool ReadsFiles() const { return false; }
  // The backend's fast data path for sweeps (core/chunk_pipe.h), after
  // Start(); null when it has none, and the sweep then copies through Run().
  // The pipe lives no longer than the backend.
  virtual std::unique_ptr<ChunkPipe> OpenPipe();
  // Whether one instance may serve every thread of a run at once (an
  // in-process plugin, which lives once in the harness whatever the number
  // of backend objects); else each thread starts its own.
  virtual bool SharedByThreads() const { return false; }
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_BACKEND_H_
