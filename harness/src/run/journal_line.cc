#include "run/journal_line.h"

#include <fmt/core.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>

#include "core/input_error.h"
#include "core/json_bounded.h"

namespace onnxcts {
namespace {

constexpr size_t kCrcDigits = 8;

std::optional<uint32_t> ParseCrc(std::string_view digits) {
  if (digits.size() != kCrcDigits) return std::nullopt;
  // from_chars would take upper case too; the format has one spelling.
  for (const char c : digits) {
    if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) return std::nullopt;
  }
  uint32_t crc = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), crc, 16);
  return crc;
}

std::optional<nlohmann::json> ParseBounded(std::string_view text) {
  try {
    return ParseJsonBounded(text, "", kMaxJournalDepth);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

uint32_t JournalCrc(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes a uInt length; a record is far below 4 GiB, but a file read
  // back may hold anything.
  while (!bytes.empty()) {
    const size_t n = std::min<size_t>(bytes.size(), 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()),
                static_cast<uInt>(n));
    bytes.remove_prefix(n);
  }
  return static_cast<uint32_t>(crc);
}

std::string JournalLine(std::string_view json_text) {
  return fmt::format("{}\t{:08x}\n", json_text, JournalCrc(json_text));
}

std::optional<nlohmann::json> ParseJournalLine(std::string_view line) {
  const size_t tab = line.rfind('\t');
  if (tab == std::string_view::npos) return std::nullopt;
  const std::string_view json_text = line.substr(0, tab);
  const auto crc = ParseCrc(line.substr(tab + 1));
  if (!crc || *crc != JournalCrc(json_text)) return std::nullopt;
  return ParseBounded(json_text);
}

}  // namespace onnxcts
