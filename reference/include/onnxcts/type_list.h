// Compile-time type lists generated from the dtype table.
//
// `ForAllOnnxTypes(f)` calls `f.template operator()<Row>()` once per table
// row, where `Row` is a `TypeRow<I>` carrying the row's info and storage
// type; the narrower lists filter it. `VisitDType(t, f)` does the same for the
// one row of a runtime dtype, which is how a runtime DType reaches a kernel
// written once as a template. Packed rows (4- and 2-bit types) have no C++
// storage type: their `Bits` is the incomplete `PackedElements`, so code
// that would step through them as an array does not compile, and
// VisitDType() refuses them at run time (no kernel takes one).
#ifndef ONNXCTS_TYPE_LIST_H_
#define ONNXCTS_TYPE_LIST_H_

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "onnxcts/dtype.h"

namespace onnxcts {

// The `Bits` of a packed row: declared, never defined.
struct PackedElements;

template <int Bits>
using StorageOf =
    typename std::conditional_t<(Bits < 8), std::type_identity<PackedElements>,
                                BitsOfWidth<(Bits < 8 ? 8 : Bits)>>::type;

template <size_t I>
struct TypeRow {
  static constexpr const DTypeInfo& info = kDTypes[I];
  static constexpr FloatFormat format = kDTypes[I].format;
  using Bits = StorageOf<kDTypes[I].bits>;
};

template <typename F>
constexpr void ForAllOnnxTypes(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<TypeRow<I>>(), ...);
  }(std::make_index_sequence<kDTypes.size()>{});
}

// The rows whose elements are whole bytes: what kernels can take.
template <typename F>
constexpr void ForByteWideTypes(F&& f) {
  ForAllOnnxTypes([&]<typename Row>() {
    if constexpr (!Row::info.packed()) f.template operator()<Row>();
  });
}

template <typename F>
constexpr void ForFloatTypes(F&& f) {
  ForAllOnnxTypes([&]<typename Row>() {
    if constexpr (Row::info.is_float()) f.template operator()<Row>();
  });
}

template <typename F>
constexpr void ForFloat8Types(F&& f) {
  ForFloatTypes([&]<typename Row>() {
    if constexpr (Row::info.bits == 8) f.template operator()<Row>();
  });
}

template <typename F>
constexpr void ForIntegerTypes(F&& f) {
  ForAllOnnxTypes([&]<typename Row>() {
    if constexpr (Row::info.is_integer()) f.template operator()<Row>();
  });
}

// Calls `f.template operator()<Row>()` for the row of `t`. Throws
// std::invalid_argument for a packed dtype (kernels work on arrays of
// `Row::Bits`, which a packed row lacks) and for a code not in the table.
template <typename F>
void VisitDType(DType t, F&& f) {
  bool found = false;
  ForAllOnnxTypes([&]<typename Row>() {
    if (Row::info.code != t) return;
    if constexpr (Row::info.packed()) {
      throw std::invalid_argument("no kernel takes the packed dtype " +
                                  std::string(Row::info.name));
    } else {
      found = true;
      f.template operator()<Row>();
    }
  });
  if (!found) {
    throw std::invalid_argument("unknown dtype code " +
                                std::to_string(static_cast<int>(t)));
  }
}

}  // namespace onnxcts

#endif  // ONNXCTS_TYPE_LIST_H_
