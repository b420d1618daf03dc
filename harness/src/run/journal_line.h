// One self-checking line of a journal: `<json>\t<crc>\n`, <crc> being the 8
// lowercase hex digits of the CRC-32 (zlib's crc32) of the JSON's bytes. A
// line cut short or changed on disk fails its check and is never misread.
#ifndef ONNXCTS_HARNESS_RUN_JOURNAL_LINE_H_
#define ONNXCTS_HARNESS_RUN_JOURNAL_LINE_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace onnxcts {

// JournalCrc()
//
// zlib's CRC-32 of `bytes`.
uint32_t JournalCrc(std::string_view bytes);

// JournalLine()
//
// `json_text`, compact JSON (no raw tab or newline in it), as one journal
// line, its newline included.
std::string JournalLine(std::string_view json_text);

// ParseJournalLine()
//
// The JSON of `line` (its newline stripped) when the line is well formed:
// a tab, a CRC that matches, JSON that parses and nests at most
// kMaxJournalDepth levels; otherwise none.
inline constexpr int kMaxJournalDepth = 32;  // a record nests 8 deep
std::optional<nlohmann::json> ParseJournalLine(std::string_view line);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_JOURNAL_LINE_H_
