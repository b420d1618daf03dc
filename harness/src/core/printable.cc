#include "core/printable.h"

#include <algorithm>
#include <cctype>

namespace onnxcts {
namespace {

void AppendEscape(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
}

}  // namespace

std::string Printable(std::string_view text, bool keep_lines) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool line_break = c == '\n' || c == '\t';
    if ((c < 0x20 && !(keep_lines && line_break)) || c == 0x7F) {
      AppendEscape(out, c);
    } else if (c == 0xC2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      // U+0080..U+009F: some terminals take U+009B as CSI.
      AppendEscape(out, c);
      AppendEscape(out, static_cast<unsigned char>(text[++i]));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string Lower(std::string_view s) {
  std::string lower(s);
  std::ranges::transform(lower, lower.begin(), [](unsigned char c) {
    return static_cast<char>(std::tolower(c));
  });
  return lower;
}

}  // namespace onnxcts
