#include "core/case_filter.h"

namespace onnxcts {
namespace {

std::string Escaped(const std::string& id) {
  std::string escaped;
  for (char ch : id) {
    if (ch == '.') escaped += '\\';
    escaped += ch;
  }
  return escaped;
}

// The end of the shell word that starts at `start`: a quoted one ends at its
// closing quote (reproduce commands quote no quote inside a filter).
size_t WordEnd(const std::string& command, size_t start) {
  if (start < command.size() && command[start] == '\'') {
    const size_t close = command.find('\'', start + 1);
    return close == std::string::npos ? command.size() : close + 1;
  }
  const size_t space = command.find(' ', start);
  return space == std::string::npos ? command.size() : space;
}

}  // namespace

std::string IdFilterFor(const std::string& id) {
  return "^" + Escaped(id) + "$";
}

std::string IdFilterForAll(const std::vector<std::string>& ids) {
  if (ids.size() == 1) return IdFilterFor(ids[0]);
  std::string alternatives;
  for (const std::string& id : ids) {
    alternatives += (alternatives.empty() ? "" : "|") + Escaped(id);
  }
  return "^(" + alternatives + ")$";
}

std::string WithFilter(const std::string& command,
                       const std::vector<std::string>& ids) {
  static constexpr std::string_view kFlag = "--filter ";
  const size_t flag = command.find(kFlag);
  if (flag == std::string::npos || ids.empty()) return command;
  const size_t start = flag + kFlag.size();
  return command.substr(0, start) + "'" + IdFilterForAll(ids) + "'" +
         command.substr(WordEnd(command, start));
}

}  // namespace onnxcts
