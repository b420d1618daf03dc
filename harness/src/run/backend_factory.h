// MakeBackend(): the one place that maps a --backend SPEC to a backend.
#ifndef ONNXCTS_HARNESS_RUN_BACKEND_FACTORY_H_
#define ONNXCTS_HARNESS_RUN_BACKEND_FACTORY_H_

#include <memory>
#include <string>

#include "core/backend.h"

namespace onnxcts {

// MakeBackend()
//
// The backend for a --backend SPEC; throws std::invalid_argument for an
// unknown kind.
std::unique_ptr<Backend> MakeBackend(const std::string& spec);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_BACKEND_FACTORY_H_
