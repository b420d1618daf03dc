// CastLike, versions 15, 19, 21, 23, 24 and 25: Cast with its target named
// by the dtype of a second input, `target_type`, whose values are unread.
// Its answers are Cast's of the same version number (conversion.h), so its
// sweep variants are Cast's.
//
// Left out: string tensors, which onnxcts does not carry.
#include "ops/conversion.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

using conversion::Deviates;
using conversion::kDTypes13;
using conversion::kDTypes19;
using conversion::kDTypes21;
using conversion::kDTypes23;
using conversion::kDTypes24;
using conversion::kDTypes25;
using conversion::kT1T2;
using conversion::Node;

constexpr Formal kIn[] = {{.name = "input", .type = "T1"},
                          {.name = "target_type", .type = "T2",
                           .type_only = true}};
constexpr Formal kOut[] = {{"output", "T2"}};

constexpr AttrSpec kAttrs19[] = {conversion::kSaturate};
constexpr AttrSpec kAttrs24[] = {conversion::kSaturate,
                                 conversion::kRoundMode};

// CastLike computes Cast's conversions: its variants are Cast's.
constexpr OpSchema Version(int since, std::span<const TypeConstraint> types,
                           std::span<const AttrSpec> attributes,
                           KernelFn kernel) {
  return {.op = "CastLike",
          .since_version = since,
          .inputs = kIn,
          .outputs = kOut,
          .constraints = types,
          .attributes = attributes,
          .kernel = kernel,
          .deviation = Deviates,
          .variants_of = "Cast",
          .open = conversion::Opens};
}

constexpr OpSchema kSchemas[] = {
    Version(15, kT1T2<kDTypes13>, {}, Node<15>),
    Version(19, kT1T2<kDTypes19>, kAttrs19, Node<19>),
    Version(21, kT1T2<kDTypes21>, kAttrs19, Node<21>),
    Version(23, kT1T2<kDTypes23>, kAttrs19, Node<23>),
    Version(24, kT1T2<kDTypes24>, kAttrs24, Node<24>),
    Version(25, kT1T2<kDTypes25>, kAttrs24, Node<25>),
};

constexpr std::span<const Variant> kVariants = {};

}  // namespace

ONNXCTS_REGISTER_OP(CastLike)

}  // namespace onnxcts
