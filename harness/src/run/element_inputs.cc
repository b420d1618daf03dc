#include "run/element_inputs.h"

#include "onnxcts/broadcast.h"
#include "onnxcts/oracle.h"
#include "run/compare.h"

namespace onnxcts {

std::string ValueClass(const DTypeInfo& t, uint64_t bits) {
  if (t.kind == Kind::kBool) return bits ? "true" : "false";
  return oracle::ClassName(t, bits);
}

ElementInputs::ElementInputs(std::span<const Tensor* const> all,
                             const std::vector<int64_t>& out_dims,
                             const OpSchema* schema,
                             const Attributes* attributes) {
  for (const Tensor* x : all) {
    if (x == nullptr) return;
    dims_.push_back(x->dims);
  }
  for (size_t i = 0; i < all.size(); ++i) {
    const bool parameter = schema != nullptr && i < schema->MaxInputs() &&
                           schema->FormalOf(i).parameter;
    if (schema != nullptr && !schema->ElementInput(i) && !parameter) continue;
    if (all[i]->dtype == kAbsentInput) continue;  // an optional one left out
    const bool selector = schema != nullptr && schema->SelectorInput(i);
    const bool added = parameter
                           ? AddParameter(*all[i], i, *schema, attributes)
                           : AddElement(*all[i], out_dims, selector);
    if (!added) {
      inputs_.clear();
      return;
    }
    if (schema != nullptr && i == schema->MainInput()) {
      main_ = inputs_.size() - 1;
    }
  }
  bits_.resize(inputs_.size());
}

const DTypeInfo* ElementInputs::type() const {
  return inputs_.empty() ? nullptr : &Info(inputs_[main_].tensor->dtype);
}

std::span<const uint64_t> ElementInputs::At(size_t i) {
  for (size_t k = 0; k < inputs_.size(); ++k) {
    const Read& r = inputs_[k];
    bits_[k] =
        LoadBits(Info(r.tensor->dtype), r.tensor->bytes.data(), r.index(i));
  }
  return bits_;
}

std::string ElementInputs::Classes(std::span<const uint64_t> bits) const {
  std::string text;
  for (size_t k = 0; k < bits.size(); ++k) {
    text += (k ? "," : "") + ValueClass(Info(types_[k]), bits[k]);
  }
  return text;
}

std::string ElementInputs::Hex(std::span<const uint64_t> bits) const {
  std::string text;
  for (size_t k = 0; k < bits.size(); ++k) {
    text += (k ? "," : "") + HexBits(Info(types_[k]), bits[k]);
  }
  return text;
}

bool ElementInputs::AddElement(const Tensor& x,
                               const std::vector<int64_t>& out_dims,
                               bool selector) {
  const Dims pair[] = {x.dims, out_dims};
  const std::optional<Dims> to = BroadcastDims(pair);
  if (!to || *to != out_dims) return false;
  if (!selector) {
    if (element_dtype_ && x.dtype != *element_dtype_) return false;
    element_dtype_ = x.dtype;
  }
  Push(x, BroadcastIndex(x.dims, out_dims));
  return true;
}

bool ElementInputs::AddParameter(const Tensor& x, size_t k,
                                 const OpSchema& schema,
                                 const Attributes* attributes) {
  const ParameterRule* rule = schema.parameters;
  if (rule == nullptr || attributes == nullptr || inputs_.empty() ||
      !rule->check(dims_, *attributes).empty()) {
    return false;
  }
  Push(x, [rule, k, attributes, this](size_t i) {
    return rule->index(dims_, *attributes, k, i);
  });
  return true;
}

void ElementInputs::Push(const Tensor& x,
                         std::function<size_t(size_t)> index) {
  inputs_.push_back({&x, std::move(index)});
  types_.push_back(x.dtype);
}

}  // namespace onnxcts
