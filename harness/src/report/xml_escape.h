// Text made safe for XML (and HTML): markup characters escaped, and what XML
// 1.0 cannot hold at all (control bytes, invalid UTF-8) made visible instead
// of breaking the document. Messages and stderr tails of workers go through
// this before any markup view shows them.
#ifndef ONNXCTS_HARNESS_REPORT_XML_ESCAPE_H_
#define ONNXCTS_HARNESS_REPORT_XML_ESCAPE_H_

#include <string>
#include <string_view>

namespace onnxcts {

// XmlEscape()
//
// `text` as character data, or as an attribute value (quotes and line
// breaks escaped too) when `attribute`. Control bytes other than tab and
// line breaks become the text "\xNN"; invalid UTF-8 becomes U+FFFD.
std::string XmlEscape(std::string_view text, bool attribute = false);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_XML_ESCAPE_H_
