// The error of untrusted input: which file, which field, what is wrong.
// Every reader throws it; the runner turns it into a per-case status
// (invalid_test_data, invalid_output) and the run goes on.
#ifndef ONNXCTS_HARNESS_CORE_INPUT_ERROR_H_
#define ONNXCTS_HARNESS_CORE_INPUT_ERROR_H_

#include <stdexcept>
#include <string>

namespace onnxcts {

class InputError : public std::runtime_error {
 public:
  // `field` locates the fault: a dotted path into a protobuf message
  // ("graph.node[0].attribute[1].type", "dims[2]"), a JSON pointer into a
  // JSON file ("/results/3/status"), or empty when the whole file is at
  // fault.
  InputError(std::string file, std::string field, const std::string& message)
      : std::runtime_error(Compose(file, field, message)),
        file_(std::move(file)),
        field_(std::move(field)) {}

  const std::string& file() const { return file_; }
  const std::string& field() const { return field_; }

 private:
  static std::string Compose(const std::string& file, const std::string& field,
                             const std::string& message) {
    return file + (field.empty() ? "" : ": " + field) + ": " + message;
  }

  std::string file_;
  std::string field_;
};

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_INPUT_ERROR_H_
