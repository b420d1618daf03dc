// The report of `onnxcts fuzz`: JSON for tools, Markdown for people. Each
// finding names its reproducer case and the `onnxcts run` command that
// replays it.
#ifndef ONNXCTS_HARNESS_FUZZ_FUZZ_REPORT_H_
#define ONNXCTS_HARNESS_FUZZ_FUZZ_REPORT_H_

#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "core/backend.h"
#include "fuzz/fuzz_loop.h"

namespace onnxcts {

// FuzzJson()
//
// The report of a fuzz run of `backend` with `options`; `finished` false
// for one written while the fuzz goes on.
nlohmann::json FuzzJson(const FuzzSummary& summary, const BackendInfo& backend,
                        const FuzzOptions& options, bool finished = true);

// ReadFuzzSummary()
//
// The counts, findings and next graph of the report at `path`, for a fuzz
// that goes on from it (--resume); `now` is FuzzJson() of the fuzz going
// on, whose backend spec, first seed, opset and node count the report must
// share. Throws InputError naming the file and the field otherwise.
FuzzSummary ReadFuzzSummary(const std::filesystem::path& path,
                            const nlohmann::json& now);

// FuzzMarkdown()
//
// The same report as Markdown.
std::string FuzzMarkdown(const nlohmann::json& report);

// ReadKnownSignatures()
//
// A file of known signatures, one per line as "SIGNATURE | REASON", the
// signature a shell glob ('#' starts a comment). Throws an InputError naming the file and the line for
// a line without a reason.
std::map<std::string, std::string> ReadKnownSignatures(
    const std::filesystem::path& file);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_FUZZ_FUZZ_REPORT_H_
