// Identity, versions 1, 13, 14, 16, 19, 21, 23, 24 and 25: the input,
// bit for bit, on every dtype each version allows (the same lists as
// Cast's; versions 14 and 16 add sequence and optional types, which onnxcts
// does not carry, so their tensor cases repeat 13's).
//
// Nothing is open, a NaN's payload included: the op copies, so any other
// bits fail, and another NaN for a NaN is a deviation (the comparison's
// rule for an op that keeps NaN payloads), failed under --policy strict.
#include <cstring>
#include <stdexcept>
#include <string>

#include "ops/conversion.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

// Whole-byte dtypes only: a sweep fills its inputs a byte at a time or
// wider; the packed ones are the suite's cases.
bool WholeBytes(const DTypeInfo& t) { return t.bits >= 8; }

void Copy(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (n != 0) std::memcpy(out, in, StorageBytes(t, n));  // empty: no buffers
}

void IdentityNode(std::span<const ConstTensorView> in,
                  std::span<const TensorView> out, const Attributes&) {
  Copy(Info(in[0].dtype), in[0].data, out[0].data, in[0].count);
}

// The sweep variant's kernel: the same copy, on the dtypes it defines.
void CopyWhole(const DTypeInfo& t, const void* in, void* out, size_t n) {
  if (!WholeBytes(t)) {
    throw std::invalid_argument("the identity variant takes whole bytes, not " +
                                std::string(t.name));
  }
  Copy(t, in, out, n);
}

uint64_t Same(const DTypeInfo&, uint64_t bits) { return bits; }

constexpr Formal kIn[] = {{"input", "T"}};
constexpr Formal kOut[] = {{"output", "T"}};

template <const auto& kAllowed>
constexpr TypeConstraint kC[] = {{"T", kAllowed}};

constexpr auto& kC1 = kC<conversion::kDTypes6>;
constexpr auto& kC13 = kC<conversion::kDTypes13>;
constexpr auto& kC19 = kC<conversion::kDTypes19>;
constexpr auto& kC21 = kC<conversion::kDTypes21>;
constexpr auto& kC23 = kC<conversion::kDTypes23>;
constexpr auto& kC24 = kC<conversion::kDTypes24>;
constexpr auto& kC25 = kC<conversion::kDTypes25>;

constexpr OpSchema Version(int since, std::span<const TypeConstraint> c) {
  return {.op = "Identity",
          .since_version = since,
          .inputs = kIn,
          .outputs = kOut,
          .constraints = c,
          .kernel = IdentityNode,
          .keeps_nan_payload = true};
}

constexpr OpSchema kSchemas[] = {
    Version(1, kC1),   Version(13, kC13), Version(14, kC13),
    Version(16, kC13), Version(19, kC19), Version(21, kC21),
    Version(23, kC23), Version(24, kC24), Version(25, kC25),
};

constexpr Variant kVariants[] = {
    {.name = "identity",
     .op = "Identity",
     .defines = DefinesBy<WholeBytes>,
     .kernel = KernelBy<CopyWhole>,
     .oracle = OracleBy<Same>,
     .on_runs = OnRuns::kClassAnswer},
};

}  // namespace

ONNXCTS_REGISTER_OP(Identity)

}  // namespace onnxcts
