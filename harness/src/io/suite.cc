#include "io/suite.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include "core/input_error.h"
#include "io/data_sets.h"
#include "io/files.h"

namespace onnxcts {
namespace fs = std::filesystem;
namespace {

// suite.json and case.json describe; they are never large.
constexpr uint64_t kMaxJsonBytes = 1 << 20;

std::string IdPart(std::string_view name) {
  std::string part;
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    const bool kept = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    part += kept ? c : '_';
  }
  return part.empty() ? "_" : part;
}

std::string JoinIdParts(fs::path::const_iterator begin,
                        fs::path::const_iterator end) {
  std::string id;
  for (auto it = begin; it != end; ++it) {
    id += (id.empty() ? "" : ".") + IdPart(it->string());
  }
  return id;
}

// "1.22" for an onnx package folder beside onnx-1.22.0.dist-info (a wheel's
// install), else "".
std::string WheelVersion(const fs::path& onnx_dir) {
  std::error_code ec;
  for (fs::directory_iterator it(onnx_dir.parent_path(), ec), end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with("onnx-") || !name.ends_with(".dist-info")) continue;
    const std::string version = name.substr(5, name.size() - 5 - 10);
    const size_t minor_end = version.find('.', version.find('.') + 1);
    return version.substr(0, minor_end);
  }
  return "";
}

// Where `dir` lies in a copy of ONNX's own test data: the wheel's version
// ("" for another copy, such as Debian's) and the folders after its data/.
struct OnnxDataPlace {
  std::string version;
  fs::path rest;
};

// `after`: how many folders below data/ `dir` must name (2 for a case,
// its folder and itself; 1 for a suite root such as data/node).
std::optional<OnnxDataPlace> FindOnnxData(const fs::path& dir, size_t after) {
  const std::vector<fs::path> parts(dir.begin(), dir.end());
  constexpr std::array<std::string_view, 3> kBackendTest = {"onnx", "backend",
                                                            "test"};
  for (size_t i = parts.size(); i-- > 0;) {
    if (parts[i] != "data" || i + after >= parts.size()) continue;
    const bool debian = i >= 1 && parts[i - 1] == "libonnx-testdata";
    const bool upstream =
        i >= 3 && std::equal(kBackendTest.begin(), kBackendTest.end(),
                             parts.begin() + static_cast<long>(i - 3));
    if (!debian && !upstream) continue;
    fs::path rest;
    for (size_t k = i + 1; k < parts.size(); ++k) rest /= parts[k];
    fs::path onnx_dir;
    for (size_t k = 0; upstream && k + 3 <= i; ++k) onnx_dir /= parts[k];
    return OnnxDataPlace{upstream ? WheelVersion(onnx_dir) : "", rest};
  }
  return std::nullopt;
}

// "onnx.<folder>.<case path>" when `dir` lies in a copy of ONNX's own test
// data, so that the id does not depend on which folder was given.
std::optional<std::string> OnnxDataId(const fs::path& dir) {
  const auto place = FindOnnxData(dir, 2);
  if (!place) return std::nullopt;
  const std::string head =
      place->version.empty() ? "onnx" : "onnx_" + IdPart(place->version);
  return head + "." + JoinIdParts(place->rest.begin(), place->rest.end());
}

// A description file; like every file of a suite, it may not lead the
// reader out of the suite folder.
nlohmann::json ReadJsonObject(const fs::path& file, const fs::path& root) {
  const std::string text = ReadFileBounded(
      ConfinedPath(file, root, file.string(), ""), kMaxJsonBytes);
  nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) throw InputError(file.string(), "", "not JSON");
  if (!json.is_object()) {
    throw InputError(file.string(), "", "not a JSON object");
  }
  return json;
}

// The string member `key` of `json`, if present.
std::optional<std::string> StringMember(const nlohmann::json& json,
                                        const char* key, const fs::path& file) {
  const auto it = json.find(key);
  if (it == json.end()) return std::nullopt;
  if (!it->is_string()) {
    throw InputError(file.string(), key, "must be a string");
  }
  return it->get<std::string>();
}

std::string CheckedId(const std::string& id, const fs::path& file,
                      const char* key) {
  if (!IsCaseId(id)) {
    throw InputError(file.string(), key,
                     "\"" + id + "\" is not a dotted lowercase id");
  }
  return id;
}

std::string SuitePrefix(const fs::path& root) {
  const fs::path file = root / "suite.json";
  std::error_code ec;
  if (fs::exists(fs::symlink_status(file, ec))) {
    const auto prefix =
        StringMember(ReadJsonObject(file, root), "id_prefix", file);
    if (prefix) return CheckedId(*prefix, file, "id_prefix");
  }
  return IdPart(root.filename().string());
}

std::string SuiteLabelOf(const fs::path& root) {
  if (const auto place = FindOnnxData(root, 1)) {
    const std::string head =
        place->version.empty() ? "onnx" : "onnx-" + place->version;
    return (fs::path(head) / place->rest).generic_string();
  }
  const fs::path file = root / "suite.json";
  std::error_code ec;
  if (fs::exists(fs::symlink_status(file, ec))) {
    const auto label = StringMember(ReadJsonObject(file, root), "label", file);
    if (label) return *label;
  }
  return root.filename().string();
}

void ReadCaseJson(TestCase& c) {
  const fs::path file = c.dir / "case.json";
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(file, ec))) return;
  const nlohmann::json json = ReadJsonObject(file, c.suite_root);
  if (auto id = StringMember(json, "id", file)) {
    c.id = CheckedId(*id, file, "id");
  }
  c.description = StringMember(json, "description", file).value_or("");
  const std::string expect = StringMember(json, "expect", file).value_or("run");
  if (expect != "run" && expect != "reject") {
    throw InputError(file.string(), "expect",
                     "\"" + expect + "\" is neither \"run\" nor \"reject\"");
  }
  c.must_reject = expect == "reject";
}

bool IsCaseDir(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(dir / "model.onnx", ec));
}

TestCase ReadCase(const fs::path& dir, const fs::path& root,
                  const std::string& prefix) {
  TestCase c;
  c.suite_root = root;
  c.dir = dir;
  c.model = dir / "model.onnx";
  if (auto onnx_id = OnnxDataId(dir)) {
    c.id = *onnx_id;
  } else {
    const fs::path rel = dir.lexically_relative(root);
    c.id = rel == "." ? prefix
                      : prefix + "." + JoinIdParts(rel.begin(), rel.end());
  }
  ReadCaseJson(c);
  c.data_sets = ReadDataSets(dir);
  return c;
}

std::vector<fs::path> FindCaseDirs(const fs::path& root) {
  if (IsCaseDir(root)) return {root};
  std::vector<fs::path> dirs;
  std::error_code ec;
  // Without follow_directory_symlink the walk stays inside the root.
  fs::recursive_directory_iterator it(root, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code entry_ec;
    if (it->is_symlink(entry_ec) || !it->is_directory(entry_ec)) continue;
    if (IsCaseDir(it->path())) {
      dirs.push_back(it->path());
      it.disable_recursion_pending();  // data sets are not cases
    }
  }
  if (ec) {
    throw std::runtime_error("cannot read suite folder " + root.string() +
                             ": " + ec.message());
  }
  return dirs;
}

fs::path CheckedRoot(const fs::path& root) {
  std::error_code ec;
  const fs::file_status status = fs::status(root, ec);
  if (!fs::exists(status)) {
    throw std::runtime_error("suite folder " + root.string() +
                             " does not exist");
  }
  if (!fs::is_directory(status)) {
    throw std::runtime_error("suite " + root.string() + " is not a folder");
  }
  const fs::path canonical = fs::canonical(root, ec);
  if (!ec) fs::directory_iterator probe(canonical, ec);
  if (ec) {
    throw std::runtime_error("cannot read suite folder " + root.string() +
                             ": " + ec.message());
  }
  return canonical;
}

}  // namespace

std::string DefaultSuiteLabel(const fs::path& root_arg) {
  return SuiteLabelOf(CheckedRoot(root_arg));
}

SuiteArg ParseSuiteArg(const std::string& arg) {
  const size_t eq = arg.find('=');
  const std::string label = arg.substr(0, eq);
  const bool labelled =
      eq != std::string::npos && eq > 0 && label[0] != '/' &&
      std::ranges::all_of(label, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               std::string_view("._/-").find(c) != std::string_view::npos;
      });
  if (!labelled) return {DefaultSuiteLabel(arg), arg};
  return {label, arg.substr(eq + 1)};
}

bool IsCaseId(std::string_view id) {
  bool word_started = false;
  for (char c : id) {
    if (c == '.') {
      if (!word_started) return false;
      word_started = false;
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
      word_started = true;
    } else {
      return false;
    }
  }
  return word_started;
}

std::vector<TestCase> DiscoverCases(const fs::path& root_arg) {
  const fs::path root = CheckedRoot(root_arg);
  const std::string prefix = SuitePrefix(root);
  std::vector<TestCase> cases;
  for (const fs::path& dir : FindCaseDirs(root)) {
    cases.push_back(ReadCase(dir, root, prefix));
  }
  std::ranges::sort(cases, [](const TestCase& a, const TestCase& b) {
    return std::tie(a.id, a.dir) < std::tie(b.id, b.dir);
  });
  const auto same = std::ranges::adjacent_find(
      cases, [](const TestCase& a, const TestCase& b) { return a.id == b.id; });
  if (same != cases.end()) {
    throw std::runtime_error("cases " + same->dir.string() + " and " +
                             std::next(same)->dir.string() +
                             " have the same id " + same->id);
  }
  return cases;
}

}  // namespace onnxcts
