// onnxcts_defective_plugin.so: the reference kernels with five deliberate
// defects, so that tests (and anyone trying the harness) can watch each kind
// of failure get caught and reported:
//
//   1. IsInf on float8e4m3fn takes its NaNs 0x7F and 0xFF for +inf and -inf
//      (the mistake of one common library's numeric_limits).
//   2. Sign(-0.0) for float returns -0.0 rather than +0.0.
//   3. Any empty input tensor (a dimension of 0) makes it abort(): a crash.
//   4. IsInf ignores detect_negative, treating it as 1.
//   5. Sign on float16 whose input begins with the two patterns 0xDEAD,
//      0xBEEF (two arbitrary negative normals that no generated suite puts
//      first) never returns: a hang.
//
// Everything else is the reference's answer. Run it isolated (plain
// `plugin:PATH.so`, the default) to see 3 and 5 reported as crash and
// timeout; with `?inprocess` they end or stall the run itself.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "onnxcts/backend_plugin.h"
#include "onnxcts/dtype.h"
#include "reference_node.h"

namespace {

using onnxcts::DType;

constexpr int32_t Code(DType t) { return static_cast<int32_t>(t); }

bool IsOp(const onnxcts_node* node, std::string_view op) {
  const std::string_view domain = node->domain;
  return node->op_type == op && (domain.empty() || domain == "ai.onnx");
}

bool HasEmptyInput(const onnxcts_node* node) {
  for (size_t i = 0; i < node->input_count; ++i) {
    if (node->inputs[i].dtype != 0 && node->inputs[i].size == 0) return true;
  }
  return false;
}

bool IsHangTrigger(const onnxcts_node* node) {
  if (!IsOp(node, "Sign") || node->input_count != 1) return false;
  const onnxcts_tensor& x = node->inputs[0];
  if (x.dtype != Code(DType::kFloat16) || x.size < 4) return false;
  uint16_t first[2];
  std::memcpy(first, x.data, sizeof first);
  return first[0] == 0xDEAD && first[1] == 0xBEEF;
}

int64_t IntAttribute(const onnxcts_node* node, std::string_view name,
                     int64_t fallback) {
  for (size_t i = 0; i < node->attribute_count; ++i) {
    const onnxcts_attribute& a = node->attributes[i];
    if (a.name == name && a.type == ONNXCTS_ATTRIBUTE_INT) return a.i;
  }
  return fallback;
}

// Defect 1: the two NaNs of float8e4m3fn count as infinities.
void FakeFloat8Infinities(const onnxcts_node* node, onnxcts_output2& out) {
  const onnxcts_tensor& x = node->inputs[0];
  const auto* in = static_cast<const uint8_t*>(x.data);
  auto* y = static_cast<uint8_t*>(out.data);
  const bool positive = IntAttribute(node, "detect_positive", 1) != 0;
  for (size_t i = 0; i < x.size; ++i) {
    if ((in[i] == 0x7F && positive) || in[i] == 0xFF) y[i] = 1;
  }
}

// Defect 2: a negative zero keeps its sign.
void KeepNegativeZero(const onnxcts_tensor& x, onnxcts_output2& out) {
  const auto* in = static_cast<const uint32_t*>(x.data);
  auto* y = static_cast<uint32_t*>(out.data);
  for (size_t i = 0; i < x.size / 4; ++i) {
    if (in[i] == 0x80000000u) y[i] = 0x80000000u;
  }
}

onnxcts_status Run(const onnxcts_node* node, onnxcts_result2* result) {
  if (HasEmptyInput(node)) std::abort();  // defect 3
  if (IsHangTrigger(node)) {
    for (;;) pause();  // defect 5
  }
  const bool is_inf = IsOp(node, "IsInf");
  // Defect 4: with detect_negative dropped, its default of 1 applies.
  std::vector<onnxcts_attribute> attributes;
  for (size_t i = 0; i < node->attribute_count; ++i) {
    const onnxcts_attribute& a = node->attributes[i];
    if (!(is_inf && std::string_view(a.name) == "detect_negative")) {
      attributes.push_back(a);
    }
  }
  onnxcts_node altered = *node;
  altered.attributes = attributes.data();
  altered.attribute_count = attributes.size();
  const onnxcts_status status = onnxcts::RunReferenceNode2(&altered, result);
  if (status != ONNXCTS_STATUS_OK) return status;
  // Nothing was written when the harness gave too little room.
  const onnxcts_output2& y = result->outputs[0];
  if (y.rank > ONNXCTS_PLUGIN_MAX_RANK || y.size > y.capacity) return status;
  const int32_t dtype = node->inputs[0].dtype;
  if (is_inf && dtype == Code(DType::kFloat8E4M3FN)) {
    FakeFloat8Infinities(node, result->outputs[0]);
  }
  if (IsOp(node, "Sign") && dtype == Code(DType::kFloat)) {
    KeepNegativeZero(node->inputs[0], result->outputs[0]);
  }
  return status;
}

constexpr onnxcts_plugin2 kPlugin = {ONNXCTS_PLUGIN_ABI_VERSION,
                                     "onnxcts-defective", ONNXCTS_VERSION, 0,
                                     Run};

}  // namespace

extern "C" ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin2* onnxcts_plugin_v2() {
  return &kPlugin;
}
