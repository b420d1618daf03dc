// The version is compared first and alone: another onnxcts may name its
// options otherwise, and then its version is the whole story.
#include "run/journal_header.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <set>
#include <vector>

#include "report/report.h"
#include "report/version.h"
#include "run/journal_line.h"

namespace onnxcts {
namespace {

using nlohmann::json;

constexpr int kFormat = 1;  // the "journal" member: the line format's

std::string Dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool IsHeader(const json& j) {
  const auto is = [&j](const char* key, json::value_t type) {
    return j.contains(key) && j[key].type() == type;
  };
  return j.is_object() && j.contains("journal") &&
         j["journal"].is_number_integer() && j.contains("tool") &&
         j["tool"] == "onnxcts" && is("version", json::value_t::string) &&
         is("command", json::value_t::string) &&
         is("arguments", json::value_t::object) &&
         is("suite", json::value_t::string);
}

// "--backend": the arguments may be given with or without the dashes.
std::string Flag(const std::string& name) {
  return name.starts_with('-') ? name : "--" + name;
}

// "--backend 'ort'", "--threads 4"
std::string Option(const std::string& name, const json& value) {
  return Flag(name) + " " +
         (value.is_string() ? "'" + value.get<std::string>() + "'"
                            : Dump(value));
}

void ArgumentDifferences(const json& made, const json& now,
                         std::vector<std::string>& out) {
  std::set<std::string> names;
  for (const json* arguments : {&made, &now}) {
    for (const auto& item : arguments->items()) names.insert(item.key());
  }
  for (const std::string& name : names) {
    const bool in_made = made.contains(name);
    const bool in_now = now.contains(name);
    if (in_made && in_now && made[name] == now[name]) continue;
    out.push_back(fmt::format(
        "it was made {}, this run has {}",
        in_made ? "with " + Option(name, made[name]) : "without " + Flag(name),
        in_now ? Option(name, now[name]) : "no " + Flag(name)));
  }
}

[[noreturn]] void Refuse(const std::filesystem::path& path,
                         const std::string& why) {
  throw JournalMismatch(
      fmt::format("cannot resume from {}: {}", path.string(), why));
}

}  // namespace

// The commit too: two builds of one version may write different results.
std::string JournalVersion() {
  return fmt::format("{} ({})", ToolVersion(), BuildCommit());
}

std::string HeaderLine(const JournalHeader& header) {
  if (!header.arguments.is_object()) {
    throw std::invalid_argument("a journal's arguments must be a JSON object");
  }
  // In the order the format states, for whoever reads the line by eye.
  const nlohmann::ordered_json line = {{"journal", kFormat},
                                       {"tool", "onnxcts"},
                                       {"version", JournalVersion()},
                                       {"command", header.command},
                                       {"arguments", header.arguments},
                                       {"suite", header.suite}};
  return JournalLine(line.dump(
      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

void CheckHeader(const std::optional<json>& first_line,
                 const JournalHeader& header,
                 const std::filesystem::path& path) {
  if (!first_line || !IsHeader(*first_line)) {
    Refuse(path, "it is not an onnxcts journal (its first line is no "
                 "journal header)");
  }
  const json& made = *first_line;
  const std::string version = made["version"];
  if (version != JournalVersion()) {
    Refuse(path, fmt::format("it was made by onnxcts {}, this is {}", version,
                             JournalVersion()));
  }
  if (made["journal"] != kFormat) {
    Refuse(path, fmt::format("it is in journal format {}, this onnxcts "
                             "reads format {}",
                             Dump(made["journal"]), kFormat));
  }
  // The options of another command are not worth listing.
  if (made["command"] != header.command) {
    Refuse(path, fmt::format("it was made by `onnxcts {}`, this is "
                             "`onnxcts {}`",
                             made["command"].get<std::string>(),
                             header.command));
  }
  std::vector<std::string> differences;
  ArgumentDifferences(made["arguments"], header.arguments, differences);
  if (made["suite"] != header.suite) {
    differences.push_back("the suite's content has changed since");
  }
  if (!differences.empty()) {
    Refuse(path, fmt::format("{}", fmt::join(differences, "; ")));
  }
}

}  // namespace onnxcts
