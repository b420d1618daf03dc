#include "report/xml_escape.h"

#include <fmt/core.h>

namespace onnxcts {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool IsContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence of a character XML allows at the
// start of `s` (s[0] >= 0x80), or 0. Overlong forms, surrogates, code points
// past U+10FFFF and U+FFFE/U+FFFF are not valid.
size_t ValidSequence(std::string_view s) {
  const auto at = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = at(0);
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (s.size() < length || at(1) < low || at(1) > high) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (!IsContinuation(at(i))) return 0;
  }
  if (lead == 0xEF && at(1) == 0xBF && (at(2) == 0xBE || at(2) == 0xBF)) {
    return 0;
  }
  return length;
}

void AppendAscii(std::string& out, char c, bool attribute) {
  switch (c) {
    case '&':
      out += "&amp;";
      return;
    case '<':
      out += "&lt;";
      return;
    case '>':
      out += "&gt;";
      return;
    case '"':
      out += attribute ? "&quot;" : "\"";
      return;
    case '\'':
      out += attribute ? "&apos;" : "'";
      return;
    case '\n':
      out += attribute ? "&#10;" : "\n";
      return;
    case '\r':
      out += attribute ? "&#13;" : "\r";
      return;
    case '\t':
      out += attribute ? "&#9;" : "\t";
      return;
    default:
      break;
  }
  if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
    out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
  } else {
    out += c;
  }
}

}  // namespace

std::string XmlEscape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    if (static_cast<unsigned char>(text[0]) < 0x80) {
      AppendAscii(out, text[0], attribute);
      text.remove_prefix(1);
      continue;
    }
    const size_t length = ValidSequence(text);
    out += length == 0 ? kReplacement : text.substr(0, length);
    text.remove_prefix(length == 0 ? 1 : length);
  }
  return out;
}

}  // namespace onnxcts
