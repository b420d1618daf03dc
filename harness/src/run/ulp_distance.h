// The distance between two float patterns in units in the last place: how
// many steps through the representable values of their format lead from one
// to the other. A mismatch that is one step off is a rounding; one that is
// millions off is a wrong answer, and the reports tell them apart by it.
#ifndef ONNXCTS_HARNESS_RUN_ULP_DISTANCE_H_
#define ONNXCTS_HARNESS_RUN_ULP_DISTANCE_H_

#include <cstdint>
#include <optional>

#include "onnxcts/dtype.h"

namespace onnxcts {

// UlpDistance()
//
// The number of representable values of float dtype `t` from pattern `a` to
// pattern `b` (patterns of `t`'s width): 0 for equal values (+0 and -0
// included), 1 from the largest finite value to infinity. None when either
// is a NaN, which has no place in the order, or `t` is not a float.
std::optional<uint64_t> UlpDistance(const DTypeInfo& t, uint64_t a, uint64_t b);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_ULP_DISTANCE_H_
