// The generated suite: what it holds, that it is deterministic, and that
// the reference passes all of it and refuses every must-reject case.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/printable.h"
#include "generate/case_spec.h"
#include "generate/case_writer.h"
#include "generate/names.h"
#include "generate/suite_generator.h"
#include "io/model_io.h"
#include "io/suite.h"
#include "io/tensor_io.h"
#include "run/reference_backend.h"
#include "run/runner.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;

fs::path Fresh(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / name;
  fs::remove_all(dir);
  return dir;
}

std::map<std::string, std::string> ReadTree(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    files[e.path().lexically_relative(root).string()] = bytes.str();
  }
  return files;
}

TEST(Generate, ListsEveryOpVersionDTypeAndAttributeCombination) {
  const auto cases = ConformanceCases({});
  std::set<std::string> ids;
  for (const CaseSpec& c : cases) ids.insert(c.id);
  EXPECT_EQ(ids.size(), cases.size());
  for (const char* id :
       {"onnxcts.isinf.v20.float8e5m2", "onnxcts.isinf.v20.float8e5m2.detect_neg0",
        "onnxcts.isinf.v20.float8e5m2.detect_neg0.detect_pos0",
        "onnxcts.isinf.v10.double.detect_pos0", "onnxcts.isnan.v13.bfloat16",
        "onnxcts.isnan.v9.float16.initializer", "onnxcts.sign.v9.uint64",
        "onnxcts.sign.v13.bfloat16", "onnxcts.sign.v13.float16.shape_rank0",
        "onnxcts.isnan.v20.float16.shape_zero_inside",
        "onnxcts.isnan.v20.float8e4m3fn.shape_over_2_24"}) {
    EXPECT_TRUE(ids.contains(id)) << id;
  }
  // IsInf-10: 2 dtypes x (4 attribute combinations + initializer).
  EXPECT_EQ(std::ranges::count_if(cases, [](const CaseSpec& c) {
              return c.id.starts_with("onnxcts.isinf.v10.");
            }),
            10);
}

// The divisors an x86 integer division traps on (0, and -1 of a signed
// type) are each in a case of their own per integer dtype and in no other,
// so that a backend that dies on (or refuses) one loses that case only.
TEST(Generate, TrappingDivisorsAreACaseOfTheirOwn) {
  SuiteFilter div;
  div.ops = {"div"};
  const auto cases = ConformanceCases(div);
  size_t apart = 0;
  for (const CaseSpec& c : cases) {
    if (c.inputs == Inputs::kShaped) continue;  // float16 only
    const DTypeInfo& t = Info(c.dtype);
    const std::vector<Tensor> in = CaseInputs(c);
    ASSERT_EQ(in.size(), 2u) << c.id;
    std::set<uint64_t> divisors;
    for (int64_t i = 0; i < in[1].dims.back(); ++i) {
      divisors.insert(LoadBits(t, in[1].bytes.data(), static_cast<size_t>(i)));
    }
    const bool zero = c.id.ends_with(".divisor_zero");
    const bool minus_one = c.id.ends_with(".divisor_minus_one");
    apart += zero + minus_one;
    const bool is_signed = t.kind == Kind::kSigned;
    if (zero) {
      EXPECT_EQ(divisors, std::set<uint64_t>{0}) << c.id;
    } else if (minus_one) {
      EXPECT_TRUE(is_signed) << c.id;
      EXPECT_EQ(divisors, std::set<uint64_t>{t.all_bits()}) << c.id;
    } else if (t.is_integer()) {
      EXPECT_FALSE(divisors.contains(0)) << c.id;
      EXPECT_FALSE(is_signed && divisors.contains(t.all_bits())) << c.id;
    }
  }
  EXPECT_EQ(apart, 12u);  // Div-14's eight integer dtypes, four signed
}

// Where's cases are named by X's dtype, its bool condition meets every
// pair with true and false ([2, 1, 1] against a column and a row), and
// the must-reject cases break X's dtype, never the condition's.
TEST(Generate, WhereIsNamedByXAndItsConditionIsBool) {
  SuiteFilter where;
  where.ops = {"where"};
  where.opsets = {16};
  std::set<std::string> ids;
  for (const CaseSpec& c : ConformanceCases(where)) {
    ids.insert(c.id);
    const std::vector<Tensor> in = CaseInputs(c);
    ASSERT_EQ(in.size(), 3u) << c.id;
    EXPECT_EQ(in[0].dtype, DType::kBool) << c.id;
    EXPECT_EQ(in[1].dtype, c.dtype) << c.id;
    if (c.inputs == Inputs::kPairs) {
      EXPECT_EQ(in[0].dims, (std::vector<int64_t>{2, 1, 1})) << c.id;
    }
  }
  EXPECT_TRUE(ids.contains("onnxcts.where.v16.bfloat16"));
  EXPECT_TRUE(ids.contains("onnxcts.where.v16.bool"));
  EXPECT_TRUE(ids.contains("onnxcts.where.v16.float16.shape_rank6"));
  for (const CaseSpec& c : MustRejectCases(where)) {
    EXPECT_EQ(NodeInputTypes(c)[0], DType::kBool) << c.id;
  }
}

// Mod forbids fmod=0 on a float: each version has a must-reject case of it
// per float dtype, and no conformance case of a float without fmod=1.
TEST(Generate, WhatAVersionForbidsIsMustReject) {
  SuiteFilter mod;
  mod.ops = {"mod"};
  std::set<std::string> forbidden;
  for (const CaseSpec& c : MustRejectCases(mod)) {
    if (c.breakage != Breakage::kForbidden) continue;
    forbidden.insert(c.id);
    EXPECT_FALSE(c.attributes.contains("fmod")) << c.id;  // the default, 0
    EXPECT_NE(c.description.find("fmod=1"), std::string::npos) << c.id;
  }
  EXPECT_EQ(forbidden, (std::set<std::string>{
                           "onnxcts.reject.mod.v10.double.forbidden",
                           "onnxcts.reject.mod.v10.float.forbidden",
                           "onnxcts.reject.mod.v10.float16.forbidden",
                           "onnxcts.reject.mod.v13.bfloat16.forbidden",
                           "onnxcts.reject.mod.v13.double.forbidden",
                           "onnxcts.reject.mod.v13.float.forbidden",
                           "onnxcts.reject.mod.v13.float16.forbidden"}));
  for (const CaseSpec& c : ConformanceCases(mod)) {
    if (!Info(c.dtype).is_float()) continue;
    ASSERT_TRUE(c.attributes.contains("fmod")) << c.id;
    EXPECT_EQ(std::get<int64_t>(c.attributes.at("fmod")), 1) << c.id;
  }
}

TEST(Generate, TheSameCommandGivesTheSameBytes) {
  SuiteFilter filter;
  filter.ops = {"isinf"};
  filter.large = false;
  const fs::path a = Fresh("gen_a"), b = Fresh("gen_b");
  GenerateSuites(a, filter, 1);
  GenerateSuites(b, filter, 4);
  const auto first = ReadTree(a);
  EXPECT_GT(first.size(), 100u);
  EXPECT_EQ(first, ReadTree(b));
}

TEST(Generate, RefusesToOverwriteFoldersItDidNotWrite) {
  const fs::path dir = Fresh("gen_foreign");
  fs::create_directories(dir);
  std::ofstream(dir / "precious.txt") << "keep me";
  EXPECT_THROW(GenerateSuites(dir, {}, 1), std::runtime_error);
  EXPECT_TRUE(fs::exists(dir / "precious.txt"));
}

std::vector<CaseResult> RunAll(const fs::path& suite) {
  RunOptions options;
  options.backend_spec = "reference";
  auto backend = MakeReferenceBackend();
  backend->Start();
  std::vector<CaseResult> results;
  const auto cases = DiscoverCases(suite);
  for (const TestCase* c : SelectCases(cases, options)) {
    for (CaseResult& r : RunCase(*c, *backend, options)) results.push_back(r);
  }
  return results;
}

TEST(Generate, ReferencePassesEveryCaseAndRefusesEveryBrokenModel) {
  SuiteFilter filter;
  filter.large = false;
  const fs::path dir = Fresh("gen_all");
  const GeneratedCounts n = GenerateSuites(dir, filter, 2);
  const auto positive = RunAll(dir / "conformance");
  EXPECT_EQ(positive.size(), n.conformance);
  for (const CaseResult& r : positive) {
    EXPECT_EQ(r.status, Status::kPass) << r.case_id << ": " << r.message;
  }
  const auto rejected = RunAll(dir / "must_reject");
  EXPECT_EQ(rejected.size(), n.must_reject);
  for (const CaseResult& r : rejected) {
    EXPECT_EQ(r.status, Status::kRejected) << r.case_id << ": " << r.message;
  }
}

// What one generated case of a single op node whose inputs have one shape
// holds, checked element by element against the op's plain oracle (never
// the kernels that wrote the expected outputs): answers checked, or none
// when the case is not of that kind.
uint64_t CheckedByOracle(const TestCase& c) {
  const Model m = ReadModelFile(c.model, c.suite_root);
  if (m.nodes.size() != 1 || c.data_sets.empty()) return 0;
  const Node& node = m.nodes[0];
  const OpSchema* s = FindSchema(node.domain, node.op_type,
                                 static_cast<int>(m.OpsetOf(node.domain)));
  const DataSet& d = c.data_sets[0];
  if (s == nullptr || d.outputs.size() != 1) return 0;
  std::vector<Tensor> in;
  std::vector<DType> types;
  for (const fs::path& p : d.inputs) {
    in.push_back(ReadTensorFile(p, c.suite_root));
    types.push_back(in.back().dtype);
  }
  const Variant* v = VariantFor(*s, node.attributes, types);
  if (v == nullptr || in.size() != v->arity() ||
      std::ranges::any_of(in, [&](const Tensor& t) {
        return t.dims != in[0].dims || t.dtype != in[0].dtype;
      })) {
    return 0;
  }
  const Tensor want = ReadTensorFile(d.outputs[0], c.suite_root);
  const DTypeInfo& t = Info(in[0].dtype);
  const DTypeInfo& out = Info(want.dtype);
  for (size_t i = 0; i < want.count(); ++i) {
    const uint64_t a = LoadBits(t, in[0].bytes.data(), i);
    const uint64_t oracle =
        v->arity() == 1 ? v->Oracle(t, a)
                        : v->PairOracle(t, a, LoadBits(t, in[1].bytes.data(), i));
    EXPECT_EQ(LoadBits(out, want.bytes.data(), i), oracle)
        << c.id << " element " << i;
  }
  return want.count();
}

// The expected outputs the generator wrote with the kernels agree with the
// oracles, so a kernel and the generator wrong together cannot pass.
TEST(Generate, ExpectedOutputsAreTheOraclesAnswers) {
  SuiteFilter filter;
  filter.large = false;
  const fs::path dir = Fresh("gen_oracle");
  GenerateSuites(dir, filter, 2);
  std::set<std::string> ops;
  uint64_t answers = 0;
  for (const TestCase& c : DiscoverCases(dir / "conformance")) {
    const uint64_t n = CheckedByOracle(c);
    if (n > 0) ops.insert(c.id.substr(0, c.id.find(".v")));
    answers += n;
  }
  // Most of the table's ops have cases of this kind (the unary ones, and
  // the binary ones on two inputs of one shape).
  EXPECT_GE(ops.size(), 30u);
  EXPECT_GE(answers, 100000u);
}

// Every way to break a version, for every version: per dtype the version
// does not allow, a wrong output type, an unknown attribute, each INT
// attribute as FLOAT, a missing input and one too many.
TEST(Generate, MustRejectCasesComeFromTheSchema) {
  const std::vector<CaseSpec> cases = MustRejectCases({});
  std::set<std::string> ids;
  for (const CaseSpec& c : cases) ids.insert(c.id);
  EXPECT_EQ(ids.size(), cases.size());
  // Each version: a dtype case exactly for the dtypes it does not allow,
  // one case of each other breakage, and one per INT attribute as FLOAT.
  std::map<std::pair<const OpSchema*, Breakage>, size_t> kinds;
  for (const CaseSpec& c : cases) ++kinds[{c.schema, c.breakage}];
  for (const OpSchema& s : AllSchemas()) {
    const std::string base = "onnxcts.reject." + Lower(s.op) + ".v" +
                             std::to_string(s.since_version) + ".";
    for (const DTypeInfo& t : kDTypes) {
      EXPECT_EQ(ids.contains(base + std::string(t.name)),
                !s.Allows(s.inputs[s.MainInput()].type, t.code))
          << base << t.name;
    }
    for (Breakage b : {Breakage::kWrongOutputType, Breakage::kUnknownAttribute,
                       Breakage::kMissingInput}) {
      EXPECT_EQ((kinds[{&s, b}]), 1u) << base << static_cast<int>(b);
    }
    // A variadic op takes any number of inputs: none is too many.
    const size_t extra = s.MaxInputs() == SIZE_MAX ? 0 : 1;
    EXPECT_EQ((kinds[{&s, Breakage::kExtraInput}]), extra) << base;
    const auto ints =
        std::ranges::count_if(s.attributes, [](const AttrSpec& a) {
          return a.type == AttrType::kInt;
        });
    EXPECT_EQ((kinds[{&s, Breakage::kWrongAttributeType}]),
              static_cast<size_t>(ints))
        << base;
  }
  for (const char* id :
       {"onnxcts.reject.isinf.v10.float16", "onnxcts.reject.isnan.v9.bfloat16",
        "onnxcts.reject.sign.v13.bool", "onnxcts.reject.neg.v13.uint8",
        "onnxcts.reject.abs.v6.bfloat16",
        "onnxcts.reject.isnan.v20.float.output_float",
        "onnxcts.reject.sign.v9.float.output_uint8",
        "onnxcts.reject.abs.v13.float.unknown_attribute",
        "onnxcts.reject.isinf.v20.float.detect_negative_float",
        "onnxcts.reject.neg.v6.float.missing_input",
        "onnxcts.reject.isnan.v13.float.extra_input",
        "onnxcts.reject.equal.v7.float", "onnxcts.reject.less.v7.int32",
        "onnxcts.reject.max.v12.bfloat16", "onnxcts.reject.less.v13.bool",
        "onnxcts.reject.greater.v13.bool",
        "onnxcts.reject.equal.v7.bool.extra_input",
        "onnxcts.reject.min.v8.float.missing_input"}) {
    EXPECT_TRUE(ids.contains(id)) << id;
  }
  EXPECT_FALSE(ids.contains("onnxcts.reject.abs.v13.bfloat16"));
  EXPECT_FALSE(ids.contains("onnxcts.reject.neg.v13.bfloat16"));
  EXPECT_FALSE(ids.contains("onnxcts.reject.max.v13.float.extra_input"));
  EXPECT_FALSE(ids.contains("onnxcts.reject.equal.v7.bool"));
}

}  // namespace
}  // namespace onnxcts
