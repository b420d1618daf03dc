#include "report/render.h"

#include <fmt/core.h>

#include <map>
#include <stdexcept>

#include "report/html.h"
#include "report/markdown.h"

namespace onnxcts {
namespace {

struct RenderFormat {
  std::string_view name;
  RenderWriter writer;  // null: planned, not yet written
};

constexpr RenderFormat kFormats[] = {
    {"html", &RenderHtml},
    {"md", &RenderMarkdown},
};

std::string Available() {
  std::string names;
  for (const RenderFormat& f : kFormats) {
    if (f.writer == nullptr) continue;
    names += (names.empty() ? "" : ", ") + std::string(f.name);
  }
  return names;
}

}  // namespace

std::vector<std::string> BackendLabels(const std::vector<Report>& reports) {
  std::vector<std::string> labels;
  std::map<std::string, int> seen;
  for (const Report& r : reports) {
    std::string label = r.backend.name.empty()
                            ? r.backend.spec
                            : r.backend.name + " " + r.backend.version;
    const size_t query = r.backend.spec.find('?');
    if (!r.backend.name.empty() && query != std::string::npos &&
        !r.backend.spec.starts_with("plugin:")) {
      label += " " + r.backend.spec.substr(query);
    }
    const int n = ++seen[label];
    if (n > 1) label += fmt::format(" ({})", n);
    labels.push_back(label);
  }
  return labels;
}

std::string OptionsText(const BackendInfo& backend) {
  std::string text;
  for (const auto& [key, value] : backend.options) {
    text += (text.empty() ? "" : ", ") + key + "=" + value;
  }
  return text;
}

RenderWriter FindRenderWriter(std::string_view format) {
  for (const RenderFormat& f : kFormats) {
    if (f.name != format) continue;
    if (f.writer != nullptr) return f.writer;
    throw std::invalid_argument(fmt::format(
        "--format {} is not yet implemented; available: {} (e.g. --format md)",
        format, Available()));
  }
  throw std::invalid_argument(fmt::format(
      "unknown --format \"{}\"; available: {}", format, Available()));
}

}  // namespace onnxcts
