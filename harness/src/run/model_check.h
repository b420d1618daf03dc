// Checks a model against the op schema table: is it one node of an op
// onnxcts implements, and is that node valid at the model's opset?
#ifndef ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_
#define ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_

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

// CheckNode()
//
// Binds the model's single node to its schema and validates dtypes,
// attributes and output types.
NodeCheck CheckNode(const Model& model);

// The dtype a value (graph input, initializer or output) is declared with.
int32_t DeclaredType(const Model& model, const std::string& value);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_MODEL_CHECK_H_
