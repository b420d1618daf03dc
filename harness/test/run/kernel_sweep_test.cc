#include "run/kernel_sweep.h"

#include <gtest/gtest.h>

#include "generate/names.h"

namespace onnxcts {
namespace {

// The same tally, first mismatches included, whatever the thread count.
TEST(Sweep, ThreadCountDoesNotChangeTheResult) {
  const DTypeInfo& t = Info(DType::kFloat16);
  SweepOptions one{ParseOps({}), 1, nullptr};
  SweepOptions many{ParseOps({}), 4, nullptr};
  const SweepResult a = SweepDType(t, one);
  const SweepResult b = SweepDType(t, many);
  EXPECT_EQ(a.tally.patterns, 65536u);
  EXPECT_EQ(a.tally.patterns, b.tally.patterns);
  EXPECT_EQ(a.tally.nans, 2046u);
  EXPECT_EQ(b.tally.nans, 2046u);
  EXPECT_EQ(a.tally.mismatches, 0u);
}

TEST(Sweep, SixtyFourBitTypesAreSampled) {
  const SweepResult r = SweepDType(Info(DType::kDouble), {ParseOps({"isnan"}), 2, nullptr});
  EXPECT_FALSE(r.exhaustive);
  EXPECT_GT(r.tally.patterns, 2048u * 2 * 8);
  EXPECT_EQ(r.tally.mismatches, 0u);
}

TEST(Names, ParseListsAndRejectUnknownNames) {
  EXPECT_EQ(ParseOps({"IsInf"}).size(), 4u);
  EXPECT_EQ(ParseOps({"isnan", "SIGN"}).size(), 2u);
  EXPECT_EQ(ParseOps({}).size(), AllVariants().size());
  EXPECT_EQ(ParseOps({"abs", "neg"}).size(), 2u);
  EXPECT_THROW(ParseOps({"Cos"}), std::invalid_argument);
  EXPECT_EQ(ParseDTypes({"float8e5m2"})[0]->code, DType::kFloat8E5M2);
  EXPECT_EQ(ParseDTypes({}).size(), kDTypes.size());
  EXPECT_THROW(ParseDTypes({"float32"}), std::invalid_argument);
}

}  // namespace
}  // namespace onnxcts
