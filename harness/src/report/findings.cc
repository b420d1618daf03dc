#include "report/findings.h"

#include <fmt/core.h>

#include <algorithm>
#include <tuple>

#include "core/case_filter.h"
#include "onnxcts/schema.h"

namespace onnxcts {
namespace {

using CellKey = CellId;

constexpr size_t kMessageBytes = 240;

bool IsReferenceOp(const std::string& op) {
  return std::ranges::any_of(AllSchemas(), [&op](const OpSchema& s) {
    return s.op == op;
  });
}

bool Differs(Status s) {
  return JudgesBackend(s) && s != Status::kPass && s != Status::kRejected &&
         s != Status::kNotSupported;
}

void Add(Finding& f, const CaseResult& r) {
  ++f.statuses[r.status];
  if (f.reproduce.empty()) {
    f.reproduce = r.reproduce;
    f.message = r.message;
  }
  if (std::ranges::find(f.case_ids, r.case_id) == f.case_ids.end()) {
    f.case_ids.push_back(r.case_id);
  }
  for (const OutputComparison& c : r.comparisons) {
    for (const auto& [value_class, m] : c.by_class) {
      ClassFinding& cf = f.classes[value_class];
      if (cf.count == 0 && !m.examples.empty()) cf.example = m.examples[0];
      cf.count += m.count;
    }
  }
}

// A cell is a finding when one of its results fails or deviates, whatever
// its verdict: a deviation in a cell that is not supported elsewhere is
// still an answer the backend gave.
std::vector<Finding> FindingsOf(const Report& report, const std::string& label) {
  const std::map<CellKey, Verdict> verdicts =
      VerdictsByCell(Summarize(report.results, report.policy));
  std::map<CellKey, Finding> cells;
  for (const CaseResult& r : report.results) {
    const CellKey key{r.must_reject, r.op, r.opset, r.dtype};
    const auto verdict = verdicts.find(key);
    if (verdict == verdicts.end() || !Differs(r.status)) continue;
    Finding& f = cells[key];
    f.backend = label;
    std::tie(f.must_reject, f.op, f.opset, f.dtype) = key;
    f.verdict = verdict->second;
    f.reference_op = IsReferenceOp(f.op);
    Add(f, r);
  }
  std::vector<Finding> findings;
  for (auto& [key, f] : cells) {
    f.reproduce = WithFilter(f.reproduce, f.case_ids);
    findings.push_back(std::move(f));
  }
  return findings;
}

}  // namespace

std::vector<Finding> Findings(const std::vector<Report>& reports,
                              const std::vector<std::string>& labels) {
  std::vector<Finding> all;
  for (size_t i = 0; i < reports.size(); ++i) {
    for (Finding& f : FindingsOf(reports[i], labels[i])) {
      all.push_back(std::move(f));
    }
  }
  return all;
}

std::string FindingClasses(const Finding& f) {
  if (f.classes.empty()) {
    return f.message.size() <= kMessageBytes
               ? f.message
               : f.message.substr(0, kMessageBytes) + " ...";
  }
  std::string text;
  for (const auto& [value_class, c] : f.classes) {
    const MismatchExample& e = c.example;
    const std::string input = e.input.empty() ? "" : e.input + " -> ";
    text += fmt::format("{}{} {} ({}{}, want {})", text.empty() ? "" : "; ",
                        value_class, c.count, input, e.actual, e.expected);
  }
  return text;
}

}  // namespace onnxcts
