// Version 2 answers against a live shared-memory layout, as a sweep lays
// it out and checks it: a sealed memfd (backends/shared_memory.h) holding
// one chunk's input slot and output slot, the harness's own copy of the
// input beside it, and the check of run/chunk_check.h.
//
// The input says what the worker did to the memory before it answered,
// then is the answer line:
//
//   byte 0     which slice (IsNaN, IsInf, Sign on the 8- and 16-bit
//              dtypes), byte 1 how many patterns (1 to 64), byte 2 where
//              in the slice
//   byte 3     bit 0: the next bytes fill the output slot; bit 1: the next
//              bytes are written over the input slot; bit 2: try to
//              shrink the memfd; bit 3: try to grow it
//   the rest   the answer line
//
// Whatever the bytes, the memfd keeps its size (a shrunk one would make
// the check die of SIGBUS), and the verdict is the one given when the
// input slot is left alone, with a note when it was not: the answer is
// judged against the inputs the harness sent.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "backends/shared_memory.h"
#include "backends/worker_protocol.h"
#include "generate/case_writer.h"
#include "onnxcts/verify.h"
#include "run/backend_sweep.h"
#include "run/chunk_check.h"
#include "run/reference_backend.h"

namespace {

using namespace onnxcts;

constexpr size_t kMaxPatterns = 64;
constexpr size_t kOutputOffset = 4096;  // the input slot comes first

[[noreturn]] void Broken(const char* what) {
  std::fprintf(stderr, "memory_answer_fuzzer: %s\n", what);
  std::abort();
}

struct World {
  std::vector<SweepSlice> plan;
  SharedMemory memory;
  std::unique_ptr<Backend> reference = MakeReferenceBackend();
  std::map<std::pair<size_t, size_t>, Model> models;

  World() {
    SuiteFilter filter;
    filter.ops = {"isnan", "isinf", "sign"};
    // The sweep plan keeps the dtypes some variant defines, so of these
    // float8e8m0 drops out too; the packed ones are not even offered.
    for (const DTypeInfo& t : kDTypes) {
      if (!t.packed() && t.bits <= 16) filter.dtypes.push_back(t.code);
    }
    plan = PlanSweep(filter, "", Shard{});
    memory.Reserve(2 * kOutputOffset);
  }

  const Model& ModelFor(size_t slice, size_t length) {
    auto it = models.find({slice, length});
    if (it != models.end()) return it->second;
    Tensor shape;
    shape.name = "x";
    shape.dtype = plan[slice].spec.dtype;
    shape.dims = {static_cast<int64_t>(length)};
    return models.emplace(std::pair{slice, length},
                          CaseModel(plan[slice].spec, shape))
        .first->second;
  }
};

World& TheWorld() {
  static World* world = new World;
  return *world;
}

// The answer as the pipe hands it to the check.
ChunkAnswer AnswerOf(std::string_view line) {
  ChunkAnswer answer;
  ParsedAnswer parsed = ParseWorkerAnswer(line, 7, /*memory=*/true);
  if (!parsed.answer) {
    answer.outcome = RunOutcome::Of(RunOutcome::Kind::kProtocolError,
                                    parsed.protocol_error);
    return answer;
  }
  answer.outcome = RunOutcome::Of(parsed.answer->kind, parsed.answer->message);
  answer.outcome.adapter_steps = parsed.answer->adapter_steps;
  answer.outputs = parsed.answer->outputs;
  return answer;
}

void CheckSealed(World& w) {
  const size_t size = w.memory.size();
  if (ftruncate(w.memory.fd(), 0) == 0 ||
      ftruncate(w.memory.fd(), static_cast<off_t>(2 * size)) == 0) {
    Broken("the memfd changed size");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  World& w = TheWorld();
  const size_t pick = data[0] % w.plan.size();
  const SweepSlice& slice = w.plan[pick];
  const size_t length =
      std::min<uint64_t>(1 + data[1] % kMaxPatterns, slice.count);
  const uint64_t offset = data[2] % (slice.count - length + 1);
  const uint8_t flags = data[3];
  std::string_view rest(reinterpret_cast<const char*>(data) + 4, size - 4);

  const DTypeInfo& in = Info(slice.spec.dtype);
  const DTypeInfo& out = Info(slice.spec.output_type);
  std::vector<uint8_t> own(StorageBytes(in, length));
  FillPatterns(in, slice.first + offset, own.data(), length);
  uint8_t* memory = w.memory.data();
  std::memcpy(memory, own.data(), own.size());
  std::memset(memory + kOutputOffset, 0, StorageBytes(out, length));
  // What the worker wrote before it answered.
  auto take = [&rest](size_t n) {
    const std::string_view bytes = rest.substr(0, n);
    rest.remove_prefix(bytes.size());
    return bytes;
  };
  if (flags & 1) {
    const std::string_view bytes = take(StorageBytes(out, length));
    if (!bytes.empty()) {
      std::memcpy(memory + kOutputOffset, bytes.data(), bytes.size());
    }
  }
  std::string_view scribble;
  if (flags & 2) scribble = take(own.size());
  // An empty view's data() may be null, which memcpy must never get.
  if (!scribble.empty()) std::memcpy(memory, scribble.data(), scribble.size());
  if (flags & 12) CheckSealed(w);

  const std::vector<int64_t> dims = {static_cast<int64_t>(length)};
  const SentChunk chunk{offset, length, memory, own.data(),
                        {{static_cast<int32_t>(in.code), dims, 0, own.size()}},
                        {static_cast<int32_t>(out.code), dims, kOutputOffset,
                         StorageBytes(out, length)},
                        &w.ModelFor(pick, length)};
  const ChunkVerdict scribbled =
      CheckChunk(slice, chunk, AnswerOf(rest), *w.reference);
  std::memcpy(memory, own.data(), own.size());
  const ChunkVerdict untouched =
      CheckChunk(slice, chunk, AnswerOf(rest), *w.reference);
  if (scribbled.status != untouched.status ||
      scribbled.comparison.by_class.size() !=
          untouched.comparison.by_class.size()) {
    Broken("a write into the input slot changed the verdict");
  }
  const bool changed =
      !scribble.empty() &&
      std::memcmp(scribble.data(), own.data(), scribble.size()) != 0;
  if (changed != (scribbled.adapter_steps.size() >
                  untouched.adapter_steps.size())) {
    Broken("a write into the input slot went unnoted");
  }
  return 0;
}
