// The plugin: backend's pipes, as a sweep drives them: inputs written into
// the pipe's memory, outputs read from it, two requests in flight to a child,
// and a child that crashes, hangs, forges its answer or runs out of room
// costing one request.
#include "backends/plugin_pipe.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "backend_test_util.h"
#include "backends/plugin_backend.h"
#include "core/chunk_pipe.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using ::testing::HasSubstr;
using testing::UnaryModel;

const std::string kReference = ONNXCTS_REFERENCE_PLUGIN;
const std::string kReferenceV1 = ONNXCTS_REFERENCE_PLUGIN_V1;
const std::string kDefective = ONNXCTS_DEFECTIVE_PLUGIN;
const std::string kMisbehaving = ONNXCTS_MISBEHAVING_PLUGIN;
const std::string kMisbehavingV2 = ONNXCTS_MISBEHAVING_PLUGIN_V2;
const std::string kInProcess = kInProcessSuffix;

constexpr int32_t kFloat16 = static_cast<int32_t>(DType::kFloat16);
constexpr int32_t kBool = static_cast<int32_t>(DType::kBool);
constexpr int32_t kInt16 = static_cast<int32_t>(DType::kInt16);

std::unique_ptr<Backend> Started(const std::string& target) {
  PluginOptions options;
  options.start_timeout_seconds = 5;
  auto backend = MakePluginBackend("plugin:" + target, target, options);
  backend->Start();
  return backend;
}

Slot MakeSlot(int32_t dtype, size_t count, size_t width, size_t offset) {
  return {dtype, {static_cast<int64_t>(count)}, offset, count * width};
}

ChunkRequest Request(const Model& model, Slot in, Slot out,
                     double timeout = 5) {
  ChunkRequest request;
  request.model = &model;
  request.inputs = {std::move(in)};
  request.outputs = {std::move(out)};
  request.timeout_seconds = timeout;
  return request;
}

// Patterns first, first + 1, ... as uint16 at `offset`.
void FillCount(ChunkPipe& pipe, size_t offset, uint32_t first, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const auto bits = static_cast<uint16_t>(first + i);
    std::memcpy(pipe.memory() + offset + 2 * i, &bits, 2);
  }
}

bool IsNaNHalf(uint16_t bits) {
  return (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0;
}

// The count of elements of `n` from `first` whose IsNaN byte is wrong.
size_t WrongIsNaN(const uint8_t* out, uint32_t first, size_t n) {
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    wrong += out[i] != (IsNaNHalf(static_cast<uint16_t>(first + i)) ? 1 : 0);
  }
  return wrong;
}

// Every plugin target a pipe must work with: both ABI versions, both modes.
class ReferencePipeTest : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Backend> backend_ = Started(GetParam());
  std::unique_ptr<ChunkPipe> pipe_ = backend_->OpenPipe();
  const Model model_ = UnaryModel("IsNaN", 20, DType::kFloat16, DType::kBool);
};

TEST_P(ReferencePipeTest, EveryFloat16PatternInPlace) {
  ASSERT_NE(pipe_, nullptr);
  EXPECT_GE(pipe_->depth(), 1);
  constexpr size_t n = 65536;
  pipe_->Reserve(3 * n);
  FillCount(*pipe_, 0, 0, n);
  const Slot out = MakeSlot(kBool, n, 1, 2 * n);
  std::memset(pipe_->memory() + out.offset, 0xCD, n);
  pipe_->Send(Request(model_, MakeSlot(kFloat16, n, 2, 0), out));
  EXPECT_EQ(pipe_->in_flight(), 1);
  const ChunkAnswer answer = pipe_->Receive();
  EXPECT_EQ(pipe_->in_flight(), 0);
  ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk) << answer.outcome.message;
  EXPECT_TRUE(answer.outcome.outputs.empty());
  ASSERT_EQ(answer.outputs.size(), 1u);
  EXPECT_EQ(answer.outputs[0].dtype, kBool);
  EXPECT_EQ(answer.outputs[0].dims, std::vector<int64_t>{n});
  EXPECT_EQ(answer.outputs[0].offset, out.offset);
  EXPECT_EQ(answer.outputs[0].bytes, n);
  EXPECT_EQ(WrongIsNaN(pipe_->memory() + out.offset, 0, n), 0u);
  ASSERT_TRUE(answer.times.has_value());
  EXPECT_GE(answer.times->run, 0);
}

TEST_P(ReferencePipeTest, SameDtypeOutputAndManyRequests) {
  // Sign on float16 writes float16; the same slots serve request after
  // request, as in a sweep.
  const Model sign = UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16);
  constexpr size_t n = 4096;
  pipe_->Reserve(4 * n);
  for (uint32_t first = 0; first < 65536; first += n) {
    FillCount(*pipe_, 0, first, n);
    pipe_->Send(Request(sign, MakeSlot(kFloat16, n, 2, 0),
                        MakeSlot(kFloat16, n, 2, 2 * n)));
    const ChunkAnswer answer = pipe_->Receive();
    ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk) << answer.outcome.message;
    for (size_t i = 0; i < n; ++i) {
      const auto x = static_cast<uint16_t>(first + i);
      uint16_t y;
      std::memcpy(&y, pipe_->memory() + 2 * n + 2 * i, 2);
      const bool nan = (x & 0x7C00) == 0x7C00 && (x & 0x3FF) != 0;
      const uint16_t expected = nan ? x
                                : (x & 0x7FFF) == 0 ? 0
                                : (x & 0x8000)      ? 0xBC00
                                                    : 0x3C00;
      if (nan) {
        ASSERT_TRUE((y & 0x7C00) == 0x7C00 && (y & 0x3FF) != 0) << x;
      } else {
        ASSERT_EQ(y, expected) << x;
      }
    }
  }
}

TEST_P(ReferencePipeTest, AnOutputSlotTooSmallIsReportedAndLeftAlone) {
  constexpr size_t n = 1000;
  pipe_->Reserve(4 * n);
  FillCount(*pipe_, 0, 0x7C00, n);
  // Room for half the output; the rest of the memory is a guard.
  Slot out = MakeSlot(kBool, n, 1, 2 * n);
  out.bytes = n / 2;
  std::memset(pipe_->memory() + 2 * n, 0xAB, 2 * n);
  pipe_->Send(Request(model_, MakeSlot(kFloat16, n, 2, 0), out));
  const ChunkAnswer answer = pipe_->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kInvalidOutput);
  EXPECT_THAT(answer.outcome.message, HasSubstr("needs 1000 bytes"));
  EXPECT_THAT(answer.outcome.message, HasSubstr("room for 500"));
  ASSERT_EQ(answer.outputs.size(), 1u);
  EXPECT_EQ(answer.outputs[0].dims, std::vector<int64_t>{n});
  for (size_t i = 2 * n; i < 4 * n; ++i) {
    ASSERT_EQ(pipe_->memory()[i], 0xAB) << "byte " << i << " was written";
  }
  // The pipe goes on.
  pipe_->Send(Request(model_, MakeSlot(kFloat16, n, 2, 0),
                      MakeSlot(kBool, n, 1, 2 * n)));
  EXPECT_EQ(pipe_->Receive().outcome.kind, OutcomeKind::kOk);
}

TEST_P(ReferencePipeTest, RefusalsComeBackInOrder) {
  pipe_->Reserve(4096);
  FillCount(*pipe_, 0, 0, 16);
  // A model the reference must refuse, and a model of two nodes, which never
  // reaches the plugin.
  const Model bad = UnaryModel("IsInf", 10, DType::kFloat16, DType::kBool);
  Model two = model_;
  two.nodes.push_back(two.nodes[0]);
  const Slot in = MakeSlot(kFloat16, 16, 2, 0);
  const Slot out = MakeSlot(kBool, 16, 1, 64);
  pipe_->Send(Request(bad, in, out));
  ChunkAnswer answer = pipe_->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kError);
  EXPECT_THAT(answer.outcome.message, HasSubstr("IsInf-10"));
  pipe_->Send(Request(two, in, out));
  answer = pipe_->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kNotSupported);
  EXPECT_THAT(answer.outcome.message, HasSubstr("2 nodes"));
}

TEST_P(ReferencePipeTest, SlotsOutsideTheMemoryAreTheCallersMistake) {
  pipe_->Reserve(4096);
  const Slot in = MakeSlot(kFloat16, 16, 2, 0);
  EXPECT_THROW(pipe_->Send(Request(model_, in, MakeSlot(kBool, 16, 1, 4090))),
               std::invalid_argument);
  Slot lying = in;
  lying.bytes = 31;  // not 16 float16
  EXPECT_THROW(
      pipe_->Send(Request(model_, lying, MakeSlot(kBool, 16, 1, 64))),
      std::invalid_argument);
  EXPECT_EQ(pipe_->in_flight(), 0);
}

TEST_P(ReferencePipeTest, GrowingTheMemoryKeepsThePipeWorking) {
  pipe_->Reserve(4096);
  FillCount(*pipe_, 0, 0x7C00, 16);
  pipe_->Send(Request(model_, MakeSlot(kFloat16, 16, 2, 0),
                      MakeSlot(kBool, 16, 1, 64)));
  ASSERT_EQ(pipe_->Receive().outcome.kind, OutcomeKind::kOk);
  // Slots beyond the old size: an isolated child must see the new memory.
  constexpr size_t n = 1 << 20;
  pipe_->Reserve(4 * n);
  FillCount(*pipe_, n, 0x7C00, n);
  pipe_->Send(Request(model_, MakeSlot(kFloat16, n, 2, n),
                      MakeSlot(kBool, n, 1, 3 * n)));
  const ChunkAnswer answer = pipe_->Receive();
  ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk) << answer.outcome.message;
  EXPECT_EQ(WrongIsNaN(pipe_->memory() + 3 * n, 0x7C00, n), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Plugins, ReferencePipeTest,
    ::testing::Values(kReference, kReference + kInProcess, kReferenceV1,
                      kReferenceV1 + kInProcess),
    [](const auto& param) {
      const bool v1 = param.param.starts_with(kReferenceV1);
      const bool in_process = param.param.ends_with(kInProcess);
      return std::string(v1 ? "V1" : "V2") +
             (in_process ? "InProcess" : "Isolated");
    });

// ---- Isolated: two in flight, and children that misbehave ---------------

class IsolatedPipeTest : public ::testing::TestWithParam<std::string> {
 protected:
  ChunkAnswer Call(const std::string& op, double timeout = 5) {
    Send(op, timeout);
    return pipe_->Receive();
  }
  void Send(const std::string& op, double timeout = 5) {
    models_.push_back(std::make_unique<Model>(
        UnaryModel(op, 1, DType::kInt16, DType::kInt16)));
    pipe_->Send(Request(*models_.back(), MakeSlot(kInt16, 4, 2, 0),
                        MakeSlot(kInt16, 4, 2, 64), timeout));
  }
  void ExpectEcho() {
    std::memset(pipe_->memory() + 64, 0, 8);
    const ChunkAnswer answer = Call("Echo");
    ASSERT_EQ(answer.outcome.kind, OutcomeKind::kOk) << answer.outcome.message;
    EXPECT_EQ(std::memcmp(pipe_->memory(), pipe_->memory() + 64, 8), 0);
  }

  std::unique_ptr<Backend> backend_ = Started(GetParam());
  std::unique_ptr<ChunkPipe> pipe_ = [this] {
    auto pipe = backend_->OpenPipe();
    pipe->Reserve(4096);
    const uint16_t x[4] = {1, 2, 0x8000, 0x7FFF};
    std::memcpy(pipe->memory(), x, sizeof x);
    return pipe;
  }();
  std::vector<std::unique_ptr<Model>> models_;
};

TEST_P(IsolatedPipeTest, ACrashAnswersItsRequestAndTheChildRestarts) {
  EXPECT_EQ(pipe_->depth(), 2);
  ExpectEcho();
  const ChunkAnswer crash = Call("Exit");
  EXPECT_EQ(crash.outcome.kind, OutcomeKind::kCrash);
  EXPECT_THAT(crash.outcome.message, HasSubstr("exited with status 7"));
  ExpectEcho();
}

TEST_P(IsolatedPipeTest, TheRequestBehindACrashIsDropped) {
  Send("Exit");
  Send("Echo");
  EXPECT_EQ(pipe_->in_flight(), 2);
  EXPECT_EQ(pipe_->Receive().outcome.kind, OutcomeKind::kCrash);
  EXPECT_EQ(pipe_->in_flight(), 0);
  ExpectEcho();
}

TEST_P(IsolatedPipeTest, MisbehavioursGetTheirKinds) {
  const std::pair<std::string, OutcomeKind> cases[] = {
      {"WrongSize", OutcomeKind::kInvalidOutput},
      {"BadDtype", OutcomeKind::kInvalidOutput},
      {"Twice", OutcomeKind::kInvalidOutput},  // more than the slot holds
      {"Refuse", OutcomeKind::kNotSupported},
      {"Fail", OutcomeKind::kError},
      {"OddStatus", OutcomeKind::kProtocolError},
  };
  for (const auto& [op, kind] : cases) {
    EXPECT_EQ(Call(op).outcome.kind, kind) << op;
    ExpectEcho();
  }
  EXPECT_EQ(Call("Refuse").outcome.message, "Refuse is beyond this plugin");
  const ChunkAnswer chatty = Call("Chatty");
  EXPECT_EQ(chatty.outcome.kind, OutcomeKind::kOk);
  EXPECT_THAT(chatty.outcome.stderr_tail, HasSubstr("chatty plugin on stdout"));
}

INSTANTIATE_TEST_SUITE_P(Plugins, IsolatedPipeTest,
                         ::testing::Values(kMisbehavingV2, kMisbehaving),
                         [](const auto& param) {
                           return param.param == kMisbehaving ? "V1" : "V2";
                         });

TEST(ChildPipeTest, TwoRequestsInFlightAnswerInOrder) {
  auto backend = Started(kReference);
  auto pipe = backend->OpenPipe();
  const Model model = UnaryModel("IsNaN", 20, DType::kFloat16, DType::kBool);
  // Request A: 30000 patterns from 0x7000; B: 20000 from 0xF000, each with
  // slots of its own.
  constexpr size_t a = 30000, b = 20000;
  pipe->Reserve(1 << 18);
  FillCount(*pipe, 0, 0x7000, a);
  FillCount(*pipe, 1 << 17, 0xF000, b);
  const Slot a_out = MakeSlot(kBool, a, 1, 1 << 16);
  const Slot b_out = MakeSlot(kBool, b, 1, (1 << 17) + (1 << 16));
  pipe->Send(Request(model, MakeSlot(kFloat16, a, 2, 0), a_out));
  pipe->Send(Request(model, MakeSlot(kFloat16, b, 2, 1 << 17), b_out));
  EXPECT_EQ(pipe->in_flight(), 2);
  EXPECT_THROW(pipe->Send(Request(model, MakeSlot(kFloat16, b, 2, 1 << 17),
                                  b_out)),
               std::logic_error);
  const ChunkAnswer first = pipe->Receive();
  ASSERT_EQ(first.outcome.kind, OutcomeKind::kOk) << first.outcome.message;
  EXPECT_EQ(first.outputs[0].dims, std::vector<int64_t>{a});
  EXPECT_EQ(WrongIsNaN(pipe->memory() + a_out.offset, 0x7000, a), 0u);
  // While B may still run, A's slots take the next request.
  FillCount(*pipe, 0, 0x7C00, a);
  pipe->Send(Request(model, MakeSlot(kFloat16, a, 2, 0), a_out));
  const ChunkAnswer second = pipe->Receive();
  ASSERT_EQ(second.outcome.kind, OutcomeKind::kOk) << second.outcome.message;
  EXPECT_EQ(second.outputs[0].dims, std::vector<int64_t>{b});
  EXPECT_EQ(WrongIsNaN(pipe->memory() + b_out.offset, 0xF000, b), 0u);
  const ChunkAnswer third = pipe->Receive();
  ASSERT_EQ(third.outcome.kind, OutcomeKind::kOk) << third.outcome.message;
  EXPECT_EQ(WrongIsNaN(pipe->memory() + a_out.offset, 0x7C00, a), 0u);
}

TEST(ChildPipeTest, AnAnswerWithASlotOutsideTheMemoryIsAProtocolError) {
  auto backend = Started(kMisbehavingV2);
  auto pipe = backend->OpenPipe();
  pipe->Reserve(4096);
  const Model forge = UnaryModel("Forge", 1, DType::kInt16, DType::kInt16);
  const Model echo = UnaryModel("Echo", 1, DType::kInt16, DType::kInt16);
  pipe->Send(Request(forge, MakeSlot(kInt16, 4, 2, 0),
                     MakeSlot(kInt16, 4, 2, 64)));
  const ChunkAnswer answer = pipe->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kProtocolError);
  EXPECT_THAT(answer.outcome.message, HasSubstr("outside the memory"));
  pipe->Send(Request(echo, MakeSlot(kInt16, 4, 2, 0),
                     MakeSlot(kInt16, 4, 2, 64)));
  EXPECT_EQ(pipe->Receive().outcome.kind, OutcomeKind::kOk);
}

TEST(ChildPipeTest, AHangIsATimeoutAndTheChildRestarts) {
  auto backend = Started(kDefective);
  auto pipe = backend->OpenPipe();
  pipe->Reserve(4096);
  const Model sign = UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16);
  const uint16_t trigger[3] = {0xDEAD, 0xBEEF, 0};
  std::memcpy(pipe->memory(), trigger, sizeof trigger);
  const auto start = std::chrono::steady_clock::now();
  pipe->Send(Request(sign, MakeSlot(kFloat16, 3, 2, 0),
                     MakeSlot(kFloat16, 3, 2, 64), 0.3));
  const ChunkAnswer answer = pipe->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kTimeout);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  const uint16_t fine[3] = {0xDEAD, 0xBEEE, 0};
  std::memcpy(pipe->memory(), fine, sizeof fine);
  pipe->Send(Request(sign, MakeSlot(kFloat16, 3, 2, 0),
                     MakeSlot(kFloat16, 3, 2, 64)));
  EXPECT_EQ(pipe->Receive().outcome.kind, OutcomeKind::kOk);
}

TEST(InProcessPipeTest, GreedyPluginIsInvalidOutput) {
  auto backend = Started(kMisbehavingV2 + kInProcess);
  auto pipe = backend->OpenPipe();
  EXPECT_EQ(pipe->depth(), 1);
  pipe->Reserve(4096);
  const Model greedy = UnaryModel("Greedy", 1, DType::kInt16, DType::kInt16);
  pipe->Send(Request(greedy, MakeSlot(kInt16, 4, 2, 0),
                     MakeSlot(kInt16, 4, 2, 64)));
  EXPECT_THROW(pipe->Send(Request(greedy, MakeSlot(kInt16, 4, 2, 0),
                                  MakeSlot(kInt16, 4, 2, 64))),
               std::logic_error);
  const ChunkAnswer answer = pipe->Receive();
  EXPECT_EQ(answer.outcome.kind, OutcomeKind::kInvalidOutput);
  EXPECT_EQ(answer.outputs[0].dims, std::vector<int64_t>{8});
}

}  // namespace
}  // namespace onnxcts
