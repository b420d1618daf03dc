#include "io/external_data.h"

#include <optional>
#include <string_view>
#include <system_error>

#include "core/input_error.h"
#include "io/files.h"

namespace onnxcts {
namespace fs = std::filesystem;
namespace {

struct ExternalRef {
  std::string location;
  std::optional<uint64_t> offset;
  std::optional<uint64_t> length;
};

// offset and length are decimal strings in onnx.proto; anything else (a
// sign, spaces, a value past 2^64) is refused rather than half-parsed.
uint64_t ParseCount(const std::string& text, const std::string& file,
                    const std::string& field) {
  if (text.empty() || text.size() > 20) {
    throw InputError(file, field, "not a byte count: \"" + text + "\"");
  }
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9' ||
        __builtin_mul_overflow(value, uint64_t{10}, &value) ||
        __builtin_add_overflow(value, static_cast<uint64_t>(c - '0'), &value)) {
      throw InputError(file, field, "not a byte count: \"" + text + "\"");
    }
  }
  return value;
}

ExternalRef ParseEntries(const onnx::TensorProto& proto,
                         const std::string& file, const std::string& prefix) {
  ExternalRef ref;
  bool has_location = false;
  bool has_checksum = false;
  for (int i = 0; i < proto.external_data_size(); ++i) {
    const auto& entry = proto.external_data(i);
    const std::string& key = entry.key();
    const std::string field = prefix + "external_data." + key;
    const bool repeated = (key == "location" && has_location) ||
                          (key == "offset" && ref.offset) ||
                          (key == "length" && ref.length) ||
                          (key == "checksum" && has_checksum);
    if (repeated) throw InputError(file, field, "given twice");
    if (key == "location") {
      ref.location = entry.value();
      has_location = true;
    } else if (key == "offset") {
      ref.offset = ParseCount(entry.value(), file, field);
    } else if (key == "length") {
      ref.length = ParseCount(entry.value(), file, field);
    } else if (key == "checksum") {
      has_checksum = true;  // informative only; onnx.proto defines no check
    } else {
      throw InputError(file,
                       prefix + "external_data[" + std::to_string(i) + "].key",
                       "unknown key \"" + key + "\"");
    }
  }
  if (!has_location) {
    throw InputError(file, prefix + "external_data.location", "missing");
  }
  return ref;
}

// The checked, canonical path of the external file.
fs::path ResolveLocation(const std::string& location, const std::string& file,
                         const std::string& field, const fs::path& root) {
  if (location.empty()) throw InputError(file, field, "empty");
  if (location.find('\0') != std::string::npos) {
    throw InputError(file, field, "contains a NUL byte");
  }
  const fs::path relative(location);
  if (relative.is_absolute()) {
    throw InputError(file, field,
                     "absolute path \"" + location +
                         "\"; external data must be relative to the .pb");
  }
  return ConfinedPath(fs::path(file).parent_path() / relative, root, file,
                      field);
}

}  // namespace

std::string ReadExternalData(const onnx::TensorProto& proto,
                             const std::string& file,
                             const std::string& field_prefix,
                             const fs::path& suite_root,
                             uint64_t expected_bytes) {
  const ExternalRef ref = ParseEntries(proto, file, field_prefix);
  const std::string prefix = field_prefix + "external_data.";
  const fs::path root = RootFor(file, suite_root);
  const fs::path path =
      ResolveLocation(ref.location, file, prefix + "location", root);
  std::error_code ec;
  const uint64_t size = fs::file_size(path, ec);
  if (ec) throw InputError(file, prefix + "location", ec.message());
  const uint64_t offset = ref.offset.value_or(0);
  if (offset > size) {
    throw InputError(file, prefix + "offset",
                     std::to_string(offset) + " is past the end of " +
                         ref.location + " (" + std::to_string(size) +
                         " bytes)");
  }
  const uint64_t length = ref.length.value_or(size - offset);
  if (length > size - offset) {
    throw InputError(file, prefix + "length",
                     std::to_string(length) + " bytes from offset " +
                         std::to_string(offset) + " run past the end of " +
                         ref.location + " (" + std::to_string(size) +
                         " bytes)");
  }
  if (length != expected_bytes) {
    throw InputError(file, prefix + (ref.length ? "length" : "location"),
                     "holds " + std::to_string(length) +
                         " bytes; dims and data_type need " +
                         std::to_string(expected_bytes));
  }
  return ReadFileRange(path, offset, length, file, prefix + "location");
}

}  // namespace onnxcts
