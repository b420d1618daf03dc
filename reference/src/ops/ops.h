// What each operator file gives the schema table, and the formals that the
// element-wise unary operators share.
#ifndef ONNXCTS_SRC_OPS_OPS_H_
#define ONNXCTS_SRC_OPS_OPS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>

#include "onnxcts/oracle.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"

namespace onnxcts {

// What each operator file gives the registry (schema.cc): every version of
// the operator, and the variants a sweep checks. An operator file registers
// itself with one line, ONNXCTS_REGISTER_OP(Name), after its anonymous
// namespace (which holds kSchemas and kVariants); the build collects those
// lines from reference/src/ops/*.cc into the registry, so a new operator is
// its own file and nothing else.
struct OpFile {
  std::span<const OpSchema> schemas;
  std::span<const Variant> variants;
};

#define ONNXCTS_REGISTER_OP(Name) \
  OpFile Name##Op() { return {kSchemas, VariantsOf(kVariants)}; }

// An op's kVariants: an array, or a function that makes them (Cast's, one
// per target dtype of the table).
inline std::span<const Variant> VariantsOf(std::span<const Variant> list) {
  return list;
}
inline std::span<const Variant> VariantsOf(std::span<const Variant> (*make)()) {
  return make();
}

// INT or FLOAT attribute `name` of `a`; `otherwise` when it has none or
// one of another type (a model being refused).
inline int64_t IntOf(const Attributes& a, std::string_view name,
                     int64_t otherwise) {
  const auto it = a.find(name);
  const int64_t* v = it != a.end() ? std::get_if<int64_t>(&it->second) : nullptr;
  return v != nullptr ? *v : otherwise;
}
inline float FloatOf(const Attributes& a, std::string_view name,
                     float otherwise) {
  const auto it = a.find(name);
  const float* v = it != a.end() ? std::get_if<float>(&it->second) : nullptr;
  return v != nullptr ? *v : otherwise;
}

// Variant functions (variant.h) for ops whose functions take no more than
// the dtype: the variant's attributes are in the function already (IsInf's
// template flags) or there are none.
template <bool (*F)(const DTypeInfo&)>
bool DefinesBy(const Variant&, const DTypeInfo& t) {
  return F(t);
}

template <void (*F)(const DTypeInfo&, const void*, void*, size_t)>
void KernelBy(const Variant&, const DTypeInfo& t, const void* in, void* out,
              size_t n) {
  F(t, in, out, n);
}

template <uint64_t (*F)(const DTypeInfo&, uint64_t)>
uint64_t OracleBy(const Variant&, const DTypeInfo& t, uint64_t bits) {
  return F(t, bits);
}

// The deviation rule of an op whose output has its inputs' dtype and whose
// attributes do not change what the spec leaves open.
template <bool (*F)(const DTypeInfo&, std::span<const uint64_t>, uint64_t,
                    uint64_t)>
bool DeviationBy(const OpSchema&, const ElementAnswer& e) {
  return e.input->code == e.output->code &&
         F(*e.output, e.inputs, e.expected, e.actual);
}

// The open predicate (OpSchema::open) of DeviationBy<F> for a rule F that
// at each element takes every answer but the reference's, or none (an
// integer overflow, a shift by the width): F asked of one other answer.
template <bool (*F)(const DTypeInfo&, std::span<const uint64_t>, uint64_t,
                    uint64_t)>
bool OpenBy(const OpSchema& s, const ElementAnswer& e) {
  ElementAnswer other = e;
  other.actual = e.expected ^ 1;
  return DeviationBy<F>(s, other);
}

// OtherAnswerDeviates()
//
// Whether `rule` takes one of `answers` that is not e.expected (a NaN
// where e.expected is a NaN aside: comparisons match those): the open
// predicate of a rule that takes a few answers, from a list that holds
// every one it can take.
inline bool OtherAnswerDeviates(DeviationFn rule, const OpSchema& s,
                                const ElementAnswer& e,
                                std::span<const uint64_t> answers) {
  const DTypeInfo& t = *e.output;
  const bool nan = t.is_float() && oracle::IsNaN(t, e.expected);
  ElementAnswer other = e;
  for (uint64_t answer : answers) {
    other.actual = answer & t.all_bits();
    if (other.actual == e.expected || (nan && oracle::IsNaN(t, other.actual))) {
      continue;
    }
    if (rule(s, other)) return true;
  }
  return false;
}
inline bool OtherAnswerDeviates(DeviationFn rule, const OpSchema& s,
                                const ElementAnswer& e,
                                std::initializer_list<uint64_t> answers) {
  return OtherAnswerDeviates(rule, s, e,
                             std::span(answers.begin(), answers.size()));
}

// The kernels of floats only (IsInf, IsNaN).
inline bool DefinedOnFloats(const DTypeInfo& t) {
  return t.is_float() && KernelsCover(t);
}

// A predicate: X of type T1 in, Y of bool type T2 out (IsInf, IsNaN).
inline constexpr Formal kPredicateIn[] = {{"X", "T1"}};
inline constexpr Formal kPredicateOut[] = {{"Y", "T2"}};
inline constexpr DType kBoolOnly[] = {DType::kBool};

// The floats of the early versions of Max, Min, Less and Greater.
inline constexpr DType kFloat16FloatDouble[] = {DType::kFloat16, DType::kFloat,
                                                DType::kDouble};

// The specs' "all numeric types" before opset 13 (Sign-9, Abs-6), and from
// 13 on, when bfloat16 joined them.
inline constexpr DType kNumeric[] = {
    DType::kFloat16, DType::kFloat,  DType::kDouble, DType::kUint8,
    DType::kUint16,  DType::kUint32, DType::kUint64, DType::kInt8,
    DType::kInt16,   DType::kInt32,  DType::kInt64};
inline constexpr DType kNumericWithBfloat16[] = {
    DType::kBfloat16, DType::kFloat16, DType::kFloat,  DType::kDouble,
    DType::kUint8,    DType::kUint16,  DType::kUint32, DType::kUint64,
    DType::kInt8,     DType::kInt16,   DType::kInt32,  DType::kInt64};

// Same type in and out, X to Y (Abs, Neg).
inline constexpr Formal kUnaryIn[] = {{"X", "T"}};
inline constexpr Formal kUnaryOut[] = {{"Y", "T"}};

// Same type in and out (Sign).
inline constexpr Formal kSameTypeIn[] = {{"input", "T"}};
inline constexpr Formal kSameTypeOut[] = {{"output", "T"}};

// Element `i` of a buffer of U that need not be aligned to U (raw_data may
// sit at any address); memcpy of a fixed size compiles to one move.
template <typename U>
inline U LoadElement(const void* data, size_t i) {
  U value;
  std::memcpy(&value, static_cast<const uint8_t*>(data) + i * sizeof(U),
              sizeof(U));
  return value;
}

template <typename U>
inline void StoreElement(void* data, size_t i, U value) {
  std::memcpy(static_cast<uint8_t*>(data) + i * sizeof(U), &value, sizeof(U));
}

// The buffer from element `i` on, as untyped memory.
template <typename U>
inline const void* From(const void* data, size_t i) {
  return static_cast<const uint8_t*>(data) + i * sizeof(U);
}

template <typename U>
inline void* From(void* data, size_t i) {
  return static_cast<uint8_t*>(data) + i * sizeof(U);
}

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_OPS_H_
