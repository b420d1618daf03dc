// Making a cut-down graph plainer without changing its nodes: fewer
// elements, values known before the graph runs fed from outside instead,
// attributes at their defaults, and elements set to one, each step kept
// only while the departure stays the same.
#ifndef ONNXCTS_HARNESS_FUZZ_SIMPLIFY_H_
#define ONNXCTS_HARNESS_FUZZ_SIMPLIFY_H_

#include <functional>

#include "fuzz/shrink.h"

namespace onnxcts {

// Whether a candidate's verdict is still the departure being simplified.
using Keeps = std::function<bool(const FuzzGraph&, const CaseResult&)>;

// Simplify()
//
// `start` made plainer while `keeps` holds of its verdict through `run`,
// with at most `budget` runs. Steps, each tried until it finds nothing
// more: cut a dimension of the values (aligned from the right, as
// broadcasting aligns them) to its first half or its second; drop a leading dimension of 1; feed an
// initializer or a Constant node's value as a graph input; drop an
// attribute that has a default; set a run of elements of a value to one.
// A step the reference cannot run costs no run.
Shrunk Simplify(Shrunk start, const GraphRun& run, const Keeps& keeps,
                int budget = 60);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_SIMPLIFY_H_
