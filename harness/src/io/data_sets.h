// The test_data_set_N folders of one case folder, in ONNX's layout.
#ifndef ONNXCTS_HARNESS_IO_DATA_SETS_H_
#define ONNXCTS_HARNESS_IO_DATA_SETS_H_

#include <filesystem>
#include <vector>

#include "core/test_case.h"

namespace onnxcts {

// ReadDataSets()
//
// The data sets of a case folder, sorted by N. Each lists its input_K.pb
// and output_K.pb by K; a gap in either numbering, a name whose K is not a
// number, a stray file or no output at all sets its layout_problem. Folders
// whose N is not a plain number, and symlinked folders, are not data sets.
// Throws std::runtime_error when a folder cannot be listed.
std::vector<DataSet> ReadDataSets(const std::filesystem::path& case_dir);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_DATA_SETS_H_
