#include "run/model_check.h"

#include <gtest/gtest.h>

namespace onnxcts {
namespace {

Model OneNode(const std::string& op, int opset, DType in, DType out,
              Attributes attrs = {}) {
  Model m;
  m.opsets[""] = opset;
  m.inputs.push_back({"x", static_cast<int32_t>(in), std::nullopt});
  m.outputs.push_back({"y", static_cast<int32_t>(out), std::nullopt});
  Node n;
  n.op_type = op;
  n.inputs = {"x"};
  n.outputs = {"y"};
  n.attributes = std::move(attrs);
  m.nodes.push_back(n);
  return m;
}

using V = NodeCheck::Verdict;

TEST(ModelCheck, BindsValidNodesToTheVersionInForce) {
  const NodeCheck c = CheckNode(OneNode("IsInf", 21, DType::kFloat8E5M2,
                                        DType::kBool,
                                        {{"detect_positive", int64_t{0}}}));
  EXPECT_EQ(c.verdict, V::kValid) << c.reason;
  EXPECT_EQ(c.op, "IsInf");
  EXPECT_EQ(c.opset, 20);
  EXPECT_EQ(c.dtype, "float8e5m2");
  EXPECT_EQ(std::get<int64_t>(c.attributes.at("detect_negative")), 1);
}

struct Invalid {
  const char* what;
  Model model;
  const char* reason_part;
};

TEST(ModelCheck, FindsEveryWayToBreakTheSchema) {
  Model untyped_attr = OneNode("IsInf", 20, DType::kFloat, DType::kBool);
  untyped_attr.nodes[0].other_attributes["detect_positive"] = "TENSOR";
  const Invalid cases[] = {
      {"IsInf-10 on float16",
       OneNode("IsInf", 10, DType::kFloat16, DType::kBool), "does not allow float16"},
      {"IsNaN-9 on bfloat16",
       OneNode("IsNaN", 12, DType::kBfloat16, DType::kBool), "does not allow bfloat16"},
      {"Sign on float8", OneNode("Sign", 13, DType::kFloat8E4M3FN, DType::kFloat8E4M3FN),
       "does not allow float8e4m3fn"},
      {"Sign on bool", OneNode("Sign", 13, DType::kBool, DType::kBool), "does not allow bool"},
      {"wrong output type", OneNode("IsNaN", 13, DType::kFloat, DType::kFloat),
       "does not allow float for Y"},
      {"Sign output type differs", OneNode("Sign", 13, DType::kFloat, DType::kDouble),
       "it makes float here"},
      {"unknown attribute",
       OneNode("IsNaN", 13, DType::kFloat, DType::kBool, {{"detect_positive", int64_t{1}}}),
       "unknown attribute"},
      {"attribute of wrong type",
       OneNode("IsInf", 10, DType::kFloat, DType::kBool, {{"detect_negative", 1.0f}}),
       "must be INT"},
      {"attribute of unmodelled type", untyped_attr, "TENSOR"},
      {"op before it existed", OneNode("IsInf", 9, DType::kFloat, DType::kBool),
       "does not exist at opset 9"},
  };
  for (const Invalid& c : cases) {
    const NodeCheck check = CheckNode(c.model);
    EXPECT_EQ(check.verdict, V::kInvalid) << c.what;
    EXPECT_NE(check.reason.find(c.reason_part), std::string::npos)
        << c.what << ": " << check.reason;
  }
}

// ONNX defines Cast-1 and Abs-1 (a string `to`, `consumed_inputs`), which
// the table leaves out: beyond the reference, not invalid.
TEST(ModelCheck, VersionsOlderThanTheTableAreUnknown) {
  for (const auto& [op, opset] :
       {std::pair{"Cast", 5}, std::pair{"Abs", 1}, std::pair{"Greater", 6}}) {
    const NodeCheck check = CheckNode(OneNode(op, opset, DType::kFloat, DType::kFloat));
    EXPECT_EQ(check.verdict, V::kUnknown) << op << ": " << check.reason;
    EXPECT_NE(check.reason.find("older than the versions onnxcts implements"),
              std::string::npos)
        << check.reason;
  }
}

TEST(ModelCheck, OtherModelsAreUnknown) {
  EXPECT_EQ(CheckNode(OneNode("Cos", 13, DType::kFloat, DType::kFloat)).verdict,
            V::kUnknown);
  Model two = OneNode("Sign", 13, DType::kFloat, DType::kFloat);
  two.nodes.push_back(two.nodes[0]);
  EXPECT_EQ(CheckNode(two).verdict, V::kUnknown);
}

TEST(ModelCheck, InitializerTypesCount) {
  Model m = OneNode("IsNaN", 20, DType::kFloat, DType::kBool);
  Tensor init;
  init.name = "x";
  init.dtype = DType::kFloat8E4M3FNUZ;
  m.initializers.push_back(init);
  m.inputs.clear();
  const NodeCheck c = CheckNode(m);
  EXPECT_EQ(c.verdict, V::kValid) << c.reason;
  EXPECT_EQ(c.dtype, "float8e4m3fnuz");
}

}  // namespace
}  // namespace onnxcts
