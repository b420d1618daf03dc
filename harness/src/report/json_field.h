// Reading untrusted JSON field by field: each accessor checks the type and
// range it needs and throws InputError naming the file and the field's JSON
// pointer ("/results/3/status") when the document is wrong.
#ifndef ONNXCTS_HARNESS_REPORT_JSON_FIELD_H_
#define ONNXCTS_HARNESS_REPORT_JSON_FIELD_H_

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace onnxcts {

class JsonField {
 public:
  // The root of a document read from `file`; `file` must outlive the field.
  JsonField(const nlohmann::json& value, const std::string& file)
      : value_(&value), file_(&file) {}

  const nlohmann::json& value() const { return *value_; }
  const std::string& pointer() const { return pointer_; }

  // Throws InputError for this field with `message`.
  [[noreturn]] void Fail(const std::string& message) const;

  // Requires an object with exactly the members `keys`, and any of
  // `optional`.
  void ExpectObject(std::initializer_list<std::string_view> keys,
                    std::initializer_list<std::string_view> optional = {}) const;
  // The member `key` (of an object checked by ExpectObject).
  JsonField operator[](std::string_view key) const;
  // The members of an object whose keys are free, in key order.
  std::vector<std::pair<std::string, JsonField>> Members() const;
  // The elements of an array.
  std::vector<JsonField> Elements() const;

  std::string String() const;
  std::vector<std::string> Strings() const;  // an array of strings
  bool Bool() const;
  bool IsNull() const { return value_->is_null(); }
  // Whether this object has the member `key`.
  bool Has(std::string_view key) const {
    return value_->is_object() && value_->contains(key);
  }
  int64_t Integer(int64_t min, int64_t max) const;
  uint64_t Count() const;      // an integer >= 0
  double NonNegative() const;  // any finite number >= 0

 private:
  JsonField(const nlohmann::json& value, std::string pointer,
            const std::string& file)
      : value_(&value), pointer_(std::move(pointer)), file_(&file) {}
  JsonField Child(const nlohmann::json& value, std::string_view token) const;

  const nlohmann::json* value_;
  std::string pointer_;
  const std::string* file_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_JSON_FIELD_H_
