// Finding the test cases of a suite folder in ONNX's layout.
//
// A case is a folder holding model.onnx; its data sets are its
// test_data_set_N folders, each holding input_K.pb and output_K.pb. A
// suite folder may nest cases at any depth. Each case gets a stable, dotted,
// lowercase id:
//
//   - ONNX's own test data (a path through libonnx-testdata/data/<folder>/
//     or onnx/backend/test/data/<folder>/) is "onnx.<folder>.<case path>",
//     e.g. "onnx.node.test_isinf", whichever folder the suite was given as;
//     in a wheel's copy (beside onnx-1.22.0.dist-info) the head carries the
//     version, "onnx_1_22.node.test_isinf", so that two ONNX releases' cases
//     can run side by side;
//   - other cases are "<prefix>.<case path>", where the prefix is
//     suite.json's "id_prefix" in the suite folder, else that folder's name;
//   - a case.json in the case folder may set "id" outright, and also
//     "description" and "expect": "reject" (a must-reject model).
//
// Characters other than [a-z0-9_] in folder names become '_', upper case
// becomes lower case, and '/' becomes '.'.
#ifndef ONNXCTS_HARNESS_IO_SUITE_H_
#define ONNXCTS_HARNESS_IO_SUITE_H_

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/test_case.h"

namespace onnxcts {

// DiscoverCases()
//
// Every case under `root` (a suite folder or a single case folder), sorted
// by id. Symlinked folders are not entered. Throws std::runtime_error naming
// the path when `root` is missing, not a folder or unreadable, or when two
// cases get the same id; an InputError (also a runtime_error) for a broken
// suite.json or case.json. Data sets that break the layout (a gap in the
// input_K or output_K numbering, a stray file) get a layout_problem.
std::vector<TestCase> DiscoverCases(const std::filesystem::path& root);

// DefaultSuiteLabel()
//
// The label a report names suite `root` by when --suite gives none: for
// ONNX's test data "onnx/<folder>" ("onnx-1.22/<folder>" in a wheel's
// copy), else suite.json's "label", else the folder's name. Never a path of
// the machine.
std::string DefaultSuiteLabel(const std::filesystem::path& root);

// A --suite argument: `DIR`, or `LABEL=DIR` with a label of
// [a-z0-9._/-] that does not start with '/'.
struct SuiteArg {
  std::string label;
  std::filesystem::path dir;
};

// ParseSuiteArg()
//
// The label and folder of a --suite argument; without a label,
// DefaultSuiteLabel(dir). Throws like DiscoverCases for a missing folder.
SuiteArg ParseSuiteArg(const std::string& arg);

// IsCaseId()
//
// Whether `id` is dotted lowercase words of [a-z0-9_].
bool IsCaseId(std::string_view id);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_SUITE_H_
