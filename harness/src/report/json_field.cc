#include "report/json_field.h"

#include <fmt/core.h>

#include <cmath>

#include "core/input_error.h"
#include "report/json_compare.h"

namespace onnxcts {

using nlohmann::json;

void JsonField::Fail(const std::string& message) const {
  throw InputError(*file_, pointer_, message);
}

JsonField JsonField::Child(const json& value, std::string_view token) const {
  return JsonField(value, pointer_ + "/" + PointerToken(token), *file_);
}

void JsonField::ExpectObject(
    std::initializer_list<std::string_view> keys,
    std::initializer_list<std::string_view> optional) const {
  if (!value_->is_object()) Fail("must be an object");
  for (std::string_view key : keys) {
    if (!value_->contains(key)) Child(*value_, key).Fail("missing");
  }
  for (const auto& [key, value] : value_->items()) {
    bool known = false;
    for (std::string_view k : keys) known |= k == key;
    for (std::string_view k : optional) known |= k == key;
    if (!known) Child(value, key).Fail("unknown field");
  }
}

JsonField JsonField::operator[](std::string_view key) const {
  if (!value_->is_object()) Fail("must be an object");
  const auto it = value_->find(key);
  if (it == value_->end()) Child(*value_, key).Fail("missing");
  return Child(*it, key);
}

std::vector<std::pair<std::string, JsonField>> JsonField::Members() const {
  if (!value_->is_object()) Fail("must be an object");
  std::vector<std::pair<std::string, JsonField>> members;
  for (const auto& [key, value] : value_->items()) {
    members.emplace_back(key, Child(value, key));
  }
  return members;
}

std::vector<JsonField> JsonField::Elements() const {
  if (!value_->is_array()) Fail("must be an array");
  std::vector<JsonField> elements;
  elements.reserve(value_->size());
  for (size_t i = 0; i < value_->size(); ++i) {
    elements.push_back(Child((*value_)[i], std::to_string(i)));
  }
  return elements;
}

std::string JsonField::String() const {
  if (!value_->is_string()) Fail("must be a string");
  return value_->get<std::string>();
}

std::vector<std::string> JsonField::Strings() const {
  std::vector<std::string> strings;
  for (const JsonField& e : Elements()) strings.push_back(e.String());
  return strings;
}

bool JsonField::Bool() const {
  if (!value_->is_boolean()) Fail("must be true or false");
  return value_->get<bool>();
}

int64_t JsonField::Integer(int64_t min, int64_t max) const {
  if (!value_->is_number_integer()) Fail("must be an integer");
  bool in_range;
  if (value_->is_number_unsigned()) {
    // Above INT64_MAX it would not survive get<int64_t>().
    const uint64_t u = value_->get<uint64_t>();
    in_range = u <= static_cast<uint64_t>(max) &&
               (min <= 0 || u >= static_cast<uint64_t>(min));
  } else {
    const int64_t i = value_->get<int64_t>();
    in_range = i >= min && i <= max;
  }
  if (!in_range) Fail(fmt::format("must be from {} to {}", min, max));
  return value_->get<int64_t>();
}

uint64_t JsonField::Count() const {
  if (!value_->is_number_integer()) Fail("must be an integer");
  if (!value_->is_number_unsigned() && value_->get<int64_t>() < 0) {
    Fail("must not be negative");
  }
  return value_->get<uint64_t>();
}

double JsonField::NonNegative() const {
  if (!value_->is_number()) Fail("must be a number");
  const double d = value_->get<double>();
  if (!std::isfinite(d) || d < 0) Fail("must be a finite number >= 0");
  return d;
}

}  // namespace onnxcts
