// What the backend tests share: tensors from bit patterns, single-node
// models, and test cases laid out in a temporary suite.
#ifndef ONNXCTS_HARNESS_TEST_BACKENDS_BACKEND_TEST_UTIL_H_
#define ONNXCTS_HARNESS_TEST_BACKENDS_BACKEND_TEST_UTIL_H_

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/backend.h"

namespace onnxcts::testing {

// A tensor of `t` holding `bits`, shaped `dims`.
Tensor MakeTensor(DType t, std::vector<int64_t> dims,
                  const std::vector<uint64_t>& bits);

// The element bit patterns of a tensor.
std::vector<uint64_t> BitsOf(const Tensor& t);

// A model of one `op` node at `opset`: input "x" of `in`, output "y" of
// `out`, both of rank 1.
Model UnaryModel(const std::string& op, int opset, DType in, DType out,
                 Attributes attributes = {});

// The same with `inputs` inputs, x, x1, x2..., all of dtype `in`.
Model NodeModel(const std::string& op, int opset, DType in, DType out,
                size_t inputs, Attributes attributes = {});

// The case folder <root>/<name>, its data set 0 holding `inputs` as
// input_K.pb. The model file itself is not written.
TestCase WriteCase(const std::filesystem::path& root, const std::string& name,
                   const std::vector<Tensor>& inputs);

// A run of data set 0 of `test_case` (which, like `model`, must outlive it).
RunRequest RequestFor(const TestCase& test_case, const Model& model,
                      std::vector<Tensor> inputs, double timeout_seconds);

}  // namespace onnxcts::testing

#endif  // ONNXCTS_HARNESS_TEST_BACKENDS_BACKEND_TEST_UTIL_H_
