#include "run/strict_ops.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "core/printable.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

// Only onnxcts's own ops have deviations: the spots where their specs are
// silent are listed with their kernels.
std::string KnownOp(const std::string& word) {
  for (const OpSchema& s : AllSchemas()) {
    if (Lower(std::string(s.op)) == Lower(word)) return std::string(s.op);
  }
  throw std::invalid_argument("--strict-ops: onnxcts has no op \"" + word +
                              "\" (onnxcts schema lists them)");
}

}  // namespace

std::vector<std::string> ParseStrictOps(const std::string& text) {
  std::vector<std::string> ops;
  std::istringstream words(text);
  for (std::string word; std::getline(words, word, ',');) {
    if (word.empty()) continue;
    const std::string op = KnownOp(word);
    if (std::ranges::find(ops, op) == ops.end()) ops.push_back(op);
  }
  return ops;
}

void ApplyStrictOps(const std::vector<std::string>& ops,
                    std::vector<CaseResult>& results) {
  for (CaseResult& r : results) {
    if (r.status != Status::kDeviation ||
        std::ranges::find(ops, r.op) == ops.end()) {
      continue;
    }
    r.status = Status::kFail;
    r.message = "a deviation, failed under --strict-ops " + r.op +
                (r.message.empty() ? "" : ": " + r.message);
  }
}

}  // namespace onnxcts
