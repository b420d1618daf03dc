// ShellQuote(): one word for `sh -c`, whatever it holds.
#ifndef ONNXCTS_HARNESS_BACKENDS_SHELL_QUOTE_H_
#define ONNXCTS_HARNESS_BACKENDS_SHELL_QUOTE_H_

#include <string>

namespace onnxcts {

inline std::string ShellQuote(const std::string& word) {
  std::string quoted = "'";
  for (char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_SHELL_QUOTE_H_
