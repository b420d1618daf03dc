// What Cast and CastLike share: the node-level conversion (convert.h on
// tensors as they are stored), the options their attributes give, the
// dtypes each version allows, the attributes they have in common and the
// deviation rule. CastLike is Cast with its target named by an input's
// dtype instead of `to`; everything else is here once.
#ifndef ONNXCTS_SRC_OPS_CONVERSION_H_
#define ONNXCTS_SRC_OPS_CONVERSION_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "onnxcts/convert.h"
#include "onnxcts/schema.h"

namespace onnxcts::conversion {

// Cast-24's `round_mode` values, in the order variants key them.
inline constexpr std::string_view kRoundModes[] = {"up", "down", "nearest"};

// The options at `version` from `saturate` and the index of `round_mode`
// among kRoundModes.
convert::CastOptions OptionsOf(bool saturate, int64_t round_mode,
                               int version);

// The options a node's attributes (resolved) give at `version`.
convert::CastOptions OptionsOf(const Attributes& a, int version);

// Casts `n` elements of tensors as they are stored (4- and 2-bit elements
// packed; the padding bits of a packed last byte written zero).
void CastStored(const DTypeInfo& from, const void* in, const DTypeInfo& to,
                void* out, size_t n, const convert::CastOptions& o);

// The node kernel of a version: input 0 into the output's dtype (Cast's
// `to`, CastLike's target_type: the output has it; CastLike's input 1 is
// unread, and its view may be absent).
template <int kVersion>
void Node(std::span<const ConstTensorView> in, std::span<const TensorView> out,
          const Attributes& a) {
  CastStored(Info(in[0].dtype), in[0].data, Info(out[0].dtype), out[0].data,
             in[0].count, OptionsOf(a, kVersion));
}

// Where the specs leave a conversion open (convert.h lists the spots), for
// a node of `s` (Cast or CastLike, whose versions change the same things).
bool Deviates(const OpSchema& s, const ElementAnswer& e);

// Whether Deviates() takes an answer other than the reference's there
// (convert::CastOpen): the open predicate of Cast and CastLike.
bool Opens(const OpSchema& s, const ElementAnswer& e);

template <size_t A, size_t B>
constexpr std::array<DType, A + B> Join(const std::array<DType, A>& a,
                                        const std::array<DType, B>& b) {
  std::array<DType, A + B> all{};
  std::ranges::copy(a, all.begin());
  std::ranges::copy(b, all.begin() + A);
  return all;
}

// The dtypes of each version of Cast (T1 and T2 alike; CastLike-15 has
// Cast-13's, its later versions those of Cast's of the same number),
// strings left out: each version's are the last one's and those it added.
inline constexpr std::array kDTypes6 = {
    DType::kBool,  DType::kDouble, DType::kFloat,  DType::kFloat16,
    DType::kInt16, DType::kInt32,  DType::kInt64,  DType::kInt8,
    DType::kUint16, DType::kUint32, DType::kUint64, DType::kUint8};
inline constexpr auto kDTypes13 = Join(kDTypes6, std::array{DType::kBfloat16});
inline constexpr auto kDTypes19 =
    Join(kDTypes13, std::array{DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ,
                               DType::kFloat8E5M2, DType::kFloat8E5M2FNUZ});
inline constexpr auto kDTypes21 =
    Join(kDTypes19, std::array{DType::kInt4, DType::kUint4});
inline constexpr auto kDTypes23 =
    Join(kDTypes21, std::array{DType::kFloat4E2M1});
inline constexpr auto kDTypes24 =
    Join(kDTypes23, std::array{DType::kFloat8E8M0});
inline constexpr auto kDTypes25 =
    Join(kDTypes24, std::array{DType::kInt2, DType::kUint2});

// A version's T1 and T2, which allow the same dtypes.
template <const auto& kAllowed>
inline constexpr TypeConstraint kT1T2[] = {{"T1", kAllowed},
                                           {"T2", kAllowed}};

inline constexpr AttrSpec kSaturate = {.name = "saturate",
                                       .type = AttrType::kInt,
                                       .default_int = 1,
                                       .flag = true};
inline constexpr AttrSpec kRoundMode = {.name = "round_mode",
                                        .type = AttrType::kString,
                                        .default_string = "up",
                                        .choices = kRoundModes};

}  // namespace onnxcts::conversion

#endif  // ONNXCTS_SRC_OPS_CONVERSION_H_
