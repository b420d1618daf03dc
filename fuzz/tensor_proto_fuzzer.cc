// TensorProto decoding (io/tensor_io.h) on any bytes, as a .pb file of a
// suite: every dtype, raw_data, the typed fields and external data (a
// small data.bin sits beside the file). Each input must give either an
// InputError naming the file (UnsupportedInput is one) or a tensor that
// holds what its dtype and dims say, within the limits. It is decoded under
// the default limits and under tight ones: what the tight ones accept, the
// default ones accept alike. A decoded tensor re-encodes, as raw_data and
// as typed fields, to itself.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "backends/temp_dir.h"
#include "core/input_error.h"
#include "finding.h"
#include "io/tensor_io.h"
#include "one_file_suite.h"
#include "tensor_check.h"

namespace onnxcts::fuzz {
namespace {

const OneFileSuite& TheSuite() {
  static const OneFileSuite suite("onnxcts-fuzz-tensor-", "input_0.pb");
  return suite;
}

Limits TightLimits() {
  Limits limits;
  limits.max_rank = 3;
  limits.max_elements = 16;
  limits.max_bytes = 64;
  limits.max_file_bytes = 4096;
  limits.max_count = 4;
  return limits;
}

std::optional<Tensor> Decode(std::string_view bytes, const Limits& limits,
                             const Finder& context) {
  const OneFileSuite& suite = TheSuite();
  try {
    Tensor t = ParseTensor(bytes, suite.file, suite.dir.path(), limits);
    const std::string problem = TensorProblem(t, limits);
    if (!problem.empty()) context.Fail("inconsistent", problem);
    return t;
  } catch (const InputError& e) {
    if (e.file() != suite.file) context.Fail("error_file", e.what());
    return std::nullopt;
  }
}

// Encoding and decoding again must give the tensor back, bit for bit.
void CheckRoundTrip(const Tensor& t, Payload payload, const Finder& context) {
  const std::string bytes = ToTensorProto(t, payload).SerializeAsString();
  const std::optional<Tensor> again = Decode(bytes, Limits{}, context);
  if (!again || !SameTensor(t, *again)) {
    context.Fail(
        payload == Payload::kRawData ? "raw_round_trip" : "typed_round_trip",
        "the re-encoded tensor decodes differently");
  }
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const Finder context{"tensor_proto", data, size};
  const std::optional<Tensor> tensor = Decode(bytes, Limits{}, context);
  const std::optional<Tensor> tight = Decode(bytes, TightLimits(), context);
  if (tight && (!tensor || !SameTensor(*tight, *tensor))) {
    context.Fail("limits", "tight limits accept what the default ones do not");
  }
  if (!tensor) return 0;
  CheckRoundTrip(*tensor, Payload::kRawData, context);
  CheckRoundTrip(*tensor, Payload::kTypedFields, context);
  return 0;
}
