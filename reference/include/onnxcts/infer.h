// A node's output types and shapes, inferred from its schema: the one rule
// that the reference backend, the plugin, the model checker and the suite
// generator all call, so they cannot disagree on what a node makes.
#ifndef ONNXCTS_INFER_H_
#define ONNXCTS_INFER_H_

#include <span>
#include <string>
#include <vector>

#include "onnxcts/broadcast.h"
#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"

namespace onnxcts {

struct NodeOutputs {
  std::vector<DType> types;  // one per output formal
  Dims dims;                 // every output's (the ops are element-wise)
  std::string problem;       // why there is no answer; "" when there is
};

// InputTypesProblem()
//
// "" when `s` takes inputs of `input_types`, else why not: the first input
// whose dtype the version does not allow, two inputs of one type constraint
// that differ, or a count of inputs the version does not take.
std::string InputTypesProblem(const OpSchema& s,
                              std::span<const DType> input_types);

// InferOutputTypes()
//
// The dtypes of `s`'s outputs for inputs of `input_types` and `attributes`
// (resolved: defaults filled in). An output takes the dtype its type
// constraint is bound to by an input or by an attribute that names a dtype
// (Cast's `to`), else the constraint's `unbound` or `unbound_like` dtype,
// else the one dtype the constraint allows. `problem` says why there is
// none (InputTypesProblem's answer, or what the version forbids:
// OpSchema::forbids).
NodeOutputs InferOutputTypes(const OpSchema& s,
                             std::span<const DType> input_types,
                             const Attributes& attributes);

// InferOutputs()
//
// The types as above, and the shape: the element inputs' broadcast where
// the version broadcasts, else the one shape they must all have; an op's
// parameter inputs must fit its ParameterRule.
NodeOutputs InferOutputs(const OpSchema& s, std::span<const DType> input_types,
                         std::span<const Dims> input_dims,
                         const Attributes& attributes);

}  // namespace onnxcts

#endif  // ONNXCTS_INFER_H_
