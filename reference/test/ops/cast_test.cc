// Cast as an operator: its versions and type constraints against the specs
// (as onnx 1.22's defs list them, strings left out), what a node of it
// makes, and the spec's examples through the node kernel. The kernel
// against the oracle on every pattern is convert_kernel_test's and the
// sweeps'.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

bool Allowed(int opset, DType t) {
  const OpSchema* s = FindSchema("", "Cast", opset);
  return s != nullptr && s->Allows("T1", t) && s->Allows("T2", t);
}

TEST(CastOp, EachVersionAllowsTheDTypesItsSpecAdds) {
  EXPECT_EQ(FindSchema("", "Cast", 5), nullptr);  // Cast-1: `to` a STRING
  EXPECT_TRUE(Allowed(6, DType::kUint64));
  EXPECT_FALSE(Allowed(12, DType::kBfloat16));
  EXPECT_TRUE(Allowed(13, DType::kBfloat16));
  EXPECT_FALSE(Allowed(18, DType::kFloat8E5M2FNUZ));
  EXPECT_TRUE(Allowed(19, DType::kFloat8E5M2FNUZ));
  EXPECT_FALSE(Allowed(20, DType::kInt4));
  EXPECT_TRUE(Allowed(21, DType::kUint4));
  EXPECT_FALSE(Allowed(22, DType::kFloat4E2M1));
  EXPECT_TRUE(Allowed(23, DType::kFloat4E2M1));
  EXPECT_FALSE(Allowed(23, DType::kFloat8E8M0));
  EXPECT_TRUE(Allowed(24, DType::kFloat8E8M0));
  EXPECT_FALSE(Allowed(24, DType::kInt2));
  EXPECT_TRUE(Allowed(25, DType::kUint2));
  EXPECT_EQ(FindSchema("", "Cast", 18)->FindAttribute("saturate"), nullptr);
  EXPECT_NE(FindSchema("", "Cast", 19)->FindAttribute("saturate"), nullptr);
  EXPECT_EQ(FindSchema("", "Cast", 23)->FindAttribute("round_mode"), nullptr);
  EXPECT_NE(FindSchema("", "Cast", 24)->FindAttribute("round_mode"), nullptr);
}

Attributes To(DType t) { return {{"to", static_cast<int64_t>(t)}}; }

const std::vector<DType> kFromFloat = {DType::kFloat};

TEST(CastOp, TheOutputIsTheDTypeToNames) {
  const OpSchema& s = *FindSchema("", "Cast", 19);
  Attributes a = To(DType::kFloat8E4M3FN);
  ASSERT_EQ(ResolveAttributes(s, a), "");
  const NodeOutputs made = InferOutputs(s, std::vector{DType::kFloat16},
                                        std::vector<Dims>{{2, 3}}, a);
  EXPECT_EQ(made.problem, "");
  EXPECT_EQ(made.types, std::vector<DType>{DType::kFloat8E4M3FN});
  EXPECT_EQ(made.dims, (Dims{2, 3}));
}

TEST(CastOp, ToOutsideTheVersionsTypesIsRefused) {
  Attributes bfloat16 = To(DType::kBfloat16);
  EXPECT_EQ(ResolveAttributes(*FindSchema("", "Cast", 9), bfloat16),
            "attribute 'to' is 16, not a dtype Cast-9 allows for T2");
  Attributes none;
  EXPECT_EQ(ResolveAttributes(*FindSchema("", "Cast", 13), none),
            "missing required attribute 'to'");
  Attributes mode = To(DType::kFloat8E8M0);
  mode.emplace("round_mode", std::string("sideways"));
  EXPECT_NE(ResolveAttributes(*FindSchema("", "Cast", 24), mode), "");
}

// One element through the node kernel of Cast at `opset`.
uint64_t CastOne(int opset, DType from, uint64_t bits, Attributes a) {
  const OpSchema& s = *FindSchema("", "Cast", opset);
  EXPECT_EQ(ResolveAttributes(s, a), "");
  const DType to = static_cast<DType>(std::get<int64_t>(a.at("to")));
  uint64_t in = bits;
  uint64_t out = 0;
  const int64_t dims[] = {1};
  const ConstTensorView x[] = {{from, &in, dims, 1}};
  const TensorView y[] = {{to, &out, dims, 1}};
  s.kernel(std::span(x), std::span(y), a);
  return out & Info(to).all_bits();
}

TEST(CastOp, TheSpecsSaturationTables) {
  Attributes sat1 = To(DType::kFloat8E4M3FN);
  Attributes sat0 = sat1;
  sat0.emplace("saturate", int64_t{0});
  // 500.0 (0x43FA0000) above E4M3FN's 448: 448 (0x7E) saturating, else NaN.
  EXPECT_EQ(CastOne(19, DType::kFloat, 0x43FA0000, sat1), 0x7Eu);
  EXPECT_EQ(CastOne(19, DType::kFloat, 0x43FA0000, sat0), 0x7Fu);
  // +inf into E5M2: its largest finite (0x7B, 57344) saturating, else inf.
  Attributes e5m2 = To(DType::kFloat8E5M2);
  EXPECT_EQ(CastOne(19, DType::kFloat, 0x7F800000, e5m2), 0x7Bu);
  e5m2.emplace("saturate", int64_t{0});
  EXPECT_EQ(CastOne(19, DType::kFloat, 0x7F800000, e5m2), 0x7Cu);
}

TEST(CastOp, InfinityIntoFnuzWithSaturationChangedAtCast24) {
  const Attributes fnuz = To(DType::kFloat8E4M3FNUZ);
  EXPECT_EQ(CastOne(23, DType::kFloat, 0x7F800000, fnuz), 0x80u);  // NaN
  EXPECT_EQ(CastOne(24, DType::kFloat, 0x7F800000, fnuz), 0x7Fu);  // +max
  const OpSchema& v23 = *FindSchema("", "Cast", 23);
  const OpSchema& v24 = *FindSchema("", "Cast", 24);
  EXPECT_EQ(VariantFor(v23, fnuz, kFromFloat)->last_version, 23);
  EXPECT_EQ(VariantFor(v24, fnuz, kFromFloat)->first_version, 24);
}

TEST(CastOp, SubByteTensorsArePackedLowBitsFirst) {
  // int4 7 and -8 (0x87) into int8, one element at a time, and back.
  const OpSchema& s = *FindSchema("", "Cast", 21);
  Attributes to8 = To(DType::kInt8);
  ASSERT_EQ(ResolveAttributes(s, to8), "");
  const uint8_t packed = 0x87;
  int8_t wide[2] = {};
  const int64_t dims[] = {2};
  const ConstTensorView x[] = {{DType::kInt4, &packed, dims, 2}};
  const TensorView y[] = {{DType::kInt8, wide, dims, 2}};
  s.kernel(std::span(x), std::span(y), to8);
  EXPECT_EQ(wide[0], 7);
  EXPECT_EQ(wide[1], -8);
  Attributes to4 = To(DType::kInt4);
  ASSERT_EQ(ResolveAttributes(s, to4), "");
  uint8_t back = 0;
  const ConstTensorView w[] = {{DType::kInt8, wide, dims, 2}};
  const TensorView z[] = {{DType::kInt4, &back, dims, 2}};
  s.kernel(std::span(w), std::span(z), to4);
  EXPECT_EQ(back, 0x87);
  // One element: the other half of its byte is padding, written zero.
  back = 0xF0;
  const int64_t one[] = {1};
  const ConstTensorView w1[] = {{DType::kInt8, wide, one, 1}};
  const TensorView z1[] = {{DType::kInt4, &back, one, 1}};
  s.kernel(std::span(w1), std::span(z1), to4);
  EXPECT_EQ(back, 0x07);
}

TEST(CastOp, VariantsKeySaturateOnlyWhereItChangesAnAnswer) {
  const OpSchema& s = *FindSchema("", "Cast", 25);
  Attributes f16 = To(DType::kFloat16);
  Attributes f16_sat0 = f16;
  f16_sat0.emplace("saturate", int64_t{0});
  EXPECT_EQ(VariantFor(s, f16, kFromFloat),
            VariantFor(s, f16_sat0, kFromFloat));
  Attributes e4 = To(DType::kFloat8E4M3FN);
  Attributes e4_sat0 = e4;
  e4_sat0.emplace("saturate", int64_t{0});
  ASSERT_NE(VariantFor(s, e4, kFromFloat), nullptr);
  EXPECT_NE(VariantFor(s, e4, kFromFloat), VariantFor(s, e4_sat0, kFromFloat));
  Attributes down = To(DType::kFloat8E8M0);
  down.emplace("round_mode", std::string("down"));
  EXPECT_EQ(VariantFor(s, down, kFromFloat)->name, "cast_float8e8m0_sat1_down");
}

}  // namespace
}  // namespace onnxcts
