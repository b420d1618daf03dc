#include "run/id_filter.h"

#include <stdexcept>

namespace onnxcts {

std::regex CompileIdFilter(const std::string& text) {
  try {
    return std::regex(text);
  } catch (const std::regex_error& e) {
    throw std::invalid_argument("--filter '" + text +
                                "' is not a valid regex: " + e.what());
  }
}

}  // namespace onnxcts
