// The formats of `onnxcts report render`: each is one writer from reports
// to a page. Adding a format (HTML) is one row in render.cc's table.
#ifndef ONNXCTS_HARNESS_REPORT_RENDER_H_
#define ONNXCTS_HARNESS_REPORT_RENDER_H_

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace onnxcts {

// Renders one page from `reports` (at least one), in their order.
using RenderWriter = std::string (*)(const std::vector<Report>& reports);

// The format `onnxcts report render` writes when --format is not given.
inline constexpr std::string_view kDefaultRenderFormat = "html";

// BackendLabels()
//
// One column label per report ("onnxruntime 1.30.0"), with the spec's
// options ("openvino 2026.4.1 ?precision=f32"), numbered where two reports
// are still alike.
std::vector<std::string> BackendLabels(const std::vector<Report>& reports);

// OptionsText()
//
// The options a backend said it runs with: "key=value, key=value".
std::string OptionsText(const BackendInfo& backend);

// FindRenderWriter()
//
// The writer of `format` ("md", ...). Throws std::invalid_argument for a
// format that is planned but not yet written, and for an unknown one, with
// a message that lists the formats there are.
RenderWriter FindRenderWriter(std::string_view format);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_RENDER_H_
