// A ChunkPipe that answers each request as it is sent: one request in
// flight, in memory the harness owns. For backends that run in the
// harness's process, or through Backend::Run().
#ifndef ONNXCTS_HARNESS_CORE_SYNC_PIPE_H_
#define ONNXCTS_HARNESS_CORE_SYNC_PIPE_H_

#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/chunk_pipe.h"

namespace onnxcts {

class SyncPipe : public ChunkPipe {
 public:
  int depth() const override { return 1; }
  uint8_t* memory() override { return memory_.data(); }
  size_t memory_size() const { return memory_.size(); }
  void Reserve(size_t bytes) override {
    if (answer_) throw std::logic_error("Reserve() with a request in flight");
    if (bytes > memory_.size()) memory_.resize(bytes);
  }
  int in_flight() const override { return answer_ ? 1 : 0; }

  void Send(const ChunkRequest& request) override {
    if (answer_) throw std::logic_error("a SyncPipe holds one request");
    answer_ = Answer(request);
  }

  ChunkAnswer Receive() override {
    if (!answer_) throw std::logic_error("Receive() with nothing sent");
    ChunkAnswer answer = std::move(*answer_);
    answer_.reset();
    return answer;
  }

 protected:
  // The answer to `request`, its outputs written into memory().
  virtual ChunkAnswer Answer(const ChunkRequest& request) = 0;

 private:
  std::vector<uint8_t> memory_;
  std::optional<ChunkAnswer> answer_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_SYNC_PIPE_H_
