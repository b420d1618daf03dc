#include "run/tolerances.h"

#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "core/json_bounded.h"
#include "io/files.h"

namespace onnxcts {
namespace {

double Number(const nlohmann::json& entry, const char* key, double fallback,
              const std::string& file, const std::string& where) {
  if (!entry.contains(key)) return fallback;
  const nlohmann::json& v = entry[key];
  if (!v.is_number() || v.get<double>() < 0) {
    throw InputError(file, where + "." + key, "must be a number >= 0");
  }
  return v.get<double>();
}

}  // namespace

std::vector<ToleranceOverride> ReadTolerances(
    const std::filesystem::path& file) {
  // A tolerance file nests 3 deep; 16 MiB is thousands of overrides.
  const nlohmann::json doc =
      ParseJsonBounded(ReadFileBounded(file, 16 << 20), file.string(), 16);
  if (!doc.is_object() || !doc.contains("overrides") ||
      !doc["overrides"].is_array()) {
    throw InputError(file.string(), "overrides", "must be a JSON array");
  }
  std::vector<ToleranceOverride> overrides;
  for (size_t i = 0; i < doc["overrides"].size(); ++i) {
    const nlohmann::json& e = doc["overrides"][i];
    const std::string where = "overrides[" + std::to_string(i) + "]";
    if (!e.is_object() || !e.contains("case") || !e["case"].is_string()) {
      throw InputError(file.string(), where + ".case", "must be a string");
    }
    ToleranceOverride o;
    o.glob = e["case"].get<std::string>();
    o.rtol = Number(e, "rtol", o.rtol, file.string(), where);
    o.atol = Number(e, "atol", o.atol, file.string(), where);
    overrides.push_back(o);
  }
  return overrides;
}

CompareRules RulesFor(const std::vector<ToleranceOverride>& overrides,
                      const std::string& case_id, const OpSchema* schema,
                      const Attributes* attributes) {
  CompareRules rules;
  rules.schema = schema;
  rules.attributes = attributes;
  for (const ToleranceOverride& o : overrides) {
    if (fnmatch(o.glob.c_str(), case_id.c_str(), 0) != 0) continue;
    rules.rtol = o.rtol;
    rules.atol = o.atol;
    break;
  }
  return rules;
}

}  // namespace onnxcts
