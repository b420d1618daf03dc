// What each operator file gives the schema table, and the formals that the
// element-wise unary operators share.
#ifndef ONNXCTS_SRC_OPS_OPS_H_
#define ONNXCTS_SRC_OPS_OPS_H_

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

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_OPS_H_
