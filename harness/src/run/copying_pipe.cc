#include "run/copying_pipe.h"

#include <cstring>
#include <optional>

#include "backends/temp_dir.h"
#include "core/sync_pipe.h"
#include "io/tensor_io.h"

namespace onnxcts {
namespace {

class CopyingPipe : public SyncPipe {
 public:
  explicit CopyingPipe(Backend& backend) : backend_(backend) {
    if (backend_.ReadsFiles()) dir_.emplace("onnxcts-sweep-");
  }

 private:
  ChunkAnswer Answer(const ChunkRequest& request) override;
  RunRequest Prepared(const ChunkRequest& request);
  void CopyBack(const ChunkRequest& request, RunOutcome& outcome,
                ChunkAnswer& answer);

  Backend& backend_;
  std::optional<TempDir> dir_;  // the input files, for a backend that reads them
  TestCase test_case_;
  DataSet data_set_;
};

RunRequest CopyingPipe::Prepared(const ChunkRequest& request) {
  RunRequest run{&test_case_, &data_set_, request.model, {},
                 request.timeout_seconds};
  test_case_.model = request.model_file;
  data_set_.inputs.clear();
  for (size_t k = 0; k < request.inputs.size(); ++k) {
    run.inputs.push_back(SlotTensor(memory(), request.inputs[k],
                                    request.model->inputs[k].name));
    if (!dir_) continue;
    test_case_.id = "sweep";
    test_case_.suite_root = test_case_.dir = data_set_.dir = dir_->path();
    data_set_.inputs.push_back(dir_->path() /
                               ("input_" + std::to_string(k) + ".pb"));
    WriteScratchTensorFile(data_set_.inputs.back(), run.inputs.back());
  }
  return run;
}

void CopyingPipe::CopyBack(const ChunkRequest& request, RunOutcome& outcome,
                           ChunkAnswer& answer) {
  for (size_t k = 0; k < outcome.outputs.size(); ++k) {
    const Tensor& t = outcome.outputs[k];
    answer.outputs.push_back({static_cast<int32_t>(t.dtype), t.dims, 0, 0});
    if (k < request.outputs.size() &&
        t.bytes.size() <= request.outputs[k].bytes) {
      std::memcpy(memory() + request.outputs[k].offset, t.bytes.data(),
                  t.bytes.size());
    }
  }
  outcome.outputs.clear();
}

ChunkAnswer CopyingPipe::Answer(const ChunkRequest& request) {
  ChunkAnswer answer;
  answer.outcome = backend_.Run(Prepared(request));
  if (answer.outcome.kind == RunOutcome::Kind::kOk) {
    CopyBack(request, answer.outcome, answer);
  }
  return answer;
}

}  // namespace

Tensor SlotTensor(const uint8_t* memory, const Slot& slot, std::string name) {
  Tensor t;
  t.name = std::move(name);
  t.dtype = static_cast<DType>(slot.dtype);
  t.dims = slot.dims;
  t.bytes.assign(memory + slot.offset, memory + slot.offset + slot.bytes);
  return t;
}

std::unique_ptr<ChunkPipe> OpenChunkPipe(Backend& backend) {
  std::unique_ptr<ChunkPipe> own = backend.OpenPipe();
  if (own) return own;
  return std::make_unique<CopyingPipe>(backend);
}

}  // namespace onnxcts
