#include "report/html_data.h"

#include <fmt/core.h>

#include <set>

#include "report/html_pattern_map.h"

namespace onnxcts {

std::string CellKey(const std::string& op, int opset,
                    const std::string& dtype, bool must_reject) {
  return fmt::format("{}{}|{}|{}", must_reject ? "reject|" : "", op, opset,
                     dtype);
}

// The same rule as Summarize(), which builds the matrices the page shows.
std::string CellKey(const CaseResult& result) {
  if (result.op.empty() || !JudgesBackend(result.status)) return "";
  return CellKey(result.op, result.opset, result.dtype, result.must_reject);
}

nlohmann::json PageData(const std::vector<Report>& reports,
                        const std::vector<std::string>& labels) {
  nlohmann::json out = {{"reports", nlohmann::json::array()},
                        {"maps", nlohmann::json::object()}};
  std::set<std::string> dtypes;
  for (size_t i = 0; i < reports.size(); ++i) {
    nlohmann::json cells = nlohmann::json::object();
    nlohmann::json results = nlohmann::json::array();
    for (const CaseResult& r : reports[i].results) {
      cells[CellKey(r)].push_back(results.size());
      results.push_back(ToJson(r));
      if (!CellKey(r).empty()) dtypes.insert(r.dtype);
    }
    out["reports"].push_back({{"label", labels[i]},
                              {"policy", PolicyName(reports[i].policy)},
                              {"cells", std::move(cells)},
                              {"results", std::move(results)}});
  }
  for (const std::string& dtype : dtypes) {
    if (auto map = MapPatterns(dtype)) out["maps"][dtype] = ToJson(*map);
  }
  return out;
}

std::string ScriptJson(const nlohmann::json& data) {
  const std::string text = data.dump(-1, ' ', /*ensure_ascii=*/true,
                                     nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  // Outside strings JSON has none of these characters, so every one is in
  // a string, where the escape means the same character.
  for (char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else if (c == '>') {
      out += "\\u003e";
    } else if (c == '&') {
      out += "\\u0026";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace onnxcts
