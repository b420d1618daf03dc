// The input patterns each output element of a node is computed from, for
// the comparison's classes and deviation rules and the graph evaluation's
// open spots.
#ifndef ONNXCTS_HARNESS_RUN_ELEMENT_INPUTS_H_
#define ONNXCTS_HARNESS_RUN_ELEMENT_INPUTS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnxcts/schema.h"

namespace onnxcts {

// The class a mismatch is counted under ("+normal", "true").
std::string ValueClass(const DTypeInfo& t, uint64_t bits);

// The inputs as the output's elements read them: element inputs
// broadcast, parameter inputs (a quantizer's scale and zero point) by the
// op's rule; a type_only input (CastLike's target_type) is none. None at
// all when an element input does not broadcast to the output's shape, the
// element inputs' dtypes differ (but a selector's, Where's bool
// condition), or the parameters do not fit.
class ElementInputs {
 public:
  ElementInputs(std::span<const Tensor* const> all,
                const std::vector<int64_t>& out_dims, const OpSchema* schema,
                const Attributes* attributes);
  // The parameters' index functions point into this object.
  ElementInputs(const ElementInputs&) = delete;
  ElementInputs& operator=(const ElementInputs&) = delete;

  // The main input's dtype (Where's X); null when none are read.
  const DTypeInfo* type() const;
  std::span<const DType> types() const { return types_; }
  // How many inputs are read, and input k's tensor and the element of it
  // that output element `i` reads.
  size_t size() const { return inputs_.size(); }
  const Tensor& tensor(size_t k) const { return *inputs_[k].tensor; }
  size_t index(size_t k, size_t i) const { return inputs_[k].index(i); }

  // The inputs' patterns at output element `i`.
  std::span<const uint64_t> At(size_t i);
  // Their value classes ("+zero,-zero") and bits ("0x00,0x80").
  std::string Classes(std::span<const uint64_t> bits) const;
  std::string Hex(std::span<const uint64_t> bits) const;

 private:
  struct Read {
    const Tensor* tensor;
    std::function<size_t(size_t)> index;
  };

  bool AddElement(const Tensor& x, const std::vector<int64_t>& out_dims,
                  bool selector);
  bool AddParameter(const Tensor& x, size_t k, const OpSchema& schema,
                    const Attributes* attributes);
  void Push(const Tensor& x, std::function<size_t(size_t)> index);

  std::vector<Dims> dims_;  // every input's, for the parameter rule
  std::vector<Read> inputs_;
  size_t main_ = 0;  // in inputs_
  std::optional<DType> element_dtype_;  // every non-selector element input's
  std::vector<DType> types_;
  std::vector<uint64_t> bits_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_ELEMENT_INPUTS_H_
