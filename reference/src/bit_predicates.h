// Branch-free bit tests shared by the fast kernels. Each is a template on the
// format so that every mask is a compile-time constant and the loops that
// call them vectorise.
#ifndef ONNXCTS_SRC_BIT_PREDICATES_H_
#define ONNXCTS_SRC_BIT_PREDICATES_H_

#include "onnxcts/float_format.h"

namespace onnxcts::internal {

template <FloatFormat F, typename U>
constexpr U Const(uint64_t v) {
  return static_cast<U>(v);
}

// NaNs of IEEE and finite-only formats are exactly the magnitudes at or
// above the lowest NaN pattern; the fnuz formats have one NaN, the -0 slot.
template <FloatFormat F, typename U>
constexpr bool IsNaNBits(U x) {
  if constexpr (F.specials == Specials::kFnuz) {
    return x == Const<F, U>(F.sign_mask());
  } else {
    return static_cast<U>(x & Const<F, U>(F.magnitude_mask())) >=
           Const<F, U>(F.lowest_nan_magnitude());
  }
}

}  // namespace onnxcts::internal

#endif  // ONNXCTS_SRC_BIT_PREDICATES_H_
