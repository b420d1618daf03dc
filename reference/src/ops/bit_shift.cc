// BitShift, version 11: X shifted by Y bits, element by element, on the
// unsigned integers, with broadcasting; `direction` (required) is "LEFT"
// or "RIGHT". Bits shifted out are lost, zeros come in.
//
// Spec silent: a shift by the width or more. C leaves it undefined and x86
// masks the count (a uint64 shifted by 64 comes back unchanged: ONNX
// Runtime, microsoft/onnxruntime#28262); numpy's shifts, which ONNX's
// reference evaluator calls, give 0, as the reference does. Any other
// answer there is a deviation.
#include <stdexcept>
#include <string>

#include "onnxcts/type_list.h"
#include "ops/ops.h"
#include "ops/pair_node.h"

namespace onnxcts {
namespace {

constexpr std::string_view kDirections[] = {"LEFT", "RIGHT"};

bool Unsigned(const DTypeInfo& t) {
  return t.kind == Kind::kUnsigned && KernelsCover(t);
}

template <bool kLeft>
void Shift(const DTypeInfo& t, const void* x, const void* y, void* out,
           size_t n) {
  if (!Unsigned(t)) {
    throw std::invalid_argument("BitShift is not defined on " +
                                std::string(t.name));
  }
  VisitDType(t.code, [&]<typename Row>() {
    using U = typename Row::Bits;
    for (size_t i = 0; i < n; ++i) {
      const U a = LoadElement<U>(x, i);
      const U b = LoadElement<U>(y, i);
      const U shifted = b >= static_cast<unsigned>(t.bits) ? U{0}
                        : kLeft      ? static_cast<U>(a << b)
                                     : static_cast<U>(a >> b);
      StoreElement<U>(out, i, shifted);
    }
  });
}

void BitShiftNode(std::span<const ConstTensorView> in,
                  std::span<const TensorView> out, const Attributes& a) {
  const bool left = std::get<std::string>(a.at("direction")) == "LEFT";
  PairNode(in, out, left ? Shift<true> : Shift<false>);
}

// Plain: a multiplication by 2^y, its low bits kept, or a floor division
// by it, in 128 bits.
template <bool kLeft>
uint64_t ShiftOracle(const DTypeInfo& t, uint64_t x, uint64_t y) {
  __extension__ typedef unsigned __int128 u128;
  const uint64_t count = y & t.all_bits();
  if (count >= static_cast<uint64_t>(t.bits)) return 0;
  const u128 power = u128{1} << count;
  const u128 value = x & t.all_bits();
  const u128 result = kLeft ? value * power : value / power;
  return static_cast<uint64_t>(result) & t.all_bits();
}

bool ShiftByWidth(const DTypeInfo& t, std::span<const uint64_t> inputs,
                  uint64_t, uint64_t) {
  return inputs.size() == 2 &&
         (inputs[1] & t.all_bits()) >= static_cast<uint64_t>(t.bits);
}

constexpr Formal kIn[] = {{"X", "T"}, {"Y", "T"}};
constexpr Formal kOut[] = {{"Z", "T"}};
constexpr DType kUnsigned[] = {DType::kUint8, DType::kUint16, DType::kUint32,
                               DType::kUint64};
constexpr TypeConstraint kC11[] = {{"T", kUnsigned}};
constexpr AttrSpec kAttrs[] = {{.name = "direction",
                                .type = AttrType::kString,
                                .required = true,
                                .choices = kDirections}};

// Open where Y is the width or more (any answer there).
constexpr DeviationFn kOpen = OpenBy<ShiftByWidth>;

constexpr OpSchema kSchemas[] = {
    {.op = "BitShift",
     .since_version = 11,
     .inputs = kIn,
     .outputs = kOut,
     .constraints = kC11,
     .attributes = kAttrs,
     .kernel = BitShiftNode,
     .deviation = DeviationBy<ShiftByWidth>,
     .broadcast = true,
     .open = kOpen},
};

constexpr IntAttribute kLeftward[] = {{"direction", 0}};
constexpr IntAttribute kRightward[] = {{"direction", 1}};

constexpr Variant kVariants[] = {
    {.name = "bitshift_left",
     .op = "BitShift",
     .attributes = kLeftward,
     .defines = DefinesBy<Unsigned>,
     .pair_kernel = Shift<true>,
     .pair_oracle = EachPair<ShiftOracle<true>>},
    {.name = "bitshift_right",
     .op = "BitShift",
     .attributes = kRightward,
     .defines = DefinesBy<Unsigned>,
     .pair_kernel = Shift<false>,
     .pair_oracle = EachPair<ShiftOracle<false>>},
};

}  // namespace

ONNXCTS_REGISTER_OP(BitShift)

}  // namespace onnxcts
