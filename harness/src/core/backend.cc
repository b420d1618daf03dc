#include "core/backend.h"

#include "core/chunk_pipe.h"

namespace onnxcts {

std::unique_ptr<ChunkPipe> Backend::OpenPipe() { return nullptr; }

}  // namespace onnxcts
