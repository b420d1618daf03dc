// What a sweep checks: one operator with one set of attribute values, on
// every pattern of each dtype it defines. Each operator's file
// (reference/src/ops/<op>.cc) defines its variants beside its schemas, and
// everything that sweeps, verifies, fuzzes or benchmarks kernels iterates
// over AllVariants() instead of naming an op.
#ifndef ONNXCTS_VARIANT_H_
#define ONNXCTS_VARIANT_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "onnxcts/dtype.h"

namespace onnxcts {

// An INT attribute's value, as the variant's model sets it.
struct IntAttribute {
  std::string_view name;
  int64_t value;
};

struct Variant {
  std::string_view name;  // "isinf_pos": in sweep reports and mismatches
  std::string_view op;    // "IsInf"
  // Every INT attribute of the op, at this variant's value.
  std::span<const IntAttribute> attributes;
  // The output: one byte of 0 or 1 per element (a predicate), or else the
  // input's dtype.
  bool to_bool;
  // Whether the kernel is defined on `t` at some opset.
  bool (*defines)(const DTypeInfo& t);
  // The kernel on `n` elements of `t` at `in` (kernels.h's contract).
  void (*kernel)(const DTypeInfo& t, const void* in, void* out, size_t n);
  // The plain oracle's answer for one pattern: 0 or 1, or output bits.
  uint64_t (*oracle)(const DTypeInfo& t, uint64_t bits);
};

// AllVariants()
//
// Every variant of every operator, in the order of the operator registry.
std::span<const Variant* const> AllVariants();

// FindVariant()
//
// The variant named `name` ("isinf_pos"), or nullptr.
const Variant* FindVariant(std::string_view name);

// The width of one output element of `v` on inputs of `t`.
inline const DTypeInfo& OutputType(const Variant& v, const DTypeInfo& t) {
  return v.to_bool ? Info(DType::kUint8) : t;
}

}  // namespace onnxcts

#endif  // ONNXCTS_VARIANT_H_
