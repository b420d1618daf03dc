// The verdict on one chunk of a sweep slice: the backend's answer, its
// outputs (in the pipe's memory) against the reference. The outputs are
// checked against the oracle run by run where the op allows (every pattern
// of a class run has one answer, onnxcts/verify.h), and those of a slice of
// pairs against the reference kernel's answers, which the reference's pair
// tests prove equal to the oracle's on every pair of every 8- and 16-bit
// dtype (reference_pairs_test; reference_pairs16_test, nightly); only a
// chunk where that finds a difference is compared element by element with
// the reference's outputs, which counts and classifies what differs as any
// run does.
#ifndef ONNXCTS_HARNESS_RUN_CHUNK_CHECK_H_
#define ONNXCTS_HARNESS_RUN_CHUNK_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/backend.h"
#include "core/chunk_pipe.h"
#include "core/result.h"
#include "run/backend_sweep.h"

namespace onnxcts {

// One chunk as it was sent.
struct SentChunk {
  uint64_t offset = 0;  // of its first pattern within the slice
  uint64_t length = 0;
  const uint8_t* memory = nullptr;  // the pipe's
  // The harness's own copy of the inputs, laid out as their slots from the
  // first one's offset on: what the answer is judged against, since the
  // backend may have written into its slots.
  const uint8_t* sent_input = nullptr;
  std::vector<Slot> inputs;  // one, or two for a slice of pairs
  Slot output;               // what the model declares

  // Input k as the harness sent it.
  const uint8_t* Sent(size_t k) const {
    return sent_input + (inputs[k].offset - inputs[0].offset);
  }
  const Model* model = nullptr;
};

struct ChunkVerdict {
  bool ran = false;
  // The backend gave no comparable output: the slice stops here, and when
  // it did not answer with outputs (a refusal, a crash), takes this status
  // whatever the chunks before it found.
  bool stops = false;
  bool overrides = false;
  Status status = Status::kPass;
  std::string message;
  OutputComparison comparison;  // example indices within the chunk
  bool by_elements = false;     // compared with the reference's outputs
  double seconds = 0;           // the backend's
  std::vector<std::string> adapter_steps;
  std::string stderr_tail;
};

// CheckChunk()
//
// The verdict on `answer` to `chunk` of `slice`; `reference` computes the
// expected outputs when they must be compared element by element. A backend
// that changed its input slot is judged against the inputs it was sent, and
// the verdict's adapter steps say that it changed them.
ChunkVerdict CheckChunk(const SweepSlice& slice, const SentChunk& chunk,
                        ChunkAnswer answer, Backend& reference);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_CHUNK_CHECK_H_
