#include "run/chunk_check.h"

#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "onnxcts/verify.h"
#include "run/compare.h"
#include "run/copying_pipe.h"
#include "run/outcome_status.h"
#include "sweep.h"

namespace onnxcts {
namespace {

// Whether every output of the chunk is the oracle's answer, checked run by
// run: then no element differs and there is nothing to classify.
bool AllMatchByRuns(const SweepSlice& slice, const SentChunk& chunk) {
  const DTypeInfo& t = Info(slice.spec.dtype);
  const Variant* v = VariantFor(*slice.spec.schema, slice.spec.attributes,
                                NodeInputTypes(slice.spec));
  if (v == nullptr || !PatternSpace(t).exhaustive()) return false;
  const Tally tally = CheckRange(
      t, *v, slice.first + chunk.offset, chunk.sent_input,
      chunk.memory + chunk.output.offset, chunk.length);
  return tally.mismatches == 0;
}

ChunkVerdict Stopped(ChunkVerdict v, Status status, std::string message,
                     bool overrides = true) {
  v.stops = true;
  v.overrides = overrides;
  v.status = status;
  v.message = std::move(message);
  return v;
}

// Compares element by element with the reference's outputs.
void CompareWithReference(const SweepSlice& slice, const SentChunk& chunk,
                          const Slot& produced, Backend& reference,
                          const std::string& where, ChunkVerdict& v) {
  RunRequest request{nullptr, nullptr, chunk.model, {}, 60};
  Slot sent = chunk.input;
  sent.offset = 0;
  request.inputs.push_back(SlotTensor(chunk.sent_input, sent, "x"));
  const RunOutcome expected = reference.Run(request);
  if (expected.kind != RunOutcome::Kind::kOk) {
    throw std::logic_error(slice.id + ": the reference refused its own case: " +
                           expected.message);
  }
  Slot actual_slot = produced;
  actual_slot.offset = chunk.output.offset;
  actual_slot.bytes = chunk.output.bytes;
  Attributes attributes = slice.spec.attributes;
  ResolveAttributes(*slice.spec.schema, attributes);
  // Every input of the node, the model's initializers (a quantizer's scale
  // and zero point) too, for the deviation rule.
  std::vector<const Tensor*> inputs;
  for (const std::string& name : chunk.model->nodes[0].inputs) {
    inputs.push_back(chunk.model->Feeding(name, request.inputs));
  }
  const Comparison c = CompareOutput(
      0, expected.outputs[0], SlotTensor(chunk.memory, actual_slot, "y"),
      inputs, CompareRules{slice.spec.schema, &attributes});
  v.comparison = c.detail;
  v.by_elements = true;
  if (c.status != Status::kPass) {
    v.status = c.status;
    v.message = where + c.message;
  }
}

// A note when the backend wrote into its input slot, which it must only
// read: a runtime computing in place over its input buffer, or scribbling.
void NoteChangedInput(const SentChunk& chunk, ChunkVerdict& v) {
  const uint8_t* slot = chunk.memory + chunk.input.offset;
  const size_t n = chunk.input.bytes;
  if (std::memcmp(slot, chunk.sent_input, n) == 0) return;
  size_t changed = 0;
  for (size_t i = 0; i < n; ++i) changed += slot[i] != chunk.sent_input[i];
  v.adapter_steps.push_back(fmt::format(
      "the backend wrote into its input slot ({} of {} bytes changed): "
      "judged against the inputs the harness sent",
      changed, n));
}

}  // namespace

ChunkVerdict CheckChunk(const SweepSlice& slice, const SentChunk& chunk,
                        ChunkAnswer answer, Backend& reference) {
  ChunkVerdict v;
  v.ran = true;
  RunOutcome& actual = answer.outcome;
  v.adapter_steps = std::move(actual.adapter_steps);
  NoteChangedInput(chunk, v);
  const std::string where =
      fmt::format("patterns {}..{} of the slice: ", chunk.offset,
                  chunk.offset + chunk.length - 1);
  if (actual.kind != RunOutcome::Kind::kOk) {
    v.stderr_tail = std::move(actual.stderr_tail);
    // Which patterns broke the backend matters; which it lacks a kernel
    // for does not (it is every one).
    return Stopped(std::move(v), StatusOf(actual.kind),
                   actual.kind == RunOutcome::Kind::kNotSupported
                       ? actual.message
                       : where + actual.message);
  }
  if (answer.outputs.size() != 1) {
    return Stopped(std::move(v), Status::kInvalidOutput,
                   where + fmt::format("{} outputs, the model has 1",
                                       answer.outputs.size()));
  }
  const Slot& produced = answer.outputs[0];
  const std::string problem = StructureProblem(
      0, chunk.output.dtype, chunk.output.dims, produced.dtype, produced.dims);
  if (!problem.empty()) {
    v.comparison.dtype = std::string(Name(static_cast<DType>(chunk.output.dtype)));
    return Stopped(std::move(v), Status::kInvalidOutput, where + problem,
                   false);
  }
  if (AllMatchByRuns(slice, chunk)) {
    v.comparison.output = 0;
    v.comparison.dtype = std::string(Name(static_cast<DType>(produced.dtype)));
    v.comparison.elements = chunk.length;
    return v;
  }
  CompareWithReference(slice, chunk, produced, reference, where, v);
  return v;
}

}  // namespace onnxcts
