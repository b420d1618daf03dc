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
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "ops/conversion.h"
#include "ops/ops.h"

namespace onnxcts {
namespace {

using convert::CastOptions;
using conversion::CastStored;
using conversion::Deviates;
using conversion::Node;
using conversion::OptionsOf;

constexpr auto& kC6 = conversion::kT1T2<conversion::kDTypes6>;
constexpr auto& kC13 = conversion::kT1T2<conversion::kDTypes13>;
constexpr auto& kC19 = conversion::kT1T2<conversion::kDTypes19>;
constexpr auto& kC21 = conversion::kT1T2<conversion::kDTypes21>;
constexpr auto& kC23 = conversion::kT1T2<conversion::kDTypes23>;
constexpr auto& kC24 = conversion::kT1T2<conversion::kDTypes24>;
constexpr auto& kC25 = conversion::kT1T2<conversion::kDTypes25>;

constexpr Formal kIn[] = {{"input", "T1"}};
constexpr Formal kOut[] = {{"output", "T2"}};

constexpr AttrSpec kTo = {.name = "to",
                          .type = AttrType::kInt,
                          .required = true,
                          .dtype_of = "T2"};
constexpr AttrSpec kAttrs6[] = {kTo};
constexpr AttrSpec kAttrs19[] = {kTo, conversion::kSaturate};
constexpr AttrSpec kAttrs24[] = {kTo, conversion::kSaturate,
                                 conversion::kRoundMode};

constexpr OpSchema kSchemas[] = {
    {.op = "Cast",
     .since_version = 6,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC6,
     .attributes = kAttrs6,
     .kernel = Node<6>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 9,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC6,
     .attributes = kAttrs6,
     .kernel = Node<9>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 13,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC13,
     .attributes = kAttrs6,
     .kernel = Node<13>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 19,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC19,
     .attributes = kAttrs19,
     .kernel = Node<19>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 21,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC21,
     .attributes = kAttrs19,
     .kernel = Node<21>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 23,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC23,
     .attributes = kAttrs19,
     .kernel = Node<23>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 24,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC24,
     .attributes = kAttrs24,
     .kernel = Node<24>,
     .deviation = Deviates,
     .open = conversion::Opens},
    {.op = "Cast",
     .since_version = 25,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC25,
     .attributes = kAttrs24,
     .kernel = Node<25>,
     .deviation = Deviates,
     .open = conversion::Opens},
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
          Add(sat + "_" + std::string(conversion::kRoundModes[mode]), t,
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
