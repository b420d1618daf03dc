// Compares a backend's output with the expected one, element by element,
// and summarises the differences by value class.
#ifndef ONNXCTS_HARNESS_RUN_COMPARE_H_
#define ONNXCTS_HARNESS_RUN_COMPARE_H_

#include <span>
#include <string>

#include "core/result.h"
#include "core/tensor.h"
#include "onnxcts/schema.h"

namespace onnxcts {

struct CompareRules {
  // Set for the reference ops: floats then compare bit for bit (any NaN
  // matching any NaN, but for an op that keeps NaN payloads, where another
  // NaN is a deviation) and the schema's deviation rule applies.
  const OpSchema* schema = nullptr;
  // The node's attributes, resolved, for the deviation rule (Cast's depend
  // on them); null: none.
  const Attributes* attributes = nullptr;
  // For other ops' float outputs (ONNX's defaults; overridable per case).
  double rtol = 1e-3;
  double atol = 1e-7;
  // For a graph of reference ops (graph_eval.h): the output compares bit
  // for bit (any NaN matching any NaN), and where it differs at an element
  // `open` marks (empty: none), that is a deviation.
  bool graph = false;
  std::span<const uint8_t> open = {};
};

struct Comparison {
  Status status = Status::kPass;  // pass, deviation, fail or invalid_output
  std::string message;
  OutputComparison detail;
};

inline constexpr size_t kExamplesPerClass = 4;

// CompareOutput()
//
// Compares output `k`. `inputs`, the node's inputs when each broadcasts to
// the output's shape, classify each mismatch by their value classes ("+zero"
// for one input, "+zero,-zero" for two) and show their bits, comma-separated
// in input order; the deviation rule sees every input's pattern.
Comparison CompareOutput(int k, const Tensor& expected, const Tensor& actual,
                         std::span<const Tensor* const> inputs,
                         const CompareRules& rules);

// The same for an op of one input (null: none).
inline Comparison CompareOutput(int k, const Tensor& expected,
                                const Tensor& actual, const Tensor* input,
                                const CompareRules& rules) {
  const Tensor* const one[] = {input};
  return CompareOutput(k, expected, actual,
                       input ? std::span(one) : std::span<const Tensor* const>{},
                       rules);
}

// StructureProblem()
//
// Why output `k` of dtype code `got` and shape `got_dims` is not the
// expected one, or "" when it is.
std::string StructureProblem(int k, int32_t want,
                             const std::vector<int64_t>& want_dims, int32_t got,
                             const std::vector<int64_t>& got_dims);

// "0x7e00": a pattern as hex digits of its dtype's width.
std::string HexBits(const DTypeInfo& t, uint64_t bits);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_COMPARE_H_
