// Cast, versions 6, 9, 13, 19, 21, 23, 24 and 25: every numeric dtype into
// every other, as convert.h says (its kernel computes, its oracle decides).
//
// Left out: string tensors (Cast-9 on), which onnxcts does not carry, and
// Cast-1, whose `to` is a STRING. A sweep variant is one target and the
// attribute values that change its answer: `saturate` for the float8
// targets, `round_mode` for float8e8m0, and the op version for the fnuz
// targets with saturation (Cast-24 changed ±inf there).
#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

using convert::CastOptions;
using convert::RoundMode;

constexpr std::string_view kRoundModes[] = {"up", "down", "nearest"};

// Cast-24's round_mode, in the order of kRoundModes.
RoundMode RoundModeAt(int64_t index) {
  constexpr RoundMode kModes[] = {RoundMode::kUp, RoundMode::kDown,
                                  RoundMode::kNearest};
  return kModes[index];
}

int64_t RoundModeIndex(const Attributes& a) {
  const auto it = a.find("round_mode");
  if (it == a.end()) return 0;
  const std::string& mode = std::get<std::string>(it->second);
  return std::ranges::find(kRoundModes, mode) - std::begin(kRoundModes);
}

CastOptions OptionsOf(bool saturate, int64_t round_mode, int version) {
  return {saturate, RoundModeAt(round_mode), version};
}

// Elements of 4 and 2 bits are packed in tensors and one per byte in
// convert.h's buffers.
std::vector<uint8_t> Unpacked(const DTypeInfo& t, const void* data,
                              size_t n) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) {
    bytes[i] = static_cast<uint8_t>(LoadBits(t, data, i));
  }
  return bytes;
}

// Casts `n` elements of tensors as they are stored.
void CastStored(const DTypeInfo& from, const void* in, const DTypeInfo& to,
                void* out, size_t n, const CastOptions& o) {
  std::vector<uint8_t> source;
  if (from.bits < 8) {
    source = Unpacked(from, in, n);
    in = source.data();
  }
  if (to.bits >= 8) return convert::CastKernel(from, in, to, out, n, o);
  std::vector<uint8_t> result(n);
  convert::CastKernel(from, in, to, result.data(), n, o);
  // The padding bits of a packed last byte are zero, as onnx.proto asks
  // (an empty tensor's data may be null, which memset must never get).
  if (n != 0) std::memset(out, 0, StorageBytes(to, n));
  for (size_t i = 0; i < n; ++i) StoreBits(to, out, i, result[i]);
}

// The options a node's attributes (resolved) give at `version`.
CastOptions OptionsOf(const Attributes& a, int version) {
  const auto saturate = a.find("saturate");
  const bool saturating =
      saturate == a.end() || std::get<int64_t>(saturate->second) != 0;
  return OptionsOf(saturating, RoundModeIndex(a), version);
}

template <int kVersion>
void CastNode(std::span<const ConstTensorView> in,
              std::span<const TensorView> out, const Attributes& a) {
  CastStored(Info(in[0].dtype), in[0].data, Info(out[0].dtype), out[0].data,
             in[0].count, OptionsOf(a, kVersion));
}

// Where the specs leave a cast open (convert.h lists the spots).
bool CastDeviates(const OpSchema& s, const ElementAnswer& e) {
  return convert::CastDeviation(*e.input, e.inputs[0], *e.output,
                                OptionsOf(*e.attributes, s.since_version),
                                e.actual);
}

template <size_t A, size_t B>
constexpr std::array<DType, A + B> Join(const std::array<DType, A>& a,
                                        const std::array<DType, B>& b) {
  std::array<DType, A + B> all{};
  std::ranges::copy(a, all.begin());
  std::ranges::copy(b, all.begin() + A);
  return all;
}

// The dtypes of each version (T1 and T2 alike), strings left out: each
// version's are the last one's and those it added.
constexpr std::array kCast6 = {
    DType::kBool,  DType::kDouble, DType::kFloat,  DType::kFloat16,
    DType::kInt16, DType::kInt32,  DType::kInt64,  DType::kInt8,
    DType::kUint16, DType::kUint32, DType::kUint64, DType::kUint8};
constexpr auto kCast13 = Join(kCast6, std::array{DType::kBfloat16});
constexpr auto kCast19 =
    Join(kCast13, std::array{DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ,
                             DType::kFloat8E5M2, DType::kFloat8E5M2FNUZ});
constexpr auto kCast21 =
    Join(kCast19, std::array{DType::kInt4, DType::kUint4});
constexpr auto kCast23 = Join(kCast21, std::array{DType::kFloat4E2M1});
constexpr auto kCast24 = Join(kCast23, std::array{DType::kFloat8E8M0});
constexpr auto kCast25 =
    Join(kCast24, std::array{DType::kInt2, DType::kUint2});

constexpr TypeConstraint kC6[] = {{"T1", kCast6}, {"T2", kCast6}};
constexpr TypeConstraint kC13[] = {{"T1", kCast13}, {"T2", kCast13}};
constexpr TypeConstraint kC19[] = {{"T1", kCast19}, {"T2", kCast19}};
constexpr TypeConstraint kC21[] = {{"T1", kCast21}, {"T2", kCast21}};
constexpr TypeConstraint kC23[] = {{"T1", kCast23}, {"T2", kCast23}};
constexpr TypeConstraint kC24[] = {{"T1", kCast24}, {"T2", kCast24}};
constexpr TypeConstraint kC25[] = {{"T1", kCast25}, {"T2", kCast25}};

constexpr Formal kIn[] = {{"input", "T1"}};
constexpr Formal kOut[] = {{"output", "T2"}};

constexpr AttrSpec kTo = {.name = "to",
                          .type = AttrType::kInt,
                          .required = true,
                          .default_int = 0,
                          .dtype_of = "T2"};
constexpr AttrSpec kSaturate = {.name = "saturate",
                                .type = AttrType::kInt,
                                .required = false,
                                .default_int = 1,
                                .flag = true};
constexpr AttrSpec kRoundMode = {.name = "round_mode",
                                 .type = AttrType::kString,
                                 .required = false,
                                 .default_int = 0,
                                 .default_string = "up",
                                 .choices = kRoundModes};
constexpr AttrSpec kAttrs6[] = {kTo};
constexpr AttrSpec kAttrs19[] = {kTo, kSaturate};
constexpr AttrSpec kAttrs24[] = {kTo, kSaturate, kRoundMode};

constexpr OpSchema kSchemas[] = {
    {"", "Cast", 6, kIn, kOut, kC6, kAttrs6, CastNode<6>, CastDeviates},
    {"", "Cast", 9, kIn, kOut, kC6, kAttrs6, CastNode<9>, CastDeviates},
    {"", "Cast", 13, kIn, kOut, kC13, kAttrs6, CastNode<13>, CastDeviates},
    {"", "Cast", 19, kIn, kOut, kC19, kAttrs19, CastNode<19>, CastDeviates},
    {"", "Cast", 21, kIn, kOut, kC21, kAttrs19, CastNode<21>, CastDeviates},
    {"", "Cast", 23, kIn, kOut, kC23, kAttrs19, CastNode<23>, CastDeviates},
    {"", "Cast", 24, kIn, kOut, kC24, kAttrs24, CastNode<24>, CastDeviates},
    {"", "Cast", 25, kIn, kOut, kC25, kAttrs24, CastNode<25>, CastDeviates},
};

// ---- sweep variants --------------------------------------------------

CastOptions OptionsOf(const Variant& v) {
  return OptionsOf(v.Attribute("saturate", 1) != 0,
                   v.Attribute("round_mode", 0),
                   v.last_version < 24 ? 23 : 25);
}

// A sweep fills its inputs a byte at a time or wider, so the sources of 4
// and 2 bits (16 and 4 patterns) are proven by the tests of convert.h
// alone.
bool CastDefines(const Variant& v, const DTypeInfo& t) {
  if (t.bits < 8) return false;
  for (const OpSchema& s : kSchemas) {
    if (s.since_version >= v.first_version &&
        s.since_version <= v.last_version && s.Allows("T1", t.code) &&
        s.Allows("T2", v.output)) {
      return true;
    }
  }
  return false;
}

void CastVariantKernel(const Variant& v, const DTypeInfo& t, const void* in,
                       void* out, size_t n) {
  if (!CastDefines(v, t)) {
    throw std::invalid_argument(std::string(v.name) + " is not defined on " +
                                std::string(t.name));
  }
  CastStored(t, in, Info(v.output), out, n, OptionsOf(v));
}

uint64_t CastVariantOracle(const Variant& v, const DTypeInfo& t,
                           uint64_t bits) {
  return convert::CastOracle(t, bits, Info(v.output), OptionsOf(v));
}

bool IsFloat8(const DTypeInfo& t) {
  return t.is_float() && t.bits == 8;
}

// The variants and the storage their names and attributes live in.
class CastVariants {
 public:
  CastVariants() {
    for (const DTypeInfo& t : kDTypes) AddTarget(t);
  }
  std::span<const Variant> list() const { return list_; }

 private:
  void AddTarget(const DTypeInfo& t) {
    const std::string to = "cast_" + std::string(t.name);
    if (!IsFloat8(t)) return Add(to, t, {}, 0, INT_MAX);
    for (int64_t saturate : {1, 0}) {
      const std::string sat = to + "_sat" + std::to_string(saturate);
      if (t.format.specials == Specials::kExponentOnly) {
        for (int64_t mode = 0; mode < 3; ++mode) {
          Add(sat + "_" + std::string(kRoundModes[mode]), t,
              {{"saturate", saturate}, {"round_mode", mode}}, 0, INT_MAX);
        }
      } else if (t.format.specials == Specials::kFnuz && saturate == 1) {
        Add(sat + "_v19", t, {{"saturate", 1}}, 0, 23);
        Add(sat + "_v24", t, {{"saturate", 1}}, 24, INT_MAX);
      } else {
        Add(sat, t, {{"saturate", saturate}}, 0, INT_MAX);
      }
    }
  }

  void Add(const std::string& name, const DTypeInfo& t,
           std::vector<IntAttribute> keys, int first, int last) {
    keys.insert(keys.begin(), {"to", static_cast<int64_t>(t.code)});
    const std::vector<IntAttribute>& attributes =
        attributes_.emplace_back(std::move(keys));
    list_.push_back({.name = names_.emplace_back(name),
                     .op = "Cast",
                     .attributes = attributes,
                     .first_version = first,
                     .last_version = last,
                     .output = t.code,
                     .defines = CastDefines,
                     .kernel = CastVariantKernel,
                     .oracle = CastVariantOracle,
                     .on_runs = OnRuns::kByPattern});
  }

  std::deque<std::string> names_;
  std::deque<std::vector<IntAttribute>> attributes_;
  std::vector<Variant> list_;
};

std::span<const Variant> Variants() {
  static const CastVariants variants;
  return variants.list();
}

// Made at run time, from the dtype table (ops.h's VariantsOf).
constexpr std::span<const Variant> (*kVariants)() = Variants;

}  // namespace

ONNXCTS_REGISTER_OP(Cast)

}  // namespace onnxcts
