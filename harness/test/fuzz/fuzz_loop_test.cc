// The fuzz loop end to end: no false alarm from the reference, the
// defective plugin's defects found and replayed, and a departure that only
// a graph shows cut down to a graph of two nodes; each reproducer's
// values cut down to the one element that shows it.
#include "fuzz/fuzz_loop.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>

#include "backends/temp_dir.h"
#include "fuzz/shrink.h"
#include "io/model_io.h"
#include "io/suite.h"
#include "io/tensor_io.h"
#include "run/backend_factory.h"
#include "run/reference_backend.h"

namespace onnxcts {
namespace {

FuzzOptions Options(const TempDir& dir, uint64_t graphs) {
  FuzzOptions o;
  o.work = dir.path();
  o.max_graphs = graphs;
  o.seconds = 1e9;  // the count decides, on any machine
  return o;
}

// Each finding's reproducer, run again as `onnxcts run` would, gives the
// finding's status.
void ExpectReplays(const FuzzSummary& s, const FuzzOptions& o,
                   Backend& backend) {
  const std::vector<TestCase> cases = DiscoverCases(o.work / "findings");
  ASSERT_EQ(cases.size(), s.findings.size());
  for (const FuzzFinding& f : s.findings) {
    const auto c = std::ranges::find(cases, f.case_id, &TestCase::id);
    ASSERT_NE(c, cases.end()) << f.case_id;
    const std::vector<CaseResult> r = RunCase(*c, backend, o.run);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].status, f.status) << f.signature << ": " << r[0].message;
  }
}

// The most elements any value of a finding's reproducer holds before an op
// runs: a fed input, an initializer or a Constant node's value.
size_t LargestSource(const FuzzFinding& f, const FuzzOptions& o) {
  const std::vector<TestCase> cases = DiscoverCases(o.work / "findings");
  const auto c = std::ranges::find(cases, f.case_id, &TestCase::id);
  if (c == cases.end()) return SIZE_MAX;
  const Model m = ReadModelFile(c->model, c->suite_root);
  size_t largest = 0;
  for (const Tensor& t : m.initializers) largest = std::max(largest, t.count());
  for (const Node& n : m.nodes) {
    for (const auto& [name, t] : n.tensors) largest = std::max(largest, t.count());
  }
  for (const auto& in : c->data_sets.at(0).inputs) {
    largest = std::max(largest, ReadTensorFile(in, c->suite_root).count());
  }
  return largest;
}

// One fuzz's graphs have consecutive seeds; a nearby --seed starts far away,
// so two nightly runs a day apart share no graph.
TEST(FuzzLoop, NearbySeedsGiveUnrelatedGraphs) {
  EXPECT_EQ(GraphSeed(1, 7), GraphSeed(1, 0) + 7);
  for (uint64_t s = 1; s < 100; ++s) {
    const uint64_t gap = GraphSeed(s + 1, 0) - GraphSeed(s, 0);
    EXPECT_GT(std::min(gap, uint64_t{0} - gap), uint64_t{1} << 32) << s;
  }
}

TEST(FuzzLoop, TheReferenceAgainstItselfFindsNothing) {
  const TempDir dir("onnxcts-fuzz-test");
  const FuzzOptions o = Options(dir, 300);
  auto backend = MakeReferenceBackend();
  backend->Start();
  const FuzzSummary s = Fuzz(*backend, o);
  EXPECT_EQ(s.graphs, 300u);
  EXPECT_EQ(s.passed, s.graphs);
  EXPECT_TRUE(s.findings.empty()) << s.findings[0].signature;
}

// The defective plugin (harness/plugins/defective_plugin.cc), run isolated:
// defect 1 (IsInf of float8e4m3fn's NaNs), defect 3 (an empty input
// aborts) and defect 4 (IsInf's detect_negative ignored) within the first
// 500 graphs of seed 1, each kept once, with a one-node reproducer that
// replays. Defect 2 (Sign(-0) keeping its sign) is a deviation, the sign
// of that zero being open (sign.cc), and defect 5 needs two given
// patterns at the head of an input: no graph finding of either.
TEST(FuzzLoop, FindsTheDefectivePluginsDefectsAndReplaysThem) {
  const TempDir dir("onnxcts-fuzz-test");
  const FuzzOptions o = Options(dir, 500);
  auto backend = MakeBackend(std::string("plugin:") + ONNXCTS_DEFECTIVE_PLUGIN);
  backend->Start();
  const FuzzSummary s = Fuzz(*backend, o);
  std::set<std::string> signatures;
  size_t crashes = 0;
  for (const FuzzFinding& f : s.findings) {
    EXPECT_TRUE(signatures.insert(f.signature).second) << f.signature;
    EXPECT_TRUE(f.single_node) << f.signature;
    EXPECT_EQ(f.nodes, 1u) << f.signature;
    if (f.status == Status::kCrash) {
      ++crashes;
      EXPECT_TRUE(f.signature.ends_with(" on an empty input")) << f.signature;
    } else {
      // One element shows IsInf wrong: every value is cut down to it.
      EXPECT_EQ(LargestSource(f, o), 1u) << f.signature;
    }
  }
  EXPECT_TRUE(signatures.contains("fail IsInf-20 bool on qnan"));
  EXPECT_TRUE(signatures.contains("fail IsInf-20 bool on inf"));
  EXPECT_GT(crashes, 5u);
  EXPECT_EQ(crashes + 2, s.findings.size());
  ExpectReplays(s, o, *backend);
}

// A backend that answers as the reference does, but where a test changes
// that.
class AroundReference : public Backend {
 public:
  BackendInfo Start() override { return inner_->Start(); }

 protected:
  std::unique_ptr<Backend> inner_ = MakeReferenceBackend();
};

// The reference, but a graph of two op nodes or more has the subnormals of
// its float outputs flushed to zero, as a folding pass run in flush-to-zero
// mode would: each node alone is right.
class FlushingGraphs : public AroundReference {
 public:
  RunOutcome Run(const RunRequest& request) override {
    RunOutcome out = inner_->Run(request);
    if (OpNodes(*request.model) < 2) return out;
    for (Tensor& y : out.outputs) {
      if (y.dtype != DType::kFloat) continue;
      for (size_t i = 0; i + 4 <= y.bytes.size(); i += 4) {
        uint32_t bits;
        std::memcpy(&bits, &y.bytes[i], 4);
        if ((bits & 0x7f800000u) == 0) bits &= 0x80000000u;
        std::memcpy(&y.bytes[i], &bits, 4);
      }
    }
    return out;
  }
};

TEST(FuzzLoop, CutsAGraphOnlyDepartureDownToTwoNodes) {
  const TempDir dir("onnxcts-fuzz-test");
  const FuzzOptions o = Options(dir, 1500);
  FlushingGraphs backend;
  backend.Start();
  const FuzzSummary s = Fuzz(backend, o);
  ASSERT_FALSE(s.findings.empty());
  for (const FuzzFinding& f : s.findings) {
    EXPECT_EQ(f.status, Status::kFail);
    EXPECT_FALSE(f.single_node) << f.signature;
    EXPECT_TRUE(f.signature.starts_with("fail graph ")) << f.signature;
    EXPECT_NE(f.signature.find(" float on "), std::string::npos)
        << f.signature;
    EXPECT_EQ(f.nodes, 2u) << f.signature;
    EXPECT_EQ(LargestSource(f, o), 1u) << f.signature;
  }
  ExpectReplays(s, o, backend);
}

// With no time to cut a departure down, the graphs are kept as they came:
// the same departures as above, none cut to two nodes of one element.
TEST(FuzzLoop, ShrinkingTakesNoLongerThanItsSeconds) {
  const TempDir dir("onnxcts-fuzz-test");
  FuzzOptions o = Options(dir, 1500);
  o.shrink_seconds = 0;
  FlushingGraphs backend;
  backend.Start();
  const FuzzSummary s = Fuzz(backend, o);
  ASSERT_FALSE(s.findings.empty());
  for (const FuzzFinding& f : s.findings) {
    EXPECT_FALSE(f.nodes == 2 && LargestSource(f, o) == 1) << f.signature;
  }
}

// x (uint16, fed) -> Neg or Abs -> the divisor of an integer Div: the
// elements of Neg's answer on uint16 are decided, those of Abs on int16's
// minimum open (it wraps in numpy, the spec does not say).
FuzzGraph DivideBy(const std::string& op, DType dtype, uint16_t x) {
  FuzzGraph g;
  g.model.ir_version = 9;
  g.model.opsets = {{"", 21}};
  Tensor in{"x", dtype, {1}, {static_cast<uint8_t>(x), static_cast<uint8_t>(x >> 8)}};
  g.model.nodes = {{"n0", op, "", {"x"}, {"d"}, {}, {}, {}},
                   {"n1", "Div", "", {"x", "d"}, {"y"}, {}, {}, {}}};
  g.model.inputs = {Declared(in)};
  g.inputs = {in};
  Tensor y = in;
  y.name = "y";
  g.model.outputs = {Declared(y)};
  return g;
}

TEST(FuzzLoop, ADivisorReadFromAnOpenElementIsOpen) {
  EXPECT_TRUE(DivisorOpen(DivideBy("Abs", DType::kInt16, 0x8000)));
  EXPECT_FALSE(DivisorOpen(DivideBy("Abs", DType::kInt16, 0x8001)));
  EXPECT_FALSE(DivisorOpen(DivideBy("Neg", DType::kInt16, 0x0005)));
}

// The reference, but a graph whose integer divisor reads an open element
// is refused, as a backend whose answer there was 0 would refuse the Div:
// the fuzz counts those graphs and keeps no finding of them.
class RefusesOpenDivisors : public AroundReference {
 public:
  RunOutcome Run(const RunRequest& request) override {
    FuzzGraph g{*request.model, request.inputs};
    if (OpNodes(g.model) > 1 && DivisorOpen(g)) {
      return RunOutcome::Of(RunOutcome::Kind::kError, "division by zero");
    }
    return inner_->Run(request);
  }
};

TEST(FuzzLoop, GraphsDyingOnAnOpenDivisorAreCountedNotKept) {
  const TempDir dir("onnxcts-fuzz-test");
  const FuzzOptions o = Options(dir, 1500);
  RefusesOpenDivisors backend;
  backend.Start();
  const FuzzSummary s = Fuzz(backend, o);
  EXPECT_TRUE(s.findings.empty()) << s.findings[0].signature;
  EXPECT_GT(s.fatal_divisors, 0u);
}

}  // namespace
}  // namespace onnxcts
