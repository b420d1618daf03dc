#include "core/byte_size.h"

#include <cctype>
#include <limits>
#include <stdexcept>

namespace onnxcts {
namespace {

constexpr std::string_view kUnits = "KMGT";

[[noreturn]] void Refuse(std::string_view text, std::string_view why) {
  throw std::invalid_argument("'" + std::string(text) + "' is not a size in " +
                              "bytes (" + std::string(why) +
                              "; e.g. 4096, 512M, 2GiB)");
}

// The multiplier of a unit suffix: "", "K", "KB", "KiB" and so on.
uint64_t UnitOf(std::string_view suffix, std::string_view text) {
  if (suffix.empty()) return 1;
  if (suffix == "B" || suffix == "b") return 1;
  const size_t unit =
      kUnits.find(static_cast<char>(std::toupper(
          static_cast<unsigned char>(suffix[0]))));
  if (unit == std::string_view::npos) Refuse(text, "unknown unit");
  const std::string_view rest = suffix.substr(1);
  if (!rest.empty() && rest != "B" && rest != "b" && rest != "iB" &&
      rest != "ib") {
    Refuse(text, "unknown unit");
  }
  return uint64_t{1} << (10 * (unit + 1));
}

}  // namespace

uint64_t ParseByteSize(std::string_view text) {
  size_t digits = 0;
  uint64_t number = 0;
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  while (digits < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[digits]))) {
    const uint64_t digit = static_cast<uint64_t>(text[digits] - '0');
    if (number > (kMax - digit) / 10) Refuse(text, "too large");
    number = number * 10 + digit;
    ++digits;
  }
  if (digits == 0) Refuse(text, "no whole number first");
  const uint64_t unit = UnitOf(text.substr(digits), text);
  if (number > kMax / unit) Refuse(text, "too large");
  return number * unit;
}

std::string ByteSizeText(uint64_t bytes) {
  if (bytes == 1) return "1 byte";
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  size_t unit = 0;
  while (unit + 1 < kUnits.size() && bytes >> (10 * (unit + 2)) != 0) ++unit;
  const int shift = static_cast<int>(10 * (unit + 1));
  const uint64_t whole = bytes >> shift;
  // Tenths from the remainder, rounded down, so that a "free" figure never
  // reads as more than there is.
  const uint64_t rest = bytes - (whole << shift);
  const uint64_t tenths = (rest * 10) >> shift;
  std::string text = std::to_string(whole);
  if (tenths != 0) text += "." + std::to_string(tenths);
  return text + " " + kUnits[unit] + "iB";
}

}  // namespace onnxcts
