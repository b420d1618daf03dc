// Writes a generated case in ONNX's layout: model.onnx, test_data_set_0/
// with input_K.pb (unless the inputs are initializers) and output_0.pb (the
// reference kernels' answer; none for must-reject cases), and case.json
// with the case's id and description.
#ifndef ONNXCTS_HARNESS_GENERATE_CASE_WRITER_H_
#define ONNXCTS_HARNESS_GENERATE_CASE_WRITER_H_

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "core/model.h"
#include "generate/case_spec.h"

namespace onnxcts {

// PairSet()
//
// The patterns paired in a kPairs case: all of them up to 8 bits, else a
// stride through the stratified edges with the specials added.
std::vector<uint64_t> PairSet(const DTypeInfo& t);

// The folder name of a case: ONNX's "test_" style, from its id.
std::string CaseFolderName(const CaseSpec& spec);

// The element input tensors of a case (patterns as CaseSpec says), named
// x, x1, x2...
std::vector<Tensor> CaseInputs(const CaseSpec& spec);

// The single-node model of a case on `elements` (CaseInputs()), with its
// breakage if any. Its type_only inputs are initializers of one element
// each.
Model CaseModel(const CaseSpec& spec, std::span<const Tensor> elements);
inline Model CaseModel(const CaseSpec& spec, const Tensor& input) {
  return CaseModel(spec, std::span<const Tensor>(&input, 1));
}

// WriteCase()
//
// Writes the case under `suite_dir` / CaseFolderName(spec).
void WriteCase(const std::filesystem::path& suite_dir, const CaseSpec& spec);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_GENERATE_CASE_WRITER_H_
