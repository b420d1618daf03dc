// Reports rendered as one Markdown page (`onnxcts report render --format
// md`): what was run, the op x opset x dtype matrix, the counts and the
// failures. Several reports sit side by side, one column each.
#ifndef ONNXCTS_HARNESS_REPORT_MARKDOWN_H_
#define ONNXCTS_HARNESS_REPORT_MARKDOWN_H_

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace onnxcts {

// At most this many failures (and as many deviations) are listed per report.
inline constexpr size_t kMarkdownListLimit = 200;

// RenderMarkdown()
//
// The page for `reports` (at least one), in their order.
// MarkdownCell()
//
// `text` as one table cell: on one line, a '|' escaped so that it cannot
// end the cell early, '<' as &lt;.
std::string MarkdownCell(std::string_view text);

std::string RenderMarkdown(const std::vector<Report>& reports);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_MARKDOWN_H_
