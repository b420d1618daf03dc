#include "generate/names.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/printable.h"

namespace onnxcts {
namespace {

std::string KnownDTypes() {
  std::string all;
  for (const DTypeInfo& t : kDTypes) all += (all.empty() ? "" : ", ") + std::string(t.name);
  return all;
}

// The ops of the schema table, each once, in registry order.
std::string KnownOps() {
  std::string all;
  std::string_view last;
  for (const OpSchema& s : AllSchemas()) {
    if (s.op == last) continue;
    all += (all.empty() ? "" : ", ") + std::string(s.op);
    last = s.op;
  }
  return all;
}

// The newest schema of the op `name` (any case); throws when none has it.
const OpSchema& SchemaNamed(const std::string& name) {
  const OpSchema* found = nullptr;
  for (const OpSchema& s : AllSchemas()) {
    if (Lower(s.op) == Lower(name)) found = &s;
  }
  if (found == nullptr) {
    throw std::invalid_argument("unknown op '" + name + "' (known: " +
                                KnownOps() + ")");
  }
  return *found;
}

}  // namespace

std::vector<const DTypeInfo*> ParseDTypes(
    const std::vector<std::string>& names) {
  std::vector<const DTypeInfo*> rows;
  if (names.empty()) {
    for (const DTypeInfo& t : kDTypes) rows.push_back(&t);
    return rows;
  }
  for (const std::string& name : names) {
    const DTypeInfo* t = FindDType(name);
    if (t == nullptr) {
      throw std::invalid_argument("unknown dtype '" + name +
                                  "' (known: " + KnownDTypes() + ")");
    }
    rows.push_back(t);
  }
  return rows;
}

std::vector<const Variant*> ParseOps(const std::vector<std::string>& names) {
  const std::span<const Variant* const> all = AllVariants();
  if (names.empty()) return {all.begin(), all.end()};
  std::vector<const Variant*> variants;
  for (const std::string& name : names) {
    const std::string_view op = SchemaNamed(name).VariantsOp();
    for (const Variant* v : all) {
      if (v->op == op && std::ranges::find(variants, v) == variants.end()) {
        variants.push_back(v);
      }
    }
  }
  return variants;
}

SuiteFilter ParseSuiteFilter(const std::vector<std::string>& ops,
                             const std::vector<std::string>& dtypes,
                             const std::vector<int>& opsets) {
  SuiteFilter f;
  for (const std::string& name : ops) {
    const std::string op = Lower(SchemaNamed(name).op);
    if (std::ranges::find(f.ops, op) == f.ops.end()) f.ops.push_back(op);
  }
  if (!dtypes.empty()) {
    for (const DTypeInfo* t : ParseDTypes(dtypes)) f.dtypes.push_back(t->code);
  }
  f.opsets = opsets;
  return f;
}

}  // namespace onnxcts
