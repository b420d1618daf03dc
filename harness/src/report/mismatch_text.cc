#include "report/mismatch_text.h"

#include <fmt/core.h>

#include "report/summary.h"

namespace onnxcts {
namespace {

std::string Ulp(const std::optional<uint64_t>& ulp) {
  return ulp ? fmt::format(" ({} ulp)", *ulp) : "";
}

std::string Example(const MismatchExample& e) {
  const std::string input = e.input.empty() ? "" : " " + e.input + " ->";
  return fmt::format("[{}]{} expected {}, actual {}{}", e.index, input,
                     e.expected, e.actual, Ulp(e.ulp));
}

std::string ClassLine(const std::string& value_class,
                      const ClassMismatches& m) {
  std::string line = fmt::format("  {}: {}", value_class, m.count);
  for (size_t i = 0; i < m.examples.size(); ++i) {
    line += (i == 0 ? ", e.g. " : "; ") + Example(m.examples[i]);
  }
  return line + "\n";
}

}  // namespace

std::string MismatchSummary(const CaseResult& result) {
  std::string text;
  for (const OutputComparison& c : result.comparisons) {
    if (c.mismatches == 0 && c.deviations == 0) continue;
    const std::string max_ulp = c.max_ulp ? ", " + MaxUlpText(c.max_ulp) : "";
    text += fmt::format(
        "output {} ({}, {} elements): {} mismatches, {} deviations{}\n",
        c.output, c.dtype, c.elements, c.mismatches, c.deviations, max_ulp);
    for (const auto& [value_class, m] : c.by_class) {
      text += ClassLine(value_class, m);
    }
  }
  return text;
}

}  // namespace onnxcts
