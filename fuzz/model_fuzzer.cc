// Model loading (io/model_io.h) and schema validation (run/model_check.h)
// on any bytes, as a suite's model.onnx (a small data.bin sits beside it for
// external initializers). Each input gives an InputError naming the file or
// a model whose initializers hold what their dtype and dims say; CheckNode
// then binds it to a schema consistently or says why not. A model that can
// be written re-reads to one that writes the same bytes and gets the same
// verdict.
#include <cstdint>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "finding.h"
#include "io/model_io.h"
#include "one_file_suite.h"
#include "run/model_check.h"
#include "tensor_check.h"

namespace onnxcts::fuzz {
namespace {

const OneFileSuite& TheSuite() {
  static const OneFileSuite suite("onnxcts-fuzz-model-", "model.onnx");
  return suite;
}

std::optional<Model> Decode(std::string_view bytes, const Finder& context) {
  const OneFileSuite& suite = TheSuite();
  try {
    return ParseModel(bytes, suite.file, suite.dir.path());
  } catch (const InputError& e) {
    if (e.file() != suite.file) context.Fail("error_file", e.what());
    return std::nullopt;
  }
}

void CheckInitializers(const Model& model, const Finder& context) {
  for (const Tensor& t : model.initializers) {
    const std::string problem = TensorProblem(t, Limits{});
    if (!problem.empty()) context.Fail("initializer", t.name + ": " + problem);
  }
}

// A valid verdict must come with everything the runner and the reference
// backend then rely on.
void CheckVerdict(const Model& model, const NodeCheck& check,
                  const Finder& context) {
  if (check.verdict != NodeCheck::Verdict::kValid) {
    if (check.reason.empty()) context.Fail("check_reason", "no reason given");
    return;
  }
  const OpSchema* s = check.schema;
  const Node& node = model.nodes.at(0);
  const bool consistent =
      s != nullptr && s->op == node.op_type &&
      FindSchema(node.domain, node.op_type,
                 static_cast<int>(model.OpsetOf(node.domain))) == s &&
      check.opset == s->since_version &&
      check.input_types.size() == s->inputs.size() &&
      check.output_types.size() == s->outputs.size() &&
      check.input_types.size() == node.inputs.size() &&
      check.output_types.size() == node.outputs.size() &&
      check.attributes.size() == s->attributes.size();
  if (!consistent) context.Fail("check_valid", "inconsistent valid verdict");
}

bool Writable(const Model& model) {
  for (const Node& node : model.nodes) {
    if (!node.other_attributes.empty()) return false;
  }
  return true;
}

void CheckRoundTrip(const Model& model, const NodeCheck& check,
                    const Finder& context) {
  const std::string written = EncodeModel(model);
  const std::optional<Model> again = Decode(written, context);
  if (!again) context.Fail("round_trip", "the written model does not read");
  if (EncodeModel(*again) != written) {
    context.Fail("round_trip", "the re-read model writes differently");
  }
  if (CheckNode(*again).verdict != check.verdict) {
    context.Fail("round_trip", "the re-read model gets another verdict");
  }
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const Finder context{"model", data, size};
  const std::optional<Model> model = Decode(
      std::string_view(reinterpret_cast<const char*>(data), size), context);
  if (!model) return 0;
  CheckInitializers(*model, context);
  const NodeCheck check = CheckNode(*model);
  CheckVerdict(*model, check, context);
  if (Writable(*model)) CheckRoundTrip(*model, check, context);
  return 0;
}
