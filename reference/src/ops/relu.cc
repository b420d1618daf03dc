// Relu, versions 6, 13 and 14: max(X, 0), element by element: a negative
// value is +0, anything else (a NaN too, payload kept) is itself. Version
// 14 adds the signed integers.
//
// A NaN is no open spot: Relu is max(0, X), and max propagates a NaN
// (numpy's maximum, ONNX's reference evaluator, IEEE 754-2019's maximum,
// and onnxcts's Max), so Relu(NaN) is that NaN and 0 fails.
//
// Spec silent: which zero Relu(-0) gives. IEEE 754's maximum orders -0
// below +0, and numpy's maximum (ONNX's reference evaluator) answers +0 on
// float and double but -0 on float16: the reference gives +0, and -0 is a
// deviation.
#include <stdexcept>
#include <string>

#include "onnxcts/oracle.h"
#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "simd_sign_bits.h"

namespace onnxcts {
namespace {

bool ReluDType(const DTypeInfo& t) {
  return KernelsCover(t) &&
         (t.is_float() ? t.bits >= 16 : t.kind == Kind::kSigned);
}

void Relu(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!ReluDType(t)) {
    throw std::invalid_argument("Relu is not defined on " +
                                std::string(t.name));
  }
  const uint64_t mask = t.is_float() ? t.format.magnitude_mask() : 0;
  const uint64_t infinity = t.is_float() ? t.format.infinity() : 0;
  const size_t done = simd::ZeroNegatives(t.bits, in, out, n, mask, infinity);
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    const U sign = static_cast<U>(U{1} << (t.bits - 1));
    for (size_t i = done; i < n; ++i) {
      const U x = LoadElement<U>(in, i);
      const bool nan = (x & static_cast<U>(mask)) > static_cast<U>(infinity);
      StoreElement<U>(out, i, (x & sign) != 0 && !nan ? U{0} : x);
    }
  });
}

void ReluNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, const Attributes&) {
  Relu(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

// Plain: below zero is +0; zero, above zero and NaN are themselves.
uint64_t ReluOracle(const DTypeInfo& t, uint64_t bits) {
  if (!t.is_float()) return oracle::IsNegative(t, bits) ? 0 : bits;
  const oracle::Fields f = oracle::Decode(t, bits);
  const uint64_t top = (uint64_t{1} << t.format.exponent_bits) - 1;
  const bool nan = f.exponent == top && f.mantissa != 0;
  return f.sign && !nan ? 0 : bits;
}

bool NegativeZeroKept(const DTypeInfo& t, std::span<const uint64_t> inputs,
                      uint64_t, uint64_t actual) {
  const uint64_t negative_zero = t.format.sign_mask();
  return t.is_float() && inputs[0] == negative_zero && actual == negative_zero;
}

constexpr DType kV14[] = {DType::kFloat,  DType::kInt32,   DType::kInt8,
                          DType::kInt16,  DType::kInt64,   DType::kFloat16,
                          DType::kDouble, DType::kBfloat16};
constexpr DType kV13[] = {DType::kFloat16, DType::kFloat, DType::kDouble,
                          DType::kBfloat16};
constexpr TypeConstraint kC6[] = {{"T", kFloat16FloatDouble}};
constexpr TypeConstraint kC13[] = {{"T", kV13}};
constexpr TypeConstraint kC14[] = {{"T", kV14}};

constexpr DeviationFn kZeroSign = DeviationBy<NegativeZeroKept>;

// Open at -0, where -0 (the one answer NegativeZeroKept takes) is not the
// reference's +0.
bool NegativeZeroOpen(const OpSchema& s, const ElementAnswer& e) {
  return OtherAnswerDeviates(kZeroSign, s, e, {e.output->format.sign_mask()});
}

constexpr OpSchema kSchemas[] = {
    {.op = "Relu",
     .since_version = 6,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC6,
     .kernel = ReluNode,
     .deviation = kZeroSign,
     .open = NegativeZeroOpen},
    {.op = "Relu",
     .since_version = 13,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC13,
     .kernel = ReluNode,
     .deviation = kZeroSign,
     .open = NegativeZeroOpen},
    {.op = "Relu",
     .since_version = 14,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC14,
     .kernel = ReluNode,
     .deviation = kZeroSign,
     .open = NegativeZeroOpen},
};

constexpr Variant kVariants[] = {
    {.name = "relu",
     .op = "Relu",
     .defines = DefinesBy<ReluDType>,
     .kernel = KernelBy<Relu>,
     .oracle = OracleBy<ReluOracle>,
     .on_runs = OnRuns::kClassAnswer},
};

}  // namespace

ONNXCTS_REGISTER_OP(Relu)

}  // namespace onnxcts
