// CastLike as an operator: its versions against the specs (onnx 1.22's
// defs, strings left out), its target named by an input that gives only a
// dtype, and its node kernel against Cast's on every pattern of every
// source of 16 bits or fewer (stratified wider ones) into every target,
// under every attribute value, at every version: CastLike's answers are
// Cast's, whose kernel the oracle proves (convert_kernel_test, the sweeps).
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "onnxcts/infer.h"
#include "onnxcts/patterns.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"

namespace onnxcts {
namespace {

const OpSchema& CastLike(int opset) {
  return *FindSchema("", "CastLike", opset);
}

TEST(CastLikeOp, VersionsAndTheirDTypesAreCasts) {
  EXPECT_EQ(FindSchema("", "CastLike", 14), nullptr);
  const int versions[] = {15, 19, 21, 23, 24, 25};
  for (int v : versions) {
    EXPECT_EQ(CastLike(v).since_version, v);
    const OpSchema& cast = *FindSchema("", "Cast", v);
    for (const DTypeInfo& t : kDTypes) {
      EXPECT_EQ(CastLike(v).Allows("T1", t.code), cast.Allows("T1", t.code))
          << v << " " << t.name;
      EXPECT_EQ(CastLike(v).Allows("T2", t.code), cast.Allows("T2", t.code))
          << v << " " << t.name;
    }
  }
  EXPECT_EQ(CastLike(15).FindAttribute("saturate"), nullptr);
  EXPECT_NE(CastLike(19).FindAttribute("saturate"), nullptr);
  EXPECT_EQ(CastLike(23).FindAttribute("round_mode"), nullptr);
  EXPECT_NE(CastLike(24).FindAttribute("round_mode"), nullptr);
  EXPECT_EQ(CastLike(25).FindAttribute("to"), nullptr);
}

TEST(CastLikeOp, TheOutputHasTheTargetsDTypeAndTheInputsShape) {
  const OpSchema& s = CastLike(21);
  Attributes a;
  ASSERT_EQ(ResolveAttributes(s, a), "");
  // target_type's shape is free: a scalar, or one that would not
  // broadcast with the input.
  for (const Dims& like : {Dims{}, Dims{7}, Dims{3, 5}}) {
    const NodeOutputs made =
        InferOutputs(s, std::vector{DType::kFloat, DType::kInt4},
                     std::vector<Dims>{{2, 3}, like}, a);
    EXPECT_EQ(made.problem, "");
    EXPECT_EQ(made.types, std::vector<DType>{DType::kInt4});
    EXPECT_EQ(made.dims, (Dims{2, 3}));
  }
  // float4e2m1 came with version 23.
  const std::vector float4 = {DType::kFloat, DType::kFloat4E2M1};
  EXPECT_NE(InferOutputTypes(s, float4, a).problem, "");
}

// Every attribute combination of `s`: saturate and round_mode each over
// their domain where the version has them.
std::vector<Attributes> Combinations(const OpSchema& s) {
  std::vector<Attributes> all = {{}};
  if (s.FindAttribute("saturate") != nullptr) {
    all = {{{"saturate", int64_t{1}}}, {{"saturate", int64_t{0}}}};
  }
  if (const AttrSpec* mode = s.FindAttribute("round_mode")) {
    std::vector<Attributes> with;
    for (const Attributes& a : all) {
      for (std::string_view choice : mode->choices) {
        Attributes b = a;
        b.emplace("round_mode", std::string(choice));
        with.push_back(b);
      }
    }
    all = with;
  }
  return all;
}

std::vector<uint64_t> Sources(const DTypeInfo& t) {
  if (t.bits > 16) return StratifiedPatterns(t, /*seed=*/15, 2);
  std::vector<uint64_t> all(t.all_bits() + 1);
  for (uint64_t p = 0; p < all.size(); ++p) all[p] = p;
  return all;
}

// Output bits of the node kernel of `s` on `x` (of `from`) into `to`.
std::vector<uint8_t> RunNode(const OpSchema& s, const Attributes& a,
                             DType from, const std::vector<uint8_t>& x,
                             size_t n, DType to, bool like_input) {
  std::vector<uint8_t> y(StorageBytes(Info(to), n) + 1, 0xA5);
  const int64_t dims[] = {static_cast<int64_t>(n)};
  const int64_t one[] = {1};
  const uint64_t like = 0;
  std::vector<ConstTensorView> in = {{from, x.data(), dims, n}};
  if (like_input) in.push_back({to, &like, one, 1});
  const TensorView out[] = {{to, y.data(), dims, n}};
  s.kernel(in, std::span(out), a);
  return y;
}

TEST(CastLikeOp, AnswersAsCastOnEveryPatternIntoEveryTarget) {
  size_t pairs = 0;
  for (int v : {15, 19, 21, 23, 24, 25}) {
    const OpSchema& like = CastLike(v);
    const OpSchema& cast = *FindSchema("", "Cast", v);
    for (const DTypeInfo& from : kDTypes) {
      if (!like.Allows("T1", from.code)) continue;
      const std::vector<uint64_t> patterns = Sources(from);
      std::vector<uint8_t> x(StorageBytes(from, patterns.size()));
      for (size_t i = 0; i < patterns.size(); ++i) {
        StoreBits(from, x.data(), i, patterns[i]);
      }
      for (const DTypeInfo& to : kDTypes) {
        if (!like.Allows("T2", to.code)) continue;
        for (Attributes a : Combinations(like)) {
          ASSERT_EQ(ResolveAttributes(like, a), "");
          Attributes with_to = a;
          with_to.emplace("to", static_cast<int64_t>(to.code));
          ASSERT_EQ(ResolveAttributes(cast, with_to), "");
          const std::vector<DType> types = {from.code, to.code};
          EXPECT_EQ(VariantFor(like, a, types),
                    VariantFor(cast, with_to, std::span(types).first(1)))
              << v << " " << from.name << " -> " << to.name;
          const size_t n = patterns.size();
          EXPECT_EQ(RunNode(like, a, from.code, x, n, to.code, true),
                    RunNode(cast, with_to, from.code, x, n, to.code, false))
              << "CastLike-" << v << " " << from.name << " -> " << to.name;
          ++pairs;
        }
      }
    }
  }
  EXPECT_GT(pairs, 3000u);
}

}  // namespace
}  // namespace onnxcts
