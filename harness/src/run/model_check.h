// Checks a model against the op schema table: is it one node of an op
// onnxcts implements, and is that node valid at the model's opset?
#ifndef ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_
#define ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_

#include <functional>
#include <string>
#include <vector>

#include "core/model.h"
#include "onnxcts/schema.h"

namespace onnxcts {

struct NodeCheck {
  enum class Verdict {
    kValid,
    kInvalid,  // breaks the schema at its opset: a conformant backend refuses
    kUnknown,  // not a single node of an op the schema table has, or an
               // older version of one than the table's (Cast-1)
  };
  Verdict verdict = Verdict::kUnknown;
  std::string reason;  // for kInvalid and kUnknown
  // What the report's matrix groups by (empty op for kUnknown models that
  // are not a single node at all).
  std::string op;
  int opset = 0;  // the since_version in force, or the model's opset
  std::string dtype;
  const OpSchema* schema = nullptr;  // set when kValid
  Attributes attributes;             // resolved, defaults filled, when kValid
  std::vector<DType> input_types;
  std::vector<DType> output_types;
};

// The dtype code a value is declared or known with; 0 when it has none, and
// kUndeclared for a node output whose dtype is free (a graph's inner
// value, which takes what the node makes).
using ValueTypes = std::function<int32_t(const std::string& value)>;
inline constexpr int32_t kUndeclared = -1;

// CheckNode()
//
// Binds the model's single node to its schema and validates dtypes,
// attributes and output types.
NodeCheck CheckNode(const Model& model);

// CheckNodeOf()
//
// The same for `node`, one node of `model`, its values' dtypes read from
// `declared` (a graph's checker knows its inner values').
NodeCheck CheckNodeOf(const Model& model, const Node& node,
                      const ValueTypes& declared);

// The dtype a value (graph input, initializer or output) is declared with.
int32_t DeclaredType(const Model& model, const std::string& value);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_
