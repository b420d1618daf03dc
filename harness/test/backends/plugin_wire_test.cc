// The plugin host's messages: what goes in comes out, and a reply that is
// cut short or lies about its tensors is refused, not trusted.
#include "backends/plugin_wire.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;

Tensor Int16Tensor() {
  Tensor t;
  t.name = "y";
  t.dtype = DType::kInt16;
  t.dims = {2, 1};
  t.bytes = {1, 0, 0xFF, 0x7F};
  return t;
}

TEST(PluginWireTest, CallRoundTrips) {
  PluginCall call;
  call.op_type = "IsInf";
  call.domain = "ai.onnx";
  call.opset_version = 20;
  call.attributes = {{"detect_negative", int64_t{0}},
                     {"alpha", 0.5f},
                     {"mode", std::string("a\0b", 3)},
                     {"axes", std::vector<int64_t>{-1, 2}},
                     {"scales", std::vector<float>{1.5f}}};
  Tensor omitted;
  omitted.dtype = kOmittedInput;
  call.inputs = {Int16Tensor(), omitted};
  call.output_count = 2;
  call.declared = {{9, true, {4, -1}}, {}};
  const std::string payload = EncodeCall(call);
  EXPECT_EQ(CallKindOf(payload), CallKind::kTensors);
  const PluginCall back = DecodeCall(payload);
  EXPECT_EQ(back.op_type, call.op_type);
  EXPECT_EQ(back.domain, call.domain);
  EXPECT_EQ(back.opset_version, 20);
  EXPECT_EQ(back.attributes, call.attributes);
  ASSERT_EQ(back.inputs.size(), 2u);
  EXPECT_EQ(back.inputs[0].bytes, call.inputs[0].bytes);
  EXPECT_EQ(back.inputs[0].dims, call.inputs[0].dims);
  EXPECT_EQ(back.inputs[1].dtype, kOmittedInput);
  EXPECT_EQ(back.output_count, 2u);
  ASSERT_EQ(back.declared.size(), 2u);
  EXPECT_EQ(back.declared[0].dtype, 9);
  EXPECT_TRUE(back.declared[0].has_shape);
  EXPECT_EQ(back.declared[0].dims, (std::vector<int64_t>{4, -1}));
  EXPECT_FALSE(back.declared[1].has_shape);
}

TEST(PluginWireTest, ReplyRoundTrips) {
  const PluginReply reply{OutcomeKind::kOk, "fine", {Int16Tensor()}};
  const PluginReply back = DecodeReply(EncodeReply(reply), Limits{});
  EXPECT_EQ(back.kind, OutcomeKind::kOk);
  EXPECT_EQ(back.message, "fine");
  ASSERT_EQ(back.outputs.size(), 1u);
  EXPECT_EQ(back.outputs[0].name, "y");
  EXPECT_EQ(back.outputs[0].dtype, DType::kInt16);
  EXPECT_EQ(back.outputs[0].dims, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(back.outputs[0].bytes, Int16Tensor().bytes);
}

TEST(PluginWireTest, EveryTruncatedReplyIsRefused) {
  const std::string whole =
      EncodeReply({OutcomeKind::kError, "no", {Int16Tensor(), Int16Tensor()}});
  for (size_t n = 0; n < whole.size(); ++n) {
    EXPECT_THROW(DecodeReply(whole.substr(0, n), Limits{}), std::runtime_error)
        << n;
  }
  EXPECT_THROW(DecodeReply(whole + "x", Limits{}), std::runtime_error);
}

TEST(PluginWireTest, ReplyTensorsAreChecked) {
  Tensor short_payload = Int16Tensor();
  short_payload.bytes.pop_back();
  EXPECT_THROW(DecodeReply(EncodeReply({OutcomeKind::kOk, "", {short_payload}}),
                           Limits{}),
               std::runtime_error);
  Tensor unknown = Int16Tensor();
  unknown.dtype = static_cast<DType>(99);
  EXPECT_THROW(
      DecodeReply(EncodeReply({OutcomeKind::kOk, "", {unknown}}), Limits{}),
      std::runtime_error);
  Limits small;
  small.max_elements = 1;
  EXPECT_THROW(
      DecodeReply(EncodeReply({OutcomeKind::kOk, "", {Int16Tensor()}}), small),
      std::runtime_error);
}

TEST(PluginWireTest, FrameAnnouncesItsLength) {
  const std::string frame = Frame("hello");
  ASSERT_EQ(frame.size(), kFrameHeaderBytes + 5);
  EXPECT_EQ(FrameLength(frame.substr(0, kFrameHeaderBytes)), 5u);
  EXPECT_EQ(frame.substr(kFrameHeaderBytes), "hello");
}

TEST(PluginWireTest, HelloRoundTrips) {
  const PluginHello back = DecodeHello(EncodeHello({"", "n", "v"}));
  EXPECT_EQ(back.error, "");
  EXPECT_EQ(back.name, "n");
  EXPECT_EQ(back.version, "v");
  EXPECT_EQ(DecodeHello(EncodeHello({"broken", "", ""})).error, "broken");
}

// ---- Calls of slots ----------------------------------------------------

Slot Int16Slot(size_t offset) { return {5, {2, 1}, offset, 4}; }

std::string PayloadOf(const std::string& frame) {
  EXPECT_EQ(FrameLength(frame.substr(0, kFrameHeaderBytes)),
            frame.size() - kFrameHeaderBytes);
  return frame.substr(kFrameHeaderBytes);
}

std::string SlotAnswerPayload(const SlotAnswer& answer) {
  std::string frame;
  FrameSlotAnswer(answer, frame);
  return PayloadOf(frame);
}

SlotAnswer OkAnswer(size_t offset) {
  SlotAnswer answer;
  answer.message = "fine";
  answer.outputs = {Int16Slot(offset)};
  answer.times = {0.5, 0.25, 0.125};
  return answer;
}

TEST(PluginWireTest, SlotCallRoundTrips) {
  SlotCall call;
  call.op_type = "IsInf";
  call.opset_version = 20;
  call.attributes = {{"detect_negative", int64_t{0}}};
  const Tensor initializer = Int16Tensor();
  call.inputs.resize(3);
  call.inputs[0].kind = SlotInput::Kind::kSlot;
  call.inputs[0].slot = Int16Slot(128);
  call.inputs[1].kind = SlotInput::Kind::kTensor;
  call.inputs[1].tensor = &initializer;
  call.outputs = {Int16Slot(256)};
  std::string frame;
  FrameSlotCall(call, frame);
  const std::string payload = PayloadOf(frame);
  EXPECT_EQ(CallKindOf(payload), CallKind::kSlots);
  SlotCall back;
  DecodeSlotCall(payload, back);
  EXPECT_EQ(back.op_type, "IsInf");
  EXPECT_EQ(back.opset_version, 20);
  EXPECT_EQ(back.attributes, call.attributes);
  ASSERT_EQ(back.inputs.size(), 3u);
  EXPECT_EQ(back.inputs[0].kind, SlotInput::Kind::kSlot);
  EXPECT_EQ(back.inputs[0].slot.offset, 128u);
  EXPECT_EQ(back.inputs[0].slot.dims, (std::vector<int64_t>{2, 1}));
  ASSERT_EQ(back.inputs[1].kind, SlotInput::Kind::kTensor);
  EXPECT_EQ(back.inputs[1].tensor->bytes, initializer.bytes);
  EXPECT_EQ(back.inputs[2].kind, SlotInput::Kind::kOmitted);
  ASSERT_EQ(back.outputs.size(), 1u);
  EXPECT_EQ(back.outputs[0].offset, 256u);
  EXPECT_EQ(back.outputs[0].bytes, 4u);
  // A call of tensors is not one of slots, nor the other way round.
  EXPECT_THROW(DecodeCall(payload), std::runtime_error);
  EXPECT_THROW(DecodeSlotCall(EncodeCall(PluginCall{}), back),
               std::runtime_error);
  EXPECT_THROW(CallKindOf(""), std::runtime_error);
  EXPECT_THROW(CallKindOf("\x07"), std::runtime_error);
}

TEST(PluginWireTest, SlotAnswerRoundTrips) {
  const Slot sent[] = {Int16Slot(256)};
  SlotAnswer back;
  DecodeSlotAnswer(SlotAnswerPayload(OkAnswer(256)), sent, 4096, Limits{},
                   back);
  EXPECT_EQ(back.kind, OutcomeKind::kOk);
  EXPECT_EQ(back.message, "fine");
  ASSERT_EQ(back.outputs.size(), 1u);
  EXPECT_EQ(back.outputs[0].dims, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(back.times.run, 0.25);
  // A refusal has no outputs.
  SlotAnswer refusal;
  refusal.kind = OutcomeKind::kNotSupported;
  refusal.message = "no";
  DecodeSlotAnswer(SlotAnswerPayload(refusal), sent, 4096, Limits{}, back);
  EXPECT_EQ(back.kind, OutcomeKind::kNotSupported);
  EXPECT_TRUE(back.outputs.empty());
}

TEST(PluginWireTest, EveryTruncatedSlotAnswerIsRefused) {
  const Slot sent[] = {Int16Slot(256)};
  const std::string whole = SlotAnswerPayload(OkAnswer(256));
  SlotAnswer back;
  for (size_t n = 0; n < whole.size(); ++n) {
    EXPECT_THROW(DecodeSlotAnswer(whole.substr(0, n), sent, 4096, Limits{},
                                  back),
                 std::runtime_error)
        << n;
  }
  EXPECT_THROW(DecodeSlotAnswer(whole + "x", sent, 4096, Limits{}, back),
               std::runtime_error);
}

TEST(PluginWireTest, SlotAnswersAreCheckedAgainstTheMemoryAndTheCall) {
  const Slot sent[] = {Int16Slot(256)};
  SlotAnswer back;
  const auto refused = [&](const SlotAnswer& answer, size_t memory_bytes,
                           const char* why) {
    try {
      DecodeSlotAnswer(SlotAnswerPayload(answer), sent, memory_bytes, Limits{},
                       back);
      ADD_FAILURE() << "accepted: " << why;
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), ::testing::HasSubstr(why));
    }
  };
  refused(OkAnswer(uint64_t{1} << 40), 4096, "outside the memory");
  refused(OkAnswer(4094), 4096, "outside the memory");
  refused(OkAnswer(256), 258, "outside the memory");
  refused(OkAnswer(260), 4096, "not the slot sent");
  SlotAnswer two = OkAnswer(256);
  two.outputs.push_back(Int16Slot(256));
  refused(two, 4096, "2 outputs for 1");
  SlotAnswer lying = OkAnswer(256);
  lying.outputs[0].bytes = 5;
  refused(lying, 4096, "5 bytes for 2 elements");
  SlotAnswer unknown = OkAnswer(256);
  unknown.outputs[0].dtype = 99;
  refused(unknown, 4096, "unknown dtype");
  SlotAnswer failed_with_outputs = OkAnswer(256);
  failed_with_outputs.kind = OutcomeKind::kError;
  refused(failed_with_outputs, 4096, "1 outputs for 0");
  SlotAnswer odd_time = OkAnswer(256);
  odd_time.times.run = -1;
  refused(odd_time, 4096, "stage time");
  // Needing more than the slot holds is the plugin's answer, accepted even
  // where the bytes would run past the memory: none were written.
  SlotAnswer bigger = OkAnswer(256);
  bigger.outputs[0].dims = {2, 4096};
  bigger.outputs[0].bytes = 2 * 2 * 4096;
  DecodeSlotAnswer(SlotAnswerPayload(bigger), sent, 4096, Limits{}, back);
  EXPECT_EQ(back.outputs[0].bytes, 2u * 2 * 4096);
}

}  // namespace
}  // namespace onnxcts
