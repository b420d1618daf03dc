// The worker protocol's lines: requests as DESIGN.md spells them, and every
// way an answer can fail to be the awaited one.
#include "backends/worker_protocol.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using nlohmann::json;
using ::testing::HasSubstr;

TEST(WorkerProtocolTest, HelloLineIsOneJsonLine) {
  const std::string line = HelloLine();
  ASSERT_TRUE(line.ends_with("\n"));
  EXPECT_EQ(json::parse(line),
            json::parse(R"({"method":"hello","protocol":1,"protocols":[1,2]})"));
}

TEST(WorkerProtocolTest, MemoryRunLineDescribesTheSlots) {
  const std::string line = MemoryRunLine(
      {3, "/m.onnx", 8192, {{1, {4}, 0, 16}}, {{9, {4}, 4096, 4}}});
  EXPECT_EQ(json::parse(line), json::parse(R"({"method":"run","id":3,
      "model":"/m.onnx","memory_bytes":8192,
      "inputs":[{"offset":0,"bytes":16,"dtype":1,"dims":[4]}],
      "outputs":[{"offset":4096,"bytes":4,"dtype":9,"dims":[4]}]})"));
}

TEST(WorkerProtocolTest, MemoryAnswersSayWhatWasProduced) {
  const ParsedAnswer ok = ParseWorkerAnswer(
      R"({"id":3,"status":"ok","outputs":[{"dtype":9,"dims":[4]}],)"
      R"("timings":{"read":0.5,"run":1,"write":0.25}})",
      3, /*memory=*/true);
  ASSERT_TRUE(ok.answer) << ok.protocol_error;
  ASSERT_EQ(ok.answer->outputs.size(), 1u);
  EXPECT_EQ(ok.answer->outputs[0].dtype, 9);
  EXPECT_EQ(ok.answer->outputs[0].dims, std::vector<int64_t>{4});
  ASSERT_TRUE(ok.answer->times);
  EXPECT_EQ(ok.answer->times->run, 1);
  EXPECT_EQ(ok.answer->times->write, 0.25);
  // A refusal needs no outputs.
  EXPECT_TRUE(ParseWorkerAnswer(R"({"id":3,"status":"error"})", 3, true)
                  .answer);
  for (const char* bad : {
           R"({"id":3,"status":"ok"})",
           R"({"id":3,"status":"ok","outputs":{}})",
           R"({"id":3,"status":"ok","outputs":[{"dtype":9}]})",
           R"({"id":3,"status":"ok","outputs":[{"dtype":9,"dims":[-1]}]})",
           R"({"id":3,"status":"ok","outputs":[{"dtype":-1,"dims":[]}]})",
           R"({"id":3,"status":"ok","outputs":[{"dtype":1e3,"dims":[]}]})",
           R"({"id":3,"status":"ok","outputs":[],"timings":[]})",
           R"({"id":3,"status":"ok","outputs":[],"timings":{"run":-1}})",
           R"({"id":3,"status":"ok","outputs":[],"timings":{"run":"1"}})"}) {
    const ParsedAnswer parsed = ParseWorkerAnswer(bad, 3, true);
    EXPECT_FALSE(parsed.answer) << bad;
    EXPECT_FALSE(parsed.protocol_error.empty()) << bad;
  }
}

TEST(WorkerProtocolTest, RunLineCarriesTheRequest) {
  const std::string line =
      RunLine({7, "/abs/model.onnx", {"/abs/input_0.pb"}, "/abs/tmp/7"});
  ASSERT_TRUE(line.ends_with("\n"));
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  EXPECT_EQ(json::parse(line), json::parse(R"({"method":"run","id":7,
      "model":"/abs/model.onnx","inputs":["/abs/input_0.pb"],
      "output_dir":"/abs/tmp/7"})"));
  const json load_only =
      json::parse(RunLine({8, "/m.onnx", {}, "/o", /*load_only=*/true}));
  EXPECT_EQ(load_only["load_only"], true);
}

TEST(WorkerProtocolTest, RunLineRefusesPathsThatAreNotUtf8) {
  EXPECT_THROW(RunLine({1, "/bad\xff/model.onnx", {}, "/o"}),
               std::invalid_argument);
}

TEST(WorkerProtocolTest, HelloAnswerGivesNameAndVersion) {
  const ParsedHello ok = ParseWorkerHello(
      R"({"protocol":1,"name":"onnxruntime","version":"1.30.0","extra":[]})");
  ASSERT_TRUE(ok.hello) << ok.protocol_error;
  EXPECT_EQ(ok.hello->name, "onnxruntime");
  EXPECT_EQ(ok.hello->version, "1.30.0");
  EXPECT_TRUE(ok.hello->options.empty());
  EXPECT_EQ(ok.hello->protocol, 1);
  const ParsedHello two =
      ParseWorkerHello(R"({"protocol":2,"name":"n","version":"v"})");
  ASSERT_TRUE(two.hello) << two.protocol_error;
  EXPECT_EQ(two.hello->protocol, 2);
}

TEST(WorkerProtocolTest, HelloOptionsAreKeptAsText) {
  const ParsedHello ok = ParseWorkerHello(
      R"({"protocol":1,"name":"openvino","version":"2026.4.1",)"
      R"("options":{"INFERENCE_PRECISION_HINT":"f32","threads":1}})");
  ASSERT_TRUE(ok.hello) << ok.protocol_error;
  EXPECT_EQ(ok.hello->options,
            (std::map<std::string, std::string>{
                {"INFERENCE_PRECISION_HINT", "f32"}, {"threads", "1"}}));
  const ParsedHello bad = ParseWorkerHello(
      R"({"protocol":1,"name":"x","version":"1","options":["f32"]})");
  EXPECT_FALSE(bad.hello);
  EXPECT_THAT(bad.protocol_error, HasSubstr("\"options\" is not an object"));
}

TEST(WorkerProtocolTest, BadHelloAnswersSayWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"hello", "not JSON"},
      {"[1]", "not a JSON object"},
      {R"({"protocol":3,"name":"n","version":"v"})", "protocol"},
      {R"({"protocol":"1","name":"n","version":"v"})", "protocol"},
      {R"({"protocol":1,"version":"v"})", "\"name\""},
      {R"({"protocol":1,"name":"n","version":3})", "\"version\""},
  };
  for (const auto& [line, why] : cases) {
    const ParsedHello parsed = ParseWorkerHello(line);
    EXPECT_FALSE(parsed.hello) << line;
    EXPECT_THAT(parsed.protocol_error, HasSubstr(why)) << line;
  }
}

TEST(WorkerProtocolTest, AnswersOfEachStatus) {
  ParsedAnswer a = ParseWorkerAnswer(R"({"id":7,"status":"ok"})", 7);
  ASSERT_TRUE(a.answer) << a.protocol_error;
  EXPECT_EQ(a.answer->kind, OutcomeKind::kOk);
  EXPECT_TRUE(a.answer->adapter_steps.empty());
  a = ParseWorkerAnswer(
      R"({"id":7,"status":"not_supported","message":"no float8"})", 7);
  ASSERT_TRUE(a.answer);
  EXPECT_EQ(a.answer->kind, OutcomeKind::kNotSupported);
  EXPECT_EQ(a.answer->message, "no float8");
  a = ParseWorkerAnswer(R"({"status":"error","message":"bad","id":7})", 7);
  ASSERT_TRUE(a.answer);
  EXPECT_EQ(a.answer->kind, OutcomeKind::kError);
  EXPECT_EQ(a.answer->message, "bad");
  a = ParseWorkerAnswer(
      R"({"id":7,"status":"ok","adapter_steps":["a","b"],"later":{}})", 7);
  ASSERT_TRUE(a.answer);
  EXPECT_EQ(a.answer->adapter_steps, (std::vector<std::string>{"a", "b"}));
}

TEST(WorkerProtocolTest, BadAnswersSayWhy) {
  const std::pair<std::string, const char*> cases[] = {
      {"", "not JSON"},
      {"ok", "not JSON"},
      {R"({"id":7,"status":"ok"} trailing)", "not JSON"},
      {R"("ok")", "not a JSON object"},
      {R"({"status":"ok"})", "lacks \"id\""},
      {R"({"id":"7","status":"ok"})", "not an integer"},
      {R"({"id":7.5,"status":"ok"})", "not an integer"},
      {R"({"id":8,"status":"ok"})", "answer has id 8, expected 7"},
      {R"({"id":18446744073709551615,"status":"ok"})", "expected 7"},
      {R"({"id":7})", "\"status\""},
      {R"({"id":7,"status":1})", "\"status\""},
      {R"({"id":7,"status":"fine"})", "unknown status"},
      {R"({"id":7,"status":"error","message":5})", "\"message\""},
      {R"({"id":7,"status":"ok","adapter_steps":"x"})", "adapter_steps"},
      {R"({"id":7,"status":"ok","adapter_steps":[1]})", "adapter_steps"},
  };
  for (const auto& [line, why] : cases) {
    const ParsedAnswer parsed = ParseWorkerAnswer(line, 7);
    EXPECT_FALSE(parsed.answer) << line;
    EXPECT_THAT(parsed.protocol_error, HasSubstr(why)) << line;
  }
}

TEST(WorkerProtocolTest, QuotedAnswersArePrintableAndShort) {
  const std::string line = "\xff\x01" + std::string(5000, 'x');
  const ParsedAnswer parsed = ParseWorkerAnswer(line, 1);
  EXPECT_THAT(parsed.protocol_error, HasSubstr("\\xff\\x01xxx"));
  EXPECT_LT(parsed.protocol_error.size(), 300u);
}

std::string Nested(size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

TEST(WorkerProtocolTest, ValuesNestedDeepAreRefusedWithoutBeingRendered) {
  // 450,000 levels overflowed the stack of nlohmann's dump() and parser.
  const std::string deep = Nested(450000);
  for (const std::string& line :
       {R"({"status":"ok","id":)" + deep + "}",
        R"({"id":7,"status":)" + deep + "}",
        R"({"id":7,"status":"ok","outputs":[{"dtype":9,"dims":)" + deep +
            "}]}",
        R"({"id":7,"status":"ok","message":"[[[[","later":)" + Nested(9) +
            "}"}) {
    const ParsedAnswer parsed = ParseWorkerAnswer(line, 7, /*memory=*/true);
    EXPECT_FALSE(parsed.answer) << line.substr(0, 80);
    EXPECT_THAT(parsed.protocol_error, HasSubstr("nests arrays or objects"));
    EXPECT_LT(parsed.protocol_error.size(), 400u);
  }
  const ParsedHello hello = ParseWorkerHello(
      R"({"protocol":1,"name":"n","version":"v","options":{"x":)" + deep +
      "}}");
  EXPECT_FALSE(hello.hello);
  EXPECT_THAT(hello.protocol_error, HasSubstr("nests arrays or objects"));
  EXPECT_EQ(AnswerId(R"({"id":)" + deep + "}"), std::nullopt);
}

TEST(WorkerProtocolTest, BracketsInStringsDoNotCountAsNesting) {
  const ParsedAnswer parsed = ParseWorkerAnswer(
      R"({"id":7,"status":"error","message":"[[[[[[[[[[[[{{{{\"[[[["})", 7);
  ASSERT_TRUE(parsed.answer) << parsed.protocol_error;
  EXPECT_EQ(parsed.answer->message, "[[[[[[[[[[[[{{{{\"[[[[");
}

TEST(WorkerProtocolTest, MistypedIdsAndStatusesAreQuotedByBytes) {
  ParsedAnswer parsed =
      ParseWorkerAnswer(R"({"id":{"a":[1,2]},"status":"ok"})", 7);
  EXPECT_EQ(parsed.protocol_error,
            "answer \"id\" is not an integer but object");
  parsed = ParseWorkerAnswer(
      R"({"id":7,"status":")" + std::string(100000, 'y') + "\"}", 7);
  EXPECT_THAT(parsed.protocol_error, HasSubstr("unknown status \"yyy"));
  EXPECT_LT(parsed.protocol_error.size(), 300u);
}

TEST(WorkerProtocolTest, HelloNamesLoseTheirControlCharacters) {
  const ParsedHello hello = ParseWorkerHello(
      "{\"protocol\":1,\"name\":\"ort\\u001b[2K\\r  pass 9\\nx\","
      "\"version\":\"1\\u0007\",\"options\":{\"k\\t\":\"v\\u009b\"}}");
  ASSERT_TRUE(hello.hello) << hello.protocol_error;
  EXPECT_EQ(hello.hello->name, "ort\\x1b[2K\\x0d  pass 9\\x0ax");
  EXPECT_EQ(hello.hello->version, "1\\x07");
  EXPECT_EQ(hello.hello->options,
            (std::map<std::string, std::string>{{"k\\x09", "v\\xc2\\x9b"}}));
}

TEST(WorkerProtocolTest, AnswerIdReadsTheIdOfAnyAnswer) {
  EXPECT_EQ(AnswerId(R"({"id":7,"status":"nonsense"})"), 7);
  EXPECT_EQ(AnswerId(R"({"id":-3})"), -3);
  EXPECT_EQ(AnswerId(R"({"id":18446744073709551615})"), std::nullopt);
  EXPECT_EQ(AnswerId(R"({"id":"7"})"), std::nullopt);
  EXPECT_EQ(AnswerId("garbage"), std::nullopt);
}

}  // namespace
}  // namespace onnxcts
