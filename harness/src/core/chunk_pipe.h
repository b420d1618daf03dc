// The sweep's data path to a backend: requests whose tensors live in memory
// that the backend reads and writes in place (shared memory for a worker of
// protocol 2 or a plugin in a child process, the harness's own buffers for a
// plugin in process), several in flight at once, so that the harness makes
// and checks one chunk while the backend runs another. Backends without one
// are driven through Backend::Run() by a pipe that copies (run/copying_pipe.h).
#ifndef ONNXCTS_HARNESS_CORE_CHUNK_PIPE_H_
#define ONNXCTS_HARNESS_CORE_CHUNK_PIPE_H_

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "core/backend.h"
#include "core/model.h"

namespace onnxcts {

// A tensor in a pipe's memory: raw bits as in TensorProto.raw_data.
struct Slot {
  int32_t dtype = 0;  // an ONNX TensorProto.DataType code
  std::vector<int64_t> dims;
  size_t offset = 0;  // into the pipe's memory
  size_t bytes = 0;   // an input's size; the room of an output
};

// The seconds a backend says it spent on one request.
struct StageTimes {
  double read = 0;   // its inputs into its own tensors
  double run = 0;    // its run
  double write = 0;  // its outputs into the memory
};

struct ChunkRequest {
  const Model* model = nullptr;      // validated
  std::filesystem::path model_file;  // `model`, written when ReadsFiles()
  std::vector<Slot> inputs;          // in graph-input order
  std::vector<Slot> outputs;         // what the model declares, and room
  double timeout_seconds = 60;
};

struct ChunkAnswer {
  RunOutcome outcome;  // its outputs are the memory's, not `outputs` there
  // For kOk, per output slot, the dtype and dims the backend produced; its
  // bytes are in the request's slot when they fit there.
  std::vector<Slot> outputs;
  std::optional<StageTimes> times;  // when the backend reports them
  // The backend lost the request, not through its own fault: its worker was
  // replaced for what it wrote about an earlier request. Send it again;
  // nothing else here counts.
  bool resend = false;
};

class ChunkPipe {
 public:
  virtual ~ChunkPipe() = default;

  // How many requests may be in flight at once.
  virtual int depth() const = 0;

  // The memory that slots point into, of at least the size reserved.
  virtual uint8_t* memory() = 0;

  // Makes the memory at least `bytes` long, touching every page once;
  // only while nothing is in flight. Throws std::runtime_error.
  virtual void Reserve(size_t bytes) = 0;

  // Sends a request whose input slots are filled. Its slots must not
  // overlap those of another request in flight.
  virtual void Send(const ChunkRequest& request) = 0;

  // The answer to the oldest request in flight. After a crash, a timeout or
  // a protocol error the requests behind it are dropped unanswered; after
  // a `resend` answer, so are they.
  virtual ChunkAnswer Receive() = 0;

  virtual int in_flight() const = 0;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_CHUNK_PIPE_H_
