// The plugin: backend with the in-tree plugins and a misbehaving one: the
// reference plugin agrees with the kernels, each defect of the defective
// plugin shows, and crashes and hangs of an isolated plugin cost one run.
#include "backends/plugin_backend.h"

#include <algorithm>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "backend_test_util.h"
#include "backends/temp_dir.h"
#include "onnxcts/patterns.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

using OutcomeKind = RunOutcome::Kind;
using testing::BitsOf;
using ::testing::HasSubstr;
using testing::MakeTensor;
using testing::NodeModel;
using testing::UnaryModel;

const std::string kReference = ONNXCTS_REFERENCE_PLUGIN;
const std::string kReferenceV1 = ONNXCTS_REFERENCE_PLUGIN_V1;
const std::string kDefective = ONNXCTS_DEFECTIVE_PLUGIN;
const std::string kMisbehaving = ONNXCTS_MISBEHAVING_PLUGIN;
const std::string kMisbehavingV2 = ONNXCTS_MISBEHAVING_PLUGIN_V2;

// "V2InProcess", "V1Isolated", ...: `v1` is the version 1 build's path.
std::string ModeName(const std::string& target, const std::string& v1) {
  return std::string(target.starts_with(v1) ? "V1" : "V2") +
         (target.ends_with(kInProcessSuffix) ? "InProcess" : "Isolated");
}

std::unique_ptr<Backend> Started(const std::string& target,
                                 BackendInfo* info = nullptr) {
  PluginOptions options;
  options.start_timeout_seconds = 5;
  auto backend = MakePluginBackend("plugin:" + target, target, options);
  const BackendInfo started = backend->Start();
  if (info != nullptr) *info = started;
  return backend;
}

// Runs `model` on `inputs` with no files behind it: plugins need none.
RunOutcome RunOnAll(Backend& backend, const Model& model,
                    const std::vector<Tensor>& inputs, double timeout = 5) {
  static const TestCase kCase;
  static const DataSet kDataSet;
  RunRequest request;
  request.test_case = &kCase;
  request.data_set = &kDataSet;
  request.model = &model;
  request.inputs = inputs;
  request.timeout_seconds = timeout;
  return backend.Run(request);
}

RunOutcome RunOn(Backend& backend, const Model& model, const Tensor& x,
                 double timeout = 5) {
  return RunOnAll(backend, model, {x}, timeout);
}

// The reference kernel's answer, called directly: the one of the sweep
// variant of `v`'s op and attributes, on `x` (and `x2`, for an op of two
// inputs).
std::vector<uint64_t> Expected(const Variant& v, const Tensor& x,
                               const Tensor* x2 = nullptr) {
  const size_t n = x.count();
  const DTypeInfo& y = OutputType(v, Info(x.dtype));
  std::vector<uint8_t> out(StorageBytes(y, n) + 1);
  if (v.arity() == 2) {
    v.pair_kernel(Info(x.dtype), x.bytes.data(), x2->bytes.data(), out.data(),
                  n);
  } else {
    v.Kernel(Info(x.dtype), x.bytes.data(), out.data(), n);
  }
  std::vector<uint64_t> bits(n);
  for (size_t i = 0; i < n; ++i) bits[i] = LoadBits(y, out.data(), i);
  return bits;
}

// The attributes that select `v` on `s`: its keys, a STRING of choices by
// its index; none when `v` is not of `s`'s op and version.
std::optional<Attributes> AttributesOf(const OpSchema& s, const Variant& v) {
  if (v.op != s.op || s.since_version < v.first_version ||
      s.since_version > v.last_version) {
    return std::nullopt;
  }
  Attributes a;
  // A dtype attribute (Cast's `to`) is the variant's output.
  for (const AttrSpec& spec : s.attributes) {
    if (!spec.dtype_of.empty() && v.output != kInputDType) {
      a.emplace(std::string(spec.name), static_cast<int64_t>(v.output));
    }
  }
  for (const IntAttribute& key : v.attributes) {
    const AttrSpec* spec = s.FindAttribute(key.name);
    if (spec == nullptr) return std::nullopt;
    if (spec->choices.empty()) {
      a.emplace(std::string(key.name), key.value);
    } else {
      a.emplace(std::string(key.name), std::string(spec->choices[key.value]));
    }
  }
  Attributes resolved = a;
  if (!ResolveAttributes(s, resolved).empty()) return std::nullopt;
  return a;
}

class ReferencePluginTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferencePluginTest, AgreesWithTheKernelsOnEveryOpsetAndDtype) {
  BackendInfo info;
  auto backend = Started(GetParam(), &info);
  EXPECT_EQ(info.name, "onnxcts-reference");
  int checked = 0;
  for (const OpSchema& s : AllSchemas()) {
    const std::string op(s.op);
    for (DType t : InputTypes(s, 0)) {
      std::vector<uint64_t> bits = StratifiedPatterns(Info(t), /*seed=*/7, 1);
      const Tensor x = MakeTensor(t, {static_cast<int64_t>(bits.size())}, bits);
      std::ranges::reverse(bits);
      const Tensor x2 =
          MakeTensor(t, {static_cast<int64_t>(bits.size())}, bits);
      for (const Variant* each : AllVariants()) {
        const std::optional<Attributes> attributes = AttributesOf(s, *each);
        if (!attributes || !each->Defines(Info(t))) continue;
        const std::vector<DType> types(each->arity(), t);
        const Variant* v = VariantFor(s, *attributes, types);
        ASSERT_EQ(v, each) << op << " " << each->name;
        const DType out = OutputType(*v, Info(t)).code;
        const Model model =
            NodeModel(op, s.since_version, t, out, v->arity(), *attributes);
        const RunOutcome got =
            v->arity() == 2 ? RunOnAll(*backend, model, {x, x2})
                            : RunOn(*backend, model, x);
        ASSERT_EQ(got.kind, OutcomeKind::kOk)
            << op << " " << Name(t) << got.message;
        ASSERT_EQ(got.outputs.size(), 1u);
        EXPECT_EQ(got.outputs[0].dtype, out);
        EXPECT_EQ(got.outputs[0].dims, x.dims);
        EXPECT_EQ(got.outputs[0].name, "y");
        EXPECT_EQ(BitsOf(got.outputs[0]), Expected(*v, x, &x2))
            << op << "-" << s.since_version << " " << Name(t);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 40);
}

TEST_P(ReferencePluginTest, RefusesWhatTheSpecDoesNotAllow) {
  auto backend = Started(GetParam());
  // IsInf-10 takes no float16: a model a conformant backend must refuse.
  const Tensor h = MakeTensor(DType::kFloat16, {1}, {0x7C00});
  RunOutcome out = RunOn(
      *backend, UnaryModel("IsInf", 10, DType::kFloat16, DType::kBool), h);
  EXPECT_EQ(out.kind, OutcomeKind::kError);
  EXPECT_THAT(out.message, HasSubstr("IsInf-10"));
  // An operator the table lacks.
  out = RunOn(*backend, UnaryModel("Cos", 13, DType::kFloat16, DType::kFloat16),
              h);
  EXPECT_EQ(out.kind, OutcomeKind::kNotSupported);
  // A graph reaches the plugin a node at a time: Sign(Sign(+inf)) is 1.
  Model two = UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16);
  Node second = two.nodes[0];
  two.nodes[0].outputs = {"s"};
  second.inputs = {"s"};
  two.nodes.push_back(second);
  out = RunOn(*backend, two, h);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(out.outputs[0].bytes, (std::vector<uint8_t>{0x00, 0x3C}));
  // A value defined twice makes no graph.
  Model twice = UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16);
  twice.nodes.push_back(twice.nodes[0]);
  out = RunOn(*backend, twice, h);
  EXPECT_EQ(out.kind, OutcomeKind::kError);
  EXPECT_THAT(out.message, HasSubstr("defines 'y' again"));
}

TEST_P(ReferencePluginTest, MustRejectCheckJudgesTheDeclaredDtype) {
  auto backend = Started(GetParam());
  const Model bad = UnaryModel("IsInf", 10, DType::kFloat16, DType::kBool);
  const Model good = UnaryModel("IsInf", 20, DType::kFloat16, DType::kBool);
  static const TestCase kCase;
  RunRequest request;
  request.test_case = &kCase;
  request.model = &bad;
  EXPECT_EQ(backend->Run(request).kind, OutcomeKind::kError);
  request.model = &good;
  EXPECT_EQ(backend->Run(request).kind, OutcomeKind::kOk);
}

TEST_P(ReferencePluginTest, OutputsOfUndeclaredShapeFindTheirRoom) {
  auto backend = Started(GetParam());
  // No declared shape, a declared shape too small, and one too large: a
  // version 2 plugin is called again with the room it asks for.
  const Tensor x = MakeTensor(DType::kFloat, {2, 3},
                              {0x7FC00000, 0, 0x7F800000, 1, 2, 0xFFC00001});
  for (std::optional<std::vector<Dim>> shape :
       {std::optional<std::vector<Dim>>{},
        std::optional<std::vector<Dim>>{{Dim{1, ""}}},
        std::optional<std::vector<Dim>>{{Dim{100, ""}, Dim{100, ""}}}}) {
    Model model = UnaryModel("IsNaN", 20, DType::kFloat, DType::kBool);
    model.outputs[0].shape = shape;
    const RunOutcome got = RunOn(*backend, model, x);
    ASSERT_EQ(got.kind, OutcomeKind::kOk) << got.message;
    EXPECT_EQ(got.outputs[0].dims, x.dims);
    EXPECT_EQ(BitsOf(got.outputs[0]),
              (std::vector<uint64_t>{1, 0, 0, 0, 0, 1}));
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, ReferencePluginTest,
                         ::testing::Values(kReference,
                                           kReference + kInProcessSuffix,
                                           kReferenceV1,
                                           kReferenceV1 + kInProcessSuffix),
                         [](const auto& param) {
                           return ModeName(param.param, kReferenceV1);
                         });

class DefectivePluginTest : public ::testing::Test {
 protected:
  std::unique_ptr<Backend> backend_ = Started(kDefective);

  void ExpectStillWorks() {
    const Tensor x = MakeTensor(DType::kFloat, {2}, {0xBF800000, 0x40000000});
    const RunOutcome out = RunOn(
        *backend_, UnaryModel("Sign", 13, DType::kFloat, DType::kFloat), x);
    ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
    EXPECT_EQ(BitsOf(out.outputs[0]),
              (std::vector<uint64_t>{0xBF800000, 0x3F800000}));
  }
};

TEST_F(DefectivePluginTest, TakesFloat8E4M3FNNaNsForInfinities) {
  const Tensor x = MakeTensor(DType::kFloat8E4M3FN, {3}, {0x7F, 0xFF, 0x7E});
  const RunOutcome out =
      RunOn(*backend_,
            UnaryModel("IsInf", 20, DType::kFloat8E4M3FN, DType::kBool), x);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{1, 1, 0}));
  EXPECT_EQ(Expected(*FindVariant("isinf"), x),
            (std::vector<uint64_t>{0, 0, 0}));
}

TEST_F(DefectivePluginTest, KeepsTheSignOfNegativeZero) {
  const Tensor x = MakeTensor(DType::kFloat, {2}, {0x80000000, 0});
  const RunOutcome out =
      RunOn(*backend_, UnaryModel("Sign", 13, DType::kFloat, DType::kFloat), x);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{0x80000000, 0}));
  EXPECT_EQ(Expected(*FindVariant("sign"), x), (std::vector<uint64_t>{0, 0}));
}

TEST_F(DefectivePluginTest, IgnoresDetectNegative) {
  const Tensor x = MakeTensor(DType::kFloat, {2}, {0xFF800000, 0x7F800000});
  const RunOutcome out =
      RunOn(*backend_,
            UnaryModel("IsInf", 10, DType::kFloat, DType::kBool,
                       {{"detect_negative", int64_t{0}}}),
            x);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(BitsOf(out.outputs[0]), (std::vector<uint64_t>{1, 1}));
  EXPECT_EQ(Expected(*FindVariant("isinf_pos"), x),
            (std::vector<uint64_t>{0, 1}));
}

TEST_F(DefectivePluginTest, CrashOnAnEmptyTensorCostsOneRun) {
  const Tensor empty = MakeTensor(DType::kFloat, {0}, {});
  const RunOutcome out = RunOn(
      *backend_, UnaryModel("Sign", 13, DType::kFloat, DType::kFloat), empty);
  EXPECT_EQ(out.kind, OutcomeKind::kCrash);
  EXPECT_THAT(out.message, HasSubstr("signal 6"));
  ExpectStillWorks();
}

TEST_F(DefectivePluginTest, HangIsATimeoutAndThePluginRestarts) {
  const Tensor x = MakeTensor(DType::kFloat16, {3}, {0xDEAD, 0xBEEF, 0});
  const auto start = std::chrono::steady_clock::now();
  const RunOutcome out =
      RunOn(*backend_, UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16),
            x, 0.3);
  EXPECT_EQ(out.kind, OutcomeKind::kTimeout);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  ExpectStillWorks();
}

TEST_F(DefectivePluginTest, IsRightEverywhereElse) {
  // The same op and dtype as the hang, one pattern apart.
  const Tensor x = MakeTensor(DType::kFloat16, {2}, {0xDEAD, 0xBEEE});
  const RunOutcome out = RunOn(
      *backend_, UnaryModel("Sign", 13, DType::kFloat16, DType::kFloat16), x);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(BitsOf(out.outputs[0]), Expected(*FindVariant("sign"), x));
}

class MisbehavingPluginTest : public ::testing::TestWithParam<std::string> {
 protected:
  RunOutcome RunOp(const std::string& op) {
    return RunOn(*backend_, UnaryModel(op, 1, DType::kInt16, DType::kInt16),
                 x_);
  }

  void ExpectStillWorks() {
    const RunOutcome out = RunOp("Echo");
    ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
    EXPECT_EQ(BitsOf(out.outputs[0]), BitsOf(x_));
  }

  Tensor x_ = MakeTensor(DType::kInt16, {2, 2}, {1, 2, 0x8000, 0x7FFF});
  std::unique_ptr<Backend> backend_ = Started(GetParam());
};

TEST_P(MisbehavingPluginTest, EachMisbehaviourGetsItsKind) {
  const std::pair<std::string, OutcomeKind> cases[] = {
      {"WrongSize", OutcomeKind::kInvalidOutput},
      {"BadDtype", OutcomeKind::kInvalidOutput},
      {"Refuse", OutcomeKind::kNotSupported},
      {"Fail", OutcomeKind::kError},
      {"OddStatus", OutcomeKind::kProtocolError},
  };
  for (const auto& [op, kind] : cases) {
    EXPECT_EQ(RunOp(op).kind, kind) << op;
    ExpectStillWorks();
  }
  EXPECT_EQ(RunOp("Refuse").message, "Refuse is beyond this plugin");
  EXPECT_EQ(RunOp("Fail").message, "Fail failed on purpose");
}

TEST_P(MisbehavingPluginTest, AnOutputLargerThanDeclaredGetsItsRoom) {
  // Twice answers 8 elements for the 4 the input has; a version 2 plugin
  // first gets room for 4.
  const RunOutcome out = RunOp("Twice");
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_EQ(out.outputs[0].dims, (std::vector<int64_t>{8}));
  std::vector<uint64_t> twice = BitsOf(x_);
  twice.insert(twice.end(), twice.begin(), twice.end());
  EXPECT_EQ(BitsOf(out.outputs[0]), twice);
}

INSTANTIATE_TEST_SUITE_P(Modes, MisbehavingPluginTest,
                         ::testing::Values(kMisbehaving,
                                           kMisbehaving + kInProcessSuffix,
                                           kMisbehavingV2,
                                           kMisbehavingV2 + kInProcessSuffix),
                         [](const auto& param) {
                           return ModeName(param.param, kMisbehaving);
                         });

TEST(MisbehavingPluginV2Test, APluginThatAlwaysWantsMoreIsInvalidOutput) {
  // Greedy asks for more room than it is given, every time.
  for (const std::string& target :
       {kMisbehavingV2, kMisbehavingV2 + kInProcessSuffix}) {
    auto backend = Started(target);
    const Tensor x = MakeTensor(DType::kInt16, {2}, {1, 2});
    const Model greedy = UnaryModel("Greedy", 1, DType::kInt16, DType::kInt16);
    const RunOutcome out = RunOn(*backend, greedy, x);
    EXPECT_EQ(out.kind, OutcomeKind::kInvalidOutput) << target;
    EXPECT_THAT(out.message, HasSubstr("asked again")) << target;
    const Model echo = UnaryModel("Echo", 1, DType::kInt16, DType::kInt16);
    EXPECT_EQ(RunOn(*backend, echo, x).kind, OutcomeKind::kOk) << target;
  }
}

class IsolatedPluginTest : public ::testing::TestWithParam<std::string> {};

TEST_P(IsolatedPluginTest, ExitIsACrashAndTheChildRestarts) {
  auto backend = Started(GetParam());
  const Tensor x = MakeTensor(DType::kInt8, {1}, {5});
  RunOutcome out =
      RunOn(*backend, UnaryModel("Exit", 1, DType::kInt8, DType::kInt8), x);
  EXPECT_EQ(out.kind, OutcomeKind::kCrash);
  EXPECT_THAT(out.message, HasSubstr("exited with status 7"));
  out = RunOn(*backend, UnaryModel("Echo", 1, DType::kInt8, DType::kInt8), x);
  EXPECT_EQ(out.kind, OutcomeKind::kOk) << out.message;
}

TEST_P(IsolatedPluginTest, PluginOutputGoesToStderrNotTheProtocol) {
  auto backend = Started(GetParam());
  const Tensor x = MakeTensor(DType::kInt8, {1}, {5});
  const RunOutcome out =
      RunOn(*backend, UnaryModel("Chatty", 1, DType::kInt8, DType::kInt8), x);
  ASSERT_EQ(out.kind, OutcomeKind::kOk) << out.message;
  EXPECT_THAT(out.stderr_tail, HasSubstr("chatty plugin on stdout"));
  EXPECT_THAT(out.stderr_tail, HasSubstr("chatty plugin on stderr"));
}

INSTANTIATE_TEST_SUITE_P(Versions, IsolatedPluginTest,
                         ::testing::Values(kMisbehaving, kMisbehavingV2),
                         [](const auto& param) {
                           return ModeName(param.param, kMisbehaving);
                         });

TEST(PluginStartTest, BothVersionsLoad) {
  for (const std::string& target : {kReference, kReferenceV1}) {
    BackendInfo info;
    Started(target + kInProcessSuffix, &info);
    EXPECT_EQ(info.name, "onnxcts-reference") << target;
  }
  BackendInfo v1, v2;
  Started(kMisbehaving, &v1);
  Started(kMisbehavingV2, &v2);
  EXPECT_EQ(v1.version, "0.0.1");
  EXPECT_EQ(v2.version, "0.0.2");
}

TEST(PluginStartTest, WrongAbiVersionIsRefused) {
  for (const std::string& target :
       {std::string(ONNXCTS_WRONG_ABI_PLUGIN),
        std::string(ONNXCTS_WRONG_ABI_PLUGIN) + kInProcessSuffix}) {
    try {
      Started(target);
      ADD_FAILURE() << target << " started";
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("ABI version 3")) << target;
    }
  }
}

TEST(PluginStartTest, MissingLibraryIsRefused) {
  for (const std::string& target :
       {std::string("/nonexistent/plugin.so"),
        std::string("/nonexistent/plugin.so") + kInProcessSuffix}) {
    EXPECT_THROW(Started(target), std::runtime_error) << target;
  }
}

}  // namespace
}  // namespace onnxcts
