// A test case in ONNX's layout: `<case>/model.onnx` and
// `<case>/test_data_set_N/{input_K,output_K}.pb`.
#ifndef ONNXCTS_HARNESS_CORE_TEST_CASE_H_
#define ONNXCTS_HARNESS_CORE_TEST_CASE_H_

#include <filesystem>
#include <string>
#include <vector>

namespace onnxcts {

struct DataSet {
  int index = 0;  // N of test_data_set_N
  std::filesystem::path dir;
  std::vector<std::filesystem::path> inputs;   // input_0.pb, input_1.pb, ...
  std::vector<std::filesystem::path> outputs;  // output_0.pb, ...
  // Set when the folder breaks the layout (a gap in input_K numbering, a
  // stray file); the data set is then invalid_test_data.
  std::string layout_problem;
};

struct TestCase {
  std::string id;  // stable, dotted, lowercase: "onnx.node.test_isinf"
  std::filesystem::path suite_root;  // nothing outside it is ever opened
  std::string suite_label;  // as --suite named it (LABEL=DIR), if it did
  std::filesystem::path dir;
  std::filesystem::path model;  // dir / "model.onnx"
  std::vector<DataSet> data_sets;
  // From the case's description file (case.json), when it has one.
  std::string description;
  bool must_reject = false;  // a conformant backend refuses the model
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_TEST_CASE_H_
