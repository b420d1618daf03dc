// Not, version 1: the negation of a bool, element by element (bitwise.h):
// 1 where X is 0, else 0.
#include <stdexcept>
#include <string>

#include "ops/bitwise.h"
#include "ops/ops.h"
#include "simd_kernels.h"

namespace onnxcts {
namespace {

void Not(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!Boolean(t)) {
    throw std::invalid_argument("Not is not defined on " + std::string(t.name));
  }
  const auto* x = static_cast<const uint8_t*>(in);
  auto* y = static_cast<uint8_t*>(out);
  for (size_t i = simd::MaskedEqual(8, in, y, n, 0xff, 0); i < n; ++i) {
    y[i] = x[i] == 0;
  }
}

void NotNode(std::span<const ConstTensorView> in,
             std::span<const TensorView> out, const Attributes&) {
  Not(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

uint64_t NotOracle(const DTypeInfo&, uint64_t bits) {
  return bits == 0 ? 1 : 0;
}

constexpr TypeConstraint kC1[] = {{"T", kBoolType}};

constexpr OpSchema kSchemas[] = {
    {.op = "Not",
     .since_version = 1,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kC1,
     .kernel = NotNode},
};

constexpr Variant kVariants[] = {
    {.name = "not",
     .op = "Not",
     .output = DType::kBool,
     .defines = DefinesBy<Boolean>,
     .kernel = KernelBy<Not>,
     .oracle = OracleBy<NotOracle>},
};

}  // namespace

ONNXCTS_REGISTER_OP(Not)

}  // namespace onnxcts
