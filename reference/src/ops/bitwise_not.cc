// BitwiseNot, version 18: every bit of X flipped, on integers (bitwise.h).
#include <stdexcept>
#include <string>

#include "ops/bitwise.h"
#include "ops/ops.h"
#include "simd_sign_bits.h"

namespace onnxcts {
namespace {

void BitwiseNot(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!IntegerBits(t)) {
    throw std::invalid_argument("BitwiseNot is not defined on " +
                                std::string(t.name));
  }
  const uint64_t all = t.all_bits();
  const size_t done = simd::AndXor(t.bits, in, out, n, all, all);
  const size_t width = ElementBytes(t);
  const auto* x = static_cast<const uint8_t*>(in);
  auto* y = static_cast<uint8_t*>(out);
  for (size_t i = done * width; i < n * width; ++i) y[i] = ~x[i];
}

void BitwiseNotNode(std::span<const ConstTensorView> in,
                    std::span<const TensorView> out, const Attributes&) {
  BitwiseNot(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

// Plain: each bit's truth negated.
uint64_t BitwiseNotOracle(const DTypeInfo& t, uint64_t bits) {
  uint64_t out = 0;
  for (int k = 0; k < t.bits; ++k) {
    out |= static_cast<uint64_t>(((bits >> k) & 1) == 0) << k;
  }
  return out;
}

// Every pattern p of any run gives p with all its bits flipped.
RunAnswer BitwiseNotOnRun(const DTypeInfo& t, const PatternRun&) {
  return {false, t.all_bits(), t.all_bits()};
}

constexpr OpSchema kSchemas[] = {
    {.op = "BitwiseNot",
     .since_version = 18,
     .inputs = kUnaryIn,
     .outputs = kUnaryOut,
     .constraints = kIntegersC,
     .kernel = BitwiseNotNode},
};

constexpr Variant kVariants[] = {
    {.name = "bitwise_not",
     .op = "BitwiseNot",
     .defines = DefinesBy<IntegerBits>,
     .kernel = KernelBy<BitwiseNot>,
     .oracle = OracleBy<BitwiseNotOracle>,
     .on_runs = OnRuns::kOwnRule,
     .on_run = BitwiseNotOnRun},
};

}  // namespace

ONNXCTS_REGISTER_OP(BitwiseNot)

}  // namespace onnxcts
