// The style sheet and the script of the HTML page, kept as ordinary files
// (assets/report.css, assets/report.js) and embedded at build time by
// assets/embed.cmake, so that the page needs no file beside it.
#ifndef ONNXCTS_HARNESS_REPORT_HTML_ASSETS_H_
#define ONNXCTS_HARNESS_REPORT_HTML_ASSETS_H_

#include <string_view>

namespace onnxcts {

extern const std::string_view kHtmlStyle;   // assets/report.css
extern const std::string_view kHtmlScript;  // assets/report.js

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_HTML_ASSETS_H_
