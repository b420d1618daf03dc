// Where onnxcts finds what it ships beside its executable, in the build
// tree and in an install alike: every path is relative to the running
// program, none is baked in at build time.
//
//   PREFIX/bin/onnxcts               (build tree: build/bin/onnxcts)
//   PREFIX/libexec/onnxcts/PROGRAM   (build tree: beside onnxcts)
//   PREFIX/share/onnxcts/            (build tree: build/share/onnxcts,
//                                     links into the source tree)
#ifndef ONNXCTS_HARNESS_CORE_DATA_DIR_H_
#define ONNXCTS_HARNESS_CORE_DATA_DIR_H_

#include <filesystem>
#include <string_view>

namespace onnxcts {

// ExecutableDir()
//
// The folder of the running program (/proc/self/exe), symlinks resolved.
std::filesystem::path ExecutableDir();

// DataDir()
//
// $ONNXCTS_DATA_DIR when set, else ExecutableDir()/../share/onnxcts: the
// workers, their lock files and the bundled tolerances.
std::filesystem::path DataDir();

// HelperProgram()
//
// The program `name` that onnxcts runs (onnxcts_supervisor,
// onnxcts_plugin_host): beside the running program, else in
// ../libexec/onnxcts; the first of those when neither exists, so that the
// error names a path.
std::filesystem::path HelperProgram(std::string_view name);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_DATA_DIR_H_
