#include "io/data_sets.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace onnxcts {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kDataSetPrefix = "test_data_set_";

// A plain decimal index: digits only, no leading zero, small enough for an
// int. Anything else is not the number ONNX's layout means.
std::optional<int> ParseIndex(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  if (text.size() > 1 && text[0] == '0') return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// The names in a folder, sorted: directory order is not stable.
std::vector<fs::directory_entry> SortedEntries(const fs::path& dir) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  std::vector<fs::directory_entry> entries;
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    entries.push_back(*it);
  }
  if (ec) {
    throw std::runtime_error("cannot list " + dir.string() + ": " +
                             ec.message());
  }
  std::ranges::sort(entries, {}, [](const fs::directory_entry& e) {
    return e.path().filename().string();
  });
  return entries;
}

struct Numbered {
  std::map<int, fs::path> inputs;
  std::map<int, fs::path> outputs;
  std::vector<std::string> problems;
};

void Classify(const fs::directory_entry& entry, Numbered& files) {
  const std::string name = entry.path().filename().string();
  for (auto [stem, map] :
       {std::pair{std::string_view("input_"), &files.inputs},
        std::pair{std::string_view("output_"), &files.outputs}}) {
    if (!name.starts_with(stem)) continue;
    const std::string_view rest = std::string_view(name).substr(stem.size());
    const std::optional<int> k =
        rest.ends_with(".pb") ? ParseIndex(rest.substr(0, rest.size() - 3))
                              : std::nullopt;
    if (!k) {
      files.problems.push_back(name + " is not " + std::string(stem) +
                               "<K>.pb with K a number");
    } else {
      (*map)[*k] = entry.path();
    }
    return;
  }
  files.problems.push_back("stray entry " + name);
}

// The files in K order; a missing K is a problem.
std::vector<fs::path> InOrder(const std::map<int, fs::path>& files,
                              std::string_view stem,
                              std::vector<std::string>& problems) {
  std::vector<fs::path> ordered;
  bool gap = false;  // one report per numbering is enough
  for (const auto& [k, path] : files) {
    const int expected = static_cast<int>(ordered.size());
    if (k != expected && !gap) {
      gap = true;
      problems.push_back(std::string(stem) + std::to_string(expected) +
                         ".pb is missing (numbering has a gap before " +
                         path.filename().string() + ")");
    }
    ordered.push_back(path);
  }
  return ordered;
}

DataSet ReadDataSet(int index, const fs::path& dir) {
  Numbered files;
  for (const fs::directory_entry& entry : SortedEntries(dir)) {
    Classify(entry, files);
  }
  DataSet set;
  set.index = index;
  set.dir = dir;
  std::vector<std::string>& problems = files.problems;
  set.inputs = InOrder(files.inputs, "input_", problems);
  set.outputs = InOrder(files.outputs, "output_", problems);
  if (files.outputs.empty()) problems.push_back("no output_K.pb");
  for (const std::string& p : problems) {
    set.layout_problem += (set.layout_problem.empty() ? "" : "; ") + p;
  }
  return set;
}

}  // namespace

std::vector<DataSet> ReadDataSets(const fs::path& case_dir) {
  std::vector<DataSet> sets;
  for (const fs::directory_entry& entry : SortedEntries(case_dir)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(kDataSetPrefix)) continue;
    std::error_code ec;
    if (entry.is_symlink(ec) || !entry.is_directory(ec)) continue;
    const std::optional<int> n =
        ParseIndex(std::string_view(name).substr(kDataSetPrefix.size()));
    if (n) sets.push_back(ReadDataSet(*n, entry.path()));
  }
  std::ranges::sort(sets, {}, &DataSet::index);
  return sets;
}

}  // namespace onnxcts
