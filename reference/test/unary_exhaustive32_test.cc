// Every one of the 2^32 float patterns through each unary variant that is
// checked pattern by pattern, not a class run at a time (Sqrt, Reciprocal,
// LeakyRelu at its alphas): the oracle works each one out exactly, in
// integers, so this takes minutes, nightly. The casts and the quantizers
// have sweeps of their own, and Clip's bounds cases over float: its oracle
// orders each pattern against bounds it reads anew, about 2 core-hours
// here for its variants alone; exhaustive32_test.cc checks the variants
// that go run by run, in CI.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "onnxcts/verify.h"

namespace onnxcts {
namespace {

constexpr uint64_t kChunks = 32;
constexpr uint64_t kChunkSize = (uint64_t{1} << 32) / kChunks;

bool Left(const Variant& v) {
  return v.op == "Cast" || v.op == "CastLike" || v.op == "QuantizeLinear" ||
         v.op == "DequantizeLinear" || v.op == "Clip";
}

std::vector<const Variant*> ByPattern() {
  std::vector<const Variant*> kept;
  const DTypeInfo& t = Info(DType::kFloat);
  for (const Variant* v : AllVariants()) {
    if (v->on_runs == OnRuns::kByPattern && v->arity() == 1 &&
        !Left(*v) && v->Defines(t)) {
      kept.push_back(v);
    }
  }
  return kept;
}

TEST(UnaryExhaustive32, CoversTheOpsComputedPatternByPattern) {
  std::vector<std::string> ops;
  for (const Variant* v : ByPattern()) ops.emplace_back(v->op);
  for (const char* op : {"Sqrt", "Reciprocal", "LeakyRelu"}) {
    EXPECT_NE(std::ranges::find(ops, op), ops.end()) << op;
  }
}

class UnaryExhaustive32 : public testing::TestWithParam<uint64_t> {};

TEST_P(UnaryExhaustive32, KernelsMatchOracleOnEveryFloatPattern) {
  const uint64_t first = GetParam() * kChunkSize;
  const uint64_t last = first + kChunkSize - 1;  // inclusive
  const Tally tally = VerifyRange(Info(DType::kFloat), ByPattern(), first, last);
  EXPECT_EQ(tally.patterns, kChunkSize);
  EXPECT_EQ(tally.mismatches, 0u);
  for (const Mismatch& m : tally.first) {
    ADD_FAILURE() << m.variant->name << " 0x" << std::hex << m.input
                  << ": want 0x" << m.expected << ", got 0x" << m.actual;
  }
}

INSTANTIATE_TEST_SUITE_P(Float, UnaryExhaustive32,
                         testing::Range(uint64_t{0}, kChunks),
                         [](const auto& info) {
                           return "chunk" + std::to_string(info.param);
                         });

}  // namespace
}  // namespace onnxcts
