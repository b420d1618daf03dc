// What Max, Min, Equal, Less and Greater share: the order of two patterns
// of one dtype. The kernels order by signed keys (simd_order.h); the oracle
// orders decoded values, plainly; and the node kernels broadcast their
// inputs as numpy does and fold Max and Min over any number of them.
#ifndef ONNXCTS_SRC_OPS_ORDERING_H_
#define ONNXCTS_SRC_OPS_ORDERING_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"
#include "ops/ops.h"
#include "simd_order.h"

namespace onnxcts {

// The formals of the comparisons (A and B of type T to C of bool T1), and
// of Max and Min (one input or more).
inline constexpr Formal kCompareIn[] = {{"A", "T"}, {"B", "T"}};
inline constexpr Formal kCompareOut[] = {{"C", "T1"}};
inline constexpr Formal kSelectIn[] = {{"data_0", "T", true}};

// The type constraints of Less and Greater, which share their versions: 7
// takes float16, float and double, 9 the integers too, 13 bfloat16 too.
inline constexpr TypeConstraint kOrderC7[] = {{"T", kFloat16FloatDouble},
                                              {"T1", kBoolOnly}};
inline constexpr TypeConstraint kOrderC9[] = {{"T", kNumeric},
                                              {"T1", kBoolOnly}};
inline constexpr TypeConstraint kOrderC13[] = {{"T", kNumericWithBfloat16},
                                               {"T1", kBoolOnly}};

// The versions of Less or Greater, which differ only in the op's name
// and kernel.
constexpr std::array<OpSchema, 3> OrderSchemas(std::string_view op,
                                               KernelFn kernel) {
  constexpr std::span<const TypeConstraint> kConstraints[] = {
      kOrderC7, kOrderC9, kOrderC13};
  constexpr int kSince[] = {7, 9, 13};
  std::array<OpSchema, 3> schemas{};
  for (size_t i = 0; i < schemas.size(); ++i) {
    schemas[i] = {.op = op,
                  .since_version = kSince[i],
                  .inputs = kCompareIn,
                  .outputs = kCompareOut,
                  .constraints = kConstraints[i],
                  .kernel = kernel,
                  .broadcast = true};
  }
  return schemas;
}

// The dtypes these ops have in some version: the integers, the floats of
// 16 bits and more (no float8 format), and bool for Equal.
bool OrderedNumber(const DTypeInfo& t);
bool OrderedOrBool(const DTypeInfo& t);

// The kernels on `n` elements of `a` and `b` (Variant::pair_kernel). A
// comparison throws std::invalid_argument on a dtype its op does not
// define (`defines`: Equal takes bool, Less and Greater do not).
void CompareKernel(const DTypeInfo& t, bool (*defines)(const DTypeInfo&),
                   simd::Comparison c, const void* a, const void* b, void* out,
                   size_t n);
void SelectKernel(const DTypeInfo& t, simd::Selection c, const void* a,
                  const void* b, void* out, size_t n);

// The oracle's order of two patterns: decoded fields compared one by one.
enum class Order : uint8_t { kUnordered, kLess, kEqual, kGreater };
Order OracleOrder(const DTypeInfo& t, uint64_t a, uint64_t b);

// want[i] = 1 where the order of (a[i], b[i]) is among `holds` (a bit
// per Order), else 0: a comparison's oracle on many pairs, in one call.
void OracleOrders(const DTypeInfo& t, std::span<const uint64_t> a,
                  std::span<const uint64_t> b, std::span<uint64_t> want,
                  unsigned holds);

// The Variant::pair_oracle of the comparison true on the orders `Holds`.
template <Order... Holds>
void OrderOracle(const DTypeInfo& t, std::span<const uint64_t> a,
                 std::span<const uint64_t> b, std::span<uint64_t> want) {
  OracleOrders(t, a, b, want, ((1u << static_cast<unsigned>(Holds)) | ...));
}

// Where one input is +0 and another -0 and the answer is a zero, which zero
// it is the spec does not say: either is a deviation (Max, Min).
bool ZeroPairDeviation(const DTypeInfo& t, std::span<const uint64_t> inputs,
                       uint64_t expected, uint64_t actual);

// Its open predicate (OpSchema::open): the rule takes only an input, so an
// answer is open where one of the inputs is a zero the reference's is not.
bool ZeroPairOpen(const OpSchema& s, const ElementAnswer& e);

}  // namespace onnxcts

#endif  // ONNXCTS_SRC_OPS_ORDERING_H_
