#include "run/restart_budget.h"

#include <gtest/gtest.h>

namespace onnxcts {
namespace {

TEST(RestartBudget, GivesUpAfterTheLimitInARow) {
  RestartBudget budget(3);
  budget.Record(Status::kCrash);
  budget.Record(Status::kTimeout);
  EXPECT_FALSE(budget.Exhausted());
  budget.Record(Status::kProtocolError);
  EXPECT_TRUE(budget.Exhausted());
  EXPECT_NE(budget.Why().find("--max-restarts 3"), std::string::npos);
}

TEST(RestartBudget, AnyOtherResultEndsTheRun) {
  RestartBudget budget(2);
  for (Status other : {Status::kPass, Status::kFail, Status::kError,
                       Status::kNotSupported, Status::kInvalidOutput}) {
    budget.Record(Status::kCrash);
    budget.Record(other);
  }
  EXPECT_FALSE(budget.Exhausted());
  budget.Record(Status::kCrash);
  budget.Record(Status::kCrash);
  EXPECT_TRUE(budget.Exhausted());
}

TEST(RestartBudget, ZeroNeverGivesUp) {
  RestartBudget budget(0);
  for (int i = 0; i < 1000; ++i) budget.Record(Status::kCrash);
  EXPECT_FALSE(budget.Exhausted());
}

}  // namespace
}  // namespace onnxcts
