#include "run/chunk_check.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "onnxcts/oracle.h"
#include "onnxcts/verify.h"
#include "run/compare.h"
#include "run/copying_pipe.h"
#include "run/kernel_sweep.h"
#include "run/outcome_status.h"

namespace onnxcts {
namespace {

// Whether every output of the chunk is the oracle's answer, checked run by
// run: then no element differs and there is nothing to classify.
bool AllMatchByRuns(const SweepSlice& slice, const SentChunk& chunk) {
  const DTypeInfo& t = Info(slice.spec.dtype);
  if (slice.pairs) return false;
  const Variant* v = VariantFor(*slice.spec.schema, slice.spec.attributes,
                                NodeInputTypes(slice.spec));
  if (v == nullptr || !PatternSpace(t).exhaustive()) return false;
  const Tally tally = CheckRange(
      t, *v, slice.first + chunk.offset, chunk.sent_input,
      chunk.memory + chunk.output.offset, chunk.length);
  return tally.mismatches == 0;
}

// Whether `n` elements of float dtype `t` (stored as U) are the same at
// `want` and `got` but where both are NaNs: a backend's NaN payloads
// commonly differ from the kernel's, in every chunk, so this is hot.
template <typename U>
bool SameButNaNs(const DTypeInfo& t, const uint8_t* want, const uint8_t* got,
                 size_t n) {
  // The differences come in runs (a NaN operand's row or columns): blocks
  // that are equal are passed over whole.
  constexpr size_t kBlock = 64;
  for (size_t start = 0; start < n; start += kBlock) {
    const size_t end = std::min(n, start + kBlock);
    const size_t offset = start * sizeof(U);
    if (std::memcmp(want + offset, got + offset, (end - start) * sizeof(U)) ==
        0) {
      continue;
    }
    for (size_t i = start; i < end; ++i) {
      U w, g;
      std::memcpy(&w, want + i * sizeof(U), sizeof(U));
      std::memcpy(&g, got + i * sizeof(U), sizeof(U));
      if (w != g && !(oracle::IsNaN(t, w) && oracle::IsNaN(t, g))) {
        return false;
      }
    }
  }
  return true;
}

// Whether the outputs of a chunk of pairs are the reference kernel's bit for
// bit, or NaN where it gives NaN for an op whose NaNs all match.
bool AllMatchByPairs(const SweepSlice& slice, const SentChunk& chunk) {
  if (!slice.pairs) return false;
  const DTypeInfo& t = Info(slice.spec.dtype);
  const DTypeInfo& out = Info(static_cast<DType>(chunk.output.dtype));
  thread_local std::vector<uint8_t> want;
  want.resize(chunk.output.bytes);
  slice.pairs->pair_kernel(t, chunk.Sent(0), chunk.Sent(1), want.data(),
                           chunk.length);
  const uint8_t* got = chunk.memory + chunk.output.offset;
  if (std::memcmp(want.data(), got, want.size()) == 0) return true;
  if (!out.is_float() || slice.spec.schema->keeps_nan_payload) return false;
  switch (ElementBytes(out)) {
    case 1: return SameButNaNs<uint8_t>(out, want.data(), got, chunk.length);
    case 2: return SameButNaNs<uint16_t>(out, want.data(), got, chunk.length);
    case 4: return SameButNaNs<uint32_t>(out, want.data(), got, chunk.length);
    default: return SameButNaNs<uint64_t>(out, want.data(), got, chunk.length);
  }
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
  const std::vector<const ValueInfo*> fed = chunk.model->FedInputs();
  for (size_t k = 0; k < chunk.inputs.size(); ++k) {
    Slot sent = chunk.inputs[k];
    sent.offset = 0;
    request.inputs.push_back(SlotTensor(chunk.Sent(k), sent, fed[k]->name));
  }
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
  size_t changed = 0;
  size_t n = 0;
  for (size_t k = 0; k < chunk.inputs.size(); ++k) {
    const uint8_t* slot = chunk.memory + chunk.inputs[k].offset;
    const uint8_t* sent = chunk.Sent(k);
    const size_t bytes = chunk.inputs[k].bytes;
    n += bytes;
    if (std::memcmp(slot, sent, bytes) == 0) continue;
    for (size_t i = 0; i < bytes; ++i) changed += slot[i] != sent[i];
  }
  if (changed == 0) return;
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
  const std::string where = fmt::format(
      "{} {}..{} of the slice: ", slice.pairs ? "pairs" : "patterns",
      chunk.offset, chunk.offset + chunk.length - 1);
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
  if (AllMatchByRuns(slice, chunk) || AllMatchByPairs(slice, chunk)) {
    v.comparison.output = 0;
    v.comparison.dtype = std::string(Name(static_cast<DType>(produced.dtype)));
    v.comparison.elements = chunk.length;
    return v;
  }
  CompareWithReference(slice, chunk, produced, reference, where, v);
  return v;
}

}  // namespace onnxcts
