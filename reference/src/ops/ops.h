// What each operator file gives the schema table, and the formals that the
// element-wise unary operators share.
#ifndef ONNXCTS_SRC_OPS_OPS_H_
#define ONNXCTS_SRC_OPS_OPS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "onnxcts/schema.h"

namespace onnxcts {

// One accessor per operator file: all versions of that operator.
std::span<const OpSchema> IsInfSchemas();
std::span<const OpSchema> IsNaNSchemas();
std::span<const OpSchema> SignSchemas();

// A predicate: X of type T1 in, Y of bool type T2 out (IsInf, IsNaN).
inline constexpr Formal kPredicateIn[] = {{"X", "T1"}};
inline constexpr Formal kPredicateOut[] = {{"Y", "T2"}};
inline constexpr DType kBoolOnly[] = {DType::kBool};

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
