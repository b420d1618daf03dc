// A ChunkPipe for a backend that has none of its own: each request is
// copied out of the pipe's memory into tensors (and, for a backend that
// reads files, into input_K.pb files), run through Backend::Run(), and its
// outputs copied back. One request at a time.
#ifndef ONNXCTS_HARNESS_RUN_COPYING_PIPE_H_
#define ONNXCTS_HARNESS_RUN_COPYING_PIPE_H_

#include <memory>

#include "core/backend.h"
#include "core/chunk_pipe.h"

namespace onnxcts {

// OpenChunkPipe()
//
// `backend`'s own pipe, or else a copying one over its Run(); `backend`
// must outlive it.
std::unique_ptr<ChunkPipe> OpenChunkPipe(Backend& backend);

// SlotTensor()
//
// A copy of `slot` out of `memory`, as the tensor named `name`.
Tensor SlotTensor(const uint8_t* memory, const Slot& slot, std::string name);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_COPYING_PIPE_H_
