// IsInf, versions 10 and 20.
#include <cstring>
#include <stdexcept>
#include <string>

#include "onnxcts/kernels.h"
#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "simd_kernels.h"

namespace onnxcts {
namespace {

// The scalar tail after the vectors. Compares against the two infinity
// patterns; a direction that is not detected gets a flag of 0, which keeps
// the loop free of branches.
template <typename Row>
void IsInfLoop(const void* in, uint8_t* out, size_t n, IsInfFlags flags) {
  using U = typename Row::Bits;
  constexpr U kPos = static_cast<U>(Row::format.infinity());
  constexpr U kNeg = static_cast<U>(Row::format.sign_mask() | kPos);
  const uint8_t pos = flags.detect_positive ? 1 : 0;
  const uint8_t neg = flags.detect_negative ? 1 : 0;
  for (size_t i = 0; i < n; ++i) {
    const U x = LoadElement<U>(in, i);
    out[i] = static_cast<uint8_t>(((x == kPos) & pos) | ((x == kNeg) & neg));
  }
}

// The vector part: each flag combination is one masked compare (both
// directions ignore the sign bit), or no compare at all.
template <typename Row>
size_t IsInfVectors(const void* in, uint8_t* out, size_t n, IsInfFlags flags) {
  constexpr FloatFormat F = Row::format;
  constexpr int kBits = Row::info.bits;
  constexpr uint64_t kAll = Row::info.all_bits();
  if (flags.detect_positive && flags.detect_negative) {
    return simd::MaskedEqual(kBits, in, out, n, F.magnitude_mask(),
                             F.infinity());
  }
  if (flags.detect_positive) {
    return simd::MaskedEqual(kBits, in, out, n, kAll, F.infinity());
  }
  if (flags.detect_negative) {
    return simd::MaskedEqual(kBits, in, out, n, kAll,
                             F.sign_mask() | F.infinity());
  }
  if (n != 0) std::memset(out, 0, n);
  return n;
}

void IsInfKernel(std::span<const ConstTensorView> in,
                 std::span<const TensorView> out, const Attributes& attrs) {
  const IsInfFlags flags{
      std::get<int64_t>(attrs.at("detect_positive")) != 0,
      std::get<int64_t>(attrs.at("detect_negative")) != 0};
  IsInf(in[0].dtype, in[0].data, static_cast<uint8_t*>(out[0].data),
        in[0].count, flags);
}

constexpr DType kV10[] = {DType::kFloat, DType::kDouble};
constexpr DType kV20[] = {DType::kBfloat16,      DType::kDouble,
                          DType::kFloat,         DType::kFloat16,
                          DType::kFloat8E4M3FN,  DType::kFloat8E4M3FNUZ,
                          DType::kFloat8E5M2,    DType::kFloat8E5M2FNUZ};

constexpr TypeConstraint kC10[] = {{"T1", kV10}, {"T2", kBoolOnly}};
constexpr TypeConstraint kC20[] = {{"T1", kV20}, {"T2", kBoolOnly}};

constexpr AttrSpec kAttrs[] = {
    {.name = "detect_negative",
     .type = AttrType::kInt,
     .default_int = 1,
     .flag = true},
    {.name = "detect_positive",
     .type = AttrType::kInt,
     .default_int = 1,
     .flag = true},
};

constexpr OpSchema kSchemas[] = {
    {.op = "IsInf",
     .since_version = 10,
     .inputs = kPredicateIn,
     .outputs = kPredicateOut,
     .constraints = kC10,
     .attributes = kAttrs,
     .kernel = IsInfKernel},
    {.op = "IsInf",
     .since_version = 20,
     .inputs = kPredicateIn,
     .outputs = kPredicateOut,
     .constraints = kC20,
     .attributes = kAttrs,
     .kernel = IsInfKernel},
};

template <bool kPositive, bool kNegative>
void IsInfVariantKernel(const DTypeInfo& t, const void* in, void* out,
                        size_t n) {
  IsInf(t.code, in, static_cast<uint8_t*>(out), n, {kPositive, kNegative});
}

template <bool kPositive, bool kNegative>
uint64_t IsInfOracle(const DTypeInfo& t, uint64_t bits) {
  return oracle::IsInf(t, bits, kPositive, kNegative) ? 1 : 0;
}

template <bool kPositive, bool kNegative>
constexpr IntAttribute kFlags[] = {{"detect_negative", kNegative ? 1 : 0},
                                   {"detect_positive", kPositive ? 1 : 0}};

template <bool kPositive, bool kNegative>
constexpr Variant IsInfVariant(std::string_view name) {
  return {.name = name,
          .op = "IsInf",
          .attributes = kFlags<kPositive, kNegative>,
          .output = DType::kBool,
          .defines = DefinesBy<DefinedOnFloats>,
          .kernel = KernelBy<IsInfVariantKernel<kPositive, kNegative>>,
          .oracle = OracleBy<IsInfOracle<kPositive, kNegative>>,
          .on_runs = OnRuns::kClassAnswer};
}

constexpr Variant kVariants[] = {
    IsInfVariant<true, true>("isinf"),
    IsInfVariant<true, false>("isinf_pos"),
    IsInfVariant<false, true>("isinf_neg"),
    IsInfVariant<false, false>("isinf_none"),
};

}  // namespace

void IsInf(DType t, const void* bits, uint8_t* out, size_t n,
           IsInfFlags flags) {
  VisitDType(t, [&]<typename Row>() {
    if constexpr (!Row::info.is_float() || !KernelsCover(Row::info)) {
      throw std::invalid_argument("IsInf is not defined on " +
                                  std::string(Row::info.name));
    } else if constexpr (!Row::format.has_infinity()) {
      if (n != 0) std::memset(out, 0, n);
    } else {
      const size_t done = IsInfVectors<Row>(bits, out, n, flags);
      IsInfLoop<Row>(From<typename Row::Bits>(bits, done), out + done, n - done,
                     flags);
    }
  });
}

ONNXCTS_REGISTER_OP(IsInf)

}  // namespace onnxcts
