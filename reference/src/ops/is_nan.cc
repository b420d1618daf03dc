// IsNaN, versions 9, 13 and 20.
#include <stdexcept>
#include <string>

#include "bit_predicates.h"
#include "onnxcts/kernels.h"
#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "simd_kernels.h"

namespace onnxcts {
namespace {

// The scalar tail after the vectors.
template <typename Row>
void IsNaNLoop(const void* in, uint8_t* out, size_t n) {
  using U = typename Row::Bits;
  for (size_t i = 0; i < n; ++i) {
    out[i] = internal::IsNaNBits<Row::format>(LoadElement<U>(in, i));
  }
}

// The same test as IsNaNBits, on whole vectors.
template <typename Row>
size_t IsNaNVectors(const void* in, uint8_t* out, size_t n) {
  constexpr FloatFormat F = Row::format;
  constexpr int kBits = Row::info.bits;
  if constexpr (F.specials == Specials::kFnuz) {
    return simd::MaskedEqual(kBits, in, out, n, Row::info.all_bits(),
                             F.sign_mask());
  } else {
    return simd::MagnitudeAtLeast(kBits, in, out, n, F.magnitude_mask(),
                                  F.lowest_nan_magnitude());
  }
}

void IsNaNKernel(std::span<const ConstTensorView> in,
                 std::span<const TensorView> out, const Attributes&) {
  IsNaN(in[0].dtype, in[0].data, static_cast<uint8_t*>(out[0].data),
        in[0].count);
}

constexpr DType kV9[] = {DType::kFloat16, DType::kFloat, DType::kDouble};
constexpr DType kV13[] = {DType::kBfloat16, DType::kFloat16, DType::kFloat,
                          DType::kDouble};
constexpr DType kV20[] = {DType::kBfloat16,      DType::kDouble,
                          DType::kFloat,         DType::kFloat16,
                          DType::kFloat8E4M3FN,  DType::kFloat8E4M3FNUZ,
                          DType::kFloat8E5M2,    DType::kFloat8E5M2FNUZ};

constexpr TypeConstraint kC9[] = {{"T1", kV9}, {"T2", kBoolOnly}};
constexpr TypeConstraint kC13[] = {{"T1", kV13}, {"T2", kBoolOnly}};
constexpr TypeConstraint kC20[] = {{"T1", kV20}, {"T2", kBoolOnly}};

constexpr OpSchema kSchemas[] = {
    {.op = "IsNaN",
     .since_version = 9,
     .inputs = kPredicateIn,
     .outputs = kPredicateOut,
     .constraints = kC9,
     .kernel = IsNaNKernel},
    {.op = "IsNaN",
     .since_version = 13,
     .inputs = kPredicateIn,
     .outputs = kPredicateOut,
     .constraints = kC13,
     .kernel = IsNaNKernel},
    {.op = "IsNaN",
     .since_version = 20,
     .inputs = kPredicateIn,
     .outputs = kPredicateOut,
     .constraints = kC20,
     .kernel = IsNaNKernel},
};

void IsNaNVariantKernel(const DTypeInfo& t, const void* in, void* out,
                        size_t n) {
  IsNaN(t.code, in, static_cast<uint8_t*>(out), n);
}

uint64_t IsNaNOracle(const DTypeInfo& t, uint64_t bits) {
  return oracle::IsNaN(t, bits) ? 1 : 0;
}

constexpr Variant kVariants[] = {
    {.name = "isnan",
     .op = "IsNaN",
     .output = DType::kBool,
     .defines = DefinesBy<DefinedOnFloats>,
     .kernel = KernelBy<IsNaNVariantKernel>,
     .oracle = OracleBy<IsNaNOracle>,
     .on_runs = OnRuns::kClassAnswer},
};

}  // namespace

void IsNaN(DType t, const void* bits, uint8_t* out, size_t n) {
  VisitDType(t, [&]<typename Row>() {
    if constexpr (Row::info.is_float() && KernelsCover(Row::info)) {
      const size_t done = IsNaNVectors<Row>(bits, out, n);
      IsNaNLoop<Row>(From<typename Row::Bits>(bits, done), out + done,
                     n - done);
    } else {
      throw std::invalid_argument("IsNaN is not defined on " +
                                  std::string(Row::info.name));
    }
  });
}

ONNXCTS_REGISTER_OP(IsNaN)

}  // namespace onnxcts
