// The plugin host's messages: what goes in comes out, and a reply that is
// cut short or lies about its tensors is refused, not trusted.
#include "backends/plugin_wire.h"

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
  const PluginCall back = DecodeCall(EncodeCall(call));
  EXPECT_EQ(back.op_type, call.op_type);
  EXPECT_EQ(back.domain, call.domain);
  EXPECT_EQ(back.opset_version, 20);
  EXPECT_EQ(back.attributes, call.attributes);
  ASSERT_EQ(back.inputs.size(), 2u);
  EXPECT_EQ(back.inputs[0].bytes, call.inputs[0].bytes);
  EXPECT_EQ(back.inputs[0].dims, call.inputs[0].dims);
  EXPECT_EQ(back.inputs[1].dtype, kOmittedInput);
  EXPECT_EQ(back.output_count, 2u);
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

}  // namespace
}  // namespace onnxcts
