// Differential fuzzing of the fast kernels against the oracle: the input
// picks an op, opset, dtype, IsInf's attributes, a shape and the element
// bits (see op_input.h), and also the Highway target the kernels dispatch
// to, a misalignment of the buffers and whether a kernel whose output has
// its input's dtype runs in place. Each
// element of the kernel's output, called directly and through the schema
// table, must be the oracle's answer; on the first that is not, the finding
// names op, dtype and pattern and the input is printed.
//
// An op of two inputs (Max, Min, the comparisons) takes the elements as two
// halves, a then b, of count / 2 each: its pair kernel runs on them (in
// place, into a, when asked), the schema's kernel on two inputs of that
// shape, and each element must be the oracle's answer for its pair; a
// finding names both patterns' classes, comma-separated as a run's
// comparison names them.
#include <hwy/targets.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "finding.h"
#include "onnxcts/oracle.h"
#include "onnxcts/infer.h"
#include "onnxcts/schema.h"
#include "onnxcts/variant.h"
#include "op_input.h"

namespace onnxcts::fuzz {
namespace {

constexpr size_t kMaxMisalignment = 15;

struct Call {
  OpInput op;
  const Variant* variant = nullptr;
  int64_t target = 0;  // a Highway target; 0 for the best one
  size_t misalignment = 0;
  bool in_place = false;  // for variants whose output has the input's dtype
  bool resolvable = true;  // see Resolvable()
};

// Whether `value` is a FLOAT given for an attribute that is no FLOAT.
bool IllTypedFloat(const OpSchema& s, const std::string& name,
                   const AttrValue& value) {
  const AttrSpec* spec = s.FindAttribute(name);
  return std::holds_alternative<float>(value) &&
         (spec == nullptr || spec->type != AttrType::kFloat);
}

// The attributes the call's variant is chosen by: a FLOAT given for an INT
// left at its default (the kernels take what a node's resolution gives).
Attributes ChoosingAttributes(const OpInput& op) {
  Attributes kept;
  for (const auto& [name, value] : op.attributes) {
    if (!IllTypedFloat(*op.schema, name, value)) kept.emplace(name, value);
  }
  return kept;
}

// Whether a node of `s` has an element input of a dtype of its own.
bool HasSelector(const OpSchema& s) {
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (s.SelectorInput(i)) return true;
  }
  return false;
}

// Whether a FLOAT attribute has a value its variants do not key (any float
// is valid there): a node the plugin fuzzer calls, no kernel call of a
// variant.
bool UnkeyedFloat(const OpInput& op) {
  for (const auto& [name, value] : op.attributes) {
    const AttrSpec* spec = op.schema->FindAttribute(name);
    const float* f = std::get_if<float>(&value);
    if (f == nullptr || spec == nullptr || spec->type != AttrType::kFloat) {
      continue;
    }
    if (!FloatChoice(*spec, *f)) return true;
  }
  return false;
}

// The input dtypes the variant is chosen by: the type_only inputs' own,
// and for the element inputs one the op allows with these attributes (a
// kernel's refusal of a dtype it does not define is what the call's own
// dtype tests; Mod's fmod 0 forbids every float, so an integer stands in).
std::vector<DType> ChoosingTypes(const OpInput& op) {
  const OpSchema& s = *op.schema;
  std::vector<DType> types = op.Types(s.MinInputs());
  Attributes attributes = ChoosingAttributes(op);
  ResolveAttributes(s, attributes);
  for (const DType element : InputTypes(s, s.MainInput())) {
    for (size_t i = 0; i < types.size(); ++i) {
      if (s.ElementInput(i) && !s.SelectorInput(i)) types[i] = element;
    }
    if (InferOutputTypes(s, types, attributes).problem.empty()) break;
  }
  return types;
}

// Whether those attributes and type_only dtypes are a node's at all: a
// required attribute left out, a value outside its domain (Cast's `to`) or
// a target CastLike does not allow is no call of any kernel.
bool Resolvable(const OpInput& op) {
  Attributes resolved = ChoosingAttributes(op);
  if (!ResolveAttributes(*op.schema, resolved).empty() ||
      !InputTypesProblem(*op.schema, ChoosingTypes(op)).empty()) {
    return false;
  }
  // Nor is what the version forbids on the call's dtype (Mod's fmod 0 on a
  // float): no variant answers it.
  const OpSchema& s = *op.schema;
  return !op.allowed || s.forbids == nullptr ||
         s.forbids(op.Types(s.MinInputs()), resolved).empty();
}

const std::vector<int64_t>& Targets() {
  static const std::vector<int64_t> targets = [] {
    hwy::SetSupportedTargetsForTest(0);
    return hwy::SupportedAndGeneratedTargets();
  }();
  return targets;
}

// Forces the Highway target, only when it changes: re-dispatching costs.
void UseTarget(int64_t target) {
  static int64_t current = 0;
  if (target != current) hwy::SetSupportedTargetsForTest(target);
  current = target;
}

Call ReadCall(const uint8_t* data, size_t size) {
  FuzzedDataProvider fdp(data, size);
  Call call;
  call.op = ReadOpChoice(fdp);
  call.resolvable = Resolvable(call.op) && !UnkeyedFloat(call.op);
  call.variant = VariantFor(*call.op.schema, ChoosingAttributes(call.op),
                            ChoosingTypes(call.op));
  const size_t pick = fdp.ConsumeIntegralInRange<size_t>(0, Targets().size());
  call.target = pick < Targets().size() ? Targets()[pick] : 0;
  call.misalignment = fdp.ConsumeIntegralInRange<size_t>(0, kMaxMisalignment);
  call.in_place = fdp.ConsumeBool();
  ReadElements(fdp, call.op);
  return call;
}

// A buffer of exactly `size` bytes at `offset` into its allocation, so that
// AddressSanitizer sees any access past either end and the kernels meet
// every alignment.
class Buffer {
 public:
  Buffer(size_t size, size_t offset)
      : storage_(new uint8_t[size + offset]), data_(storage_.get() + offset) {}
  uint8_t* data() { return data_; }

 private:
  std::unique_ptr<uint8_t[]> storage_;
  uint8_t* data_;
};

const DTypeInfo& OutputType(const Call& call) {
  return OutputType(*call.variant, Info(call.op.dtype));
}

// Runs the kernel of the call's variant directly on `in` into `out`.
void RunDirect(const Call& call, const uint8_t* in, uint8_t* out, size_t n) {
  call.variant->Kernel(Info(call.op.dtype), in, out, n);
}

// Runs the schema table's kernel, attributes resolved as a node's are.
void RunSchema(const Call& call, const Attributes& resolved, const uint8_t* in,
               uint8_t* out, size_t n) {
  const OpInput& op = call.op;
  const DType out_type = OutputType(*call.variant, Info(op.dtype)).code;
  // A type_only input's values are unread: an empty tensor of its dtype.
  static constexpr int64_t kEmpty[] = {0};
  std::vector<ConstTensorView> inputs;
  for (DType t : op.Types(op.schema->MinInputs())) {
    const bool first = inputs.empty();
    inputs.push_back({t, first ? in : nullptr,
                      first ? std::span<const int64_t>(op.dims)
                            : std::span<const int64_t>(kEmpty),
                      first ? n : 0});
  }
  const TensorView outputs[] = {{out_type, out, op.dims, n}};
  op.schema->kernel(inputs, std::span(outputs), resolved);
}

std::string Hex(uint64_t bits) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(bits));
  return text;
}

// "isinf_pos (direct, target AVX2)": which run of which kernel.
std::string Where(const Call& call, const char* path) {
  return std::string(call.variant->name) + " (" + path + ", target " +
         (call.target ? hwy::TargetName(call.target) : "best") + ")";
}

void Check(const Call& call, const uint8_t* in, const uint8_t* out, size_t n,
           const char* path, const uint8_t* data, size_t size) {
  const DTypeInfo& t = Info(call.op.dtype);
  const DTypeInfo& ot = OutputType(call);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t pattern = LoadBits(t, in, i);
    const uint64_t want = call.variant->Oracle(t, pattern);
    const uint64_t got = LoadBits(ot, out, i);
    if (want == got) continue;
    ReportFinding(call.op.Label() + " " + oracle::ClassName(t, pattern),
                  Where(call, path) + " on pattern " + Hex(pattern) +
                      " at element " + std::to_string(i) + ": oracle " +
                      Hex(want) + ", kernel " + Hex(got),
                  data, size);
  }
}

// A kernel that the dtype table does not define for the op must refuse:
// `run` calls it.
template <typename Run>
void CheckRefusal(const Call& call, Run run, const uint8_t* data,
                  size_t size) {
  try {
    run();
  } catch (const std::invalid_argument&) {
    return;
  }
  ReportFinding(call.op.Label() + " accepted",
                "the kernel ran on a dtype it does not define", data, size);
}

// The call's attributes resolved as a node's are, when the schema's kernel
// is to run: ResolveAttributes must refuse exactly the ill-typed ones.
std::optional<Attributes> SchemaAttributes(const Call& call,
                                           const uint8_t* data, size_t size) {
  Attributes resolved = call.op.attributes;
  const std::string problem = ResolveAttributes(*call.op.schema, resolved);
  if (!problem.empty() != !call.op.well_typed) {
    ReportFinding(call.op.Label() + " attributes",
                  "ResolveAttributes said \"" + problem + "\"", data, size);
  }
  if (!problem.empty() || !call.op.allowed) return std::nullopt;
  return resolved;
}

// ---- Variants of two inputs ------------------------------------------------

// The schema table's kernel on two inputs `a` and `b` of shape {n}.
void RunPairSchema(const Call& call, const Attributes& resolved,
                   const uint8_t* a, const uint8_t* b, uint8_t* out,
                   size_t n) {
  const OpInput& op = call.op;
  const DType out_type = OutputType(*call.variant, Info(op.dtype)).code;
  const int64_t dims[] = {static_cast<int64_t>(n)};
  const ConstTensorView inputs[] = {{op.dtype, a, dims, n},
                                    {op.dtype, b, dims, n}};
  const TensorView outputs[] = {{out_type, out, dims, n}};
  op.schema->kernel(std::span(inputs), std::span(outputs), resolved);
}

void CheckPairs(const Call& call, const uint8_t* a, const uint8_t* b,
                const uint8_t* out, size_t n, const char* path,
                const uint8_t* data, size_t size) {
  const DTypeInfo& t = Info(call.op.dtype);
  const DTypeInfo& ot = OutputType(call);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t x = LoadBits(t, a, i);
    const uint64_t y = LoadBits(t, b, i);
    const uint64_t want = call.variant->PairOracle(t, x, y);
    const uint64_t got = LoadBits(ot, out, i);
    if (want == got) continue;
    ReportFinding(call.op.Label() + " " + oracle::ClassName(t, x) + "," +
                      oracle::ClassName(t, y),
                  Where(call, path) + " on patterns " + Hex(x) + " and " +
                      Hex(y) + " at element " + std::to_string(i) +
                      ": oracle " + Hex(want) + ", kernel " + Hex(got),
                  data, size);
  }
}

// The elements split in halves a and b, each misaligned its own way, and
// an output buffer.
struct PairBuffers {
  size_t n;
  size_t in_bytes;
  size_t out_bytes;
  Buffer a;
  Buffer b;
  Buffer out;

  explicit PairBuffers(const Call& call)
      : n(call.op.count() / 2),
        in_bytes(StorageBytes(Info(call.op.dtype), n)),
        out_bytes(StorageBytes(OutputType(call), n)),
        a(in_bytes, call.misalignment),
        b(in_bytes, kMaxMisalignment - call.misalignment),
        out(out_bytes, call.misalignment) {
    if (n == 0) return;
    // Two packed halves may need a byte more than the elements fill.
    const size_t have = call.op.bytes.size();
    std::memcpy(a.data(), call.op.bytes.data(), std::min(in_bytes, have));
    if (have > in_bytes) {
      std::memcpy(b.data(), call.op.bytes.data() + in_bytes,
                  std::min(in_bytes, have - in_bytes));
    }
  }
};

void FuzzPair(const Call& call, const uint8_t* data, size_t size) {
  const DTypeInfo& t = Info(call.op.dtype);
  const auto kernel = call.variant->pair_kernel;
  PairBuffers p(call);
  UseTarget(call.target);
  if (!call.variant->Defines(t)) {
    CheckRefusal(
        call, [&] { kernel(t, p.a.data(), p.b.data(), p.out.data(), p.n); },
        data, size);
    return;
  }
  if (call.in_place && call.variant->output == kInputDType) {
    // The pair kernels may write over their first input.
    Buffer both(p.in_bytes, call.misalignment);
    if (p.n != 0) std::memcpy(both.data(), p.a.data(), p.in_bytes);
    kernel(t, both.data(), p.b.data(), both.data(), p.n);
    CheckPairs(call, p.a.data(), p.b.data(), both.data(), p.n, "in place",
               data, size);
  } else {
    kernel(t, p.a.data(), p.b.data(), p.out.data(), p.n);
    CheckPairs(call, p.a.data(), p.b.data(), p.out.data(), p.n, "direct",
               data, size);
  }
  const std::optional<Attributes> resolved =
      SchemaAttributes(call, data, size);
  if (!resolved) return;
  if (p.out_bytes != 0) std::memset(p.out.data(), 0xA5, p.out_bytes);
  RunPairSchema(call, *resolved, p.a.data(), p.b.data(), p.out.data(), p.n);
  CheckPairs(call, p.a.data(), p.b.data(), p.out.data(), p.n, "schema", data,
             size);
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const Call call = ReadCall(data, size);
  // An op with parameter inputs (the quantizers) has no sweep variant: its
  // kernel is proven against its oracle by reference_quantize_test, its
  // layouts by its op test, and the plugin fuzzer calls its node.
  // Nor has an op with a selector input (Where's bool condition): the
  // plugin fuzzer calls its node.
  if (!call.resolvable || call.op.schema->parameters != nullptr ||
      HasSelector(*call.op.schema)) {
    return 0;
  }
  if (call.variant != nullptr && call.variant->arity() == 2) {
    FuzzPair(call, data, size);
    return 0;
  }
  if (call.variant == nullptr) {
    ReportFinding(call.op.Label() + " unverified",
                  "no variant checks this op with these attributes", data,
                  size);
    return 0;
  }
  const size_t n = call.op.count();
  const size_t out_bytes = StorageBytes(OutputType(call), n);
  UseTarget(call.target);
  Buffer in(call.op.bytes.size(), call.misalignment);
  if (n != 0)
    std::memcpy(in.data(), call.op.bytes.data(), call.op.bytes.size());
  Buffer out(out_bytes, kMaxMisalignment - call.misalignment);
  if (!call.variant->Defines(Info(call.op.dtype))) {
    CheckRefusal(
        call, [&] { RunDirect(call, in.data(), out.data(), n); }, data, size);
    return 0;
  }
  if (call.in_place && call.variant->output == kInputDType) {
    // Such a kernel may run in place: the buffer holds input and output.
    Buffer both(call.op.bytes.size(), call.misalignment);
    if (n != 0) std::memcpy(both.data(), in.data(), call.op.bytes.size());
    RunDirect(call, both.data(), both.data(), n);
    Check(call, in.data(), both.data(), n, "in place", data, size);
  } else {
    RunDirect(call, in.data(), out.data(), n);
    Check(call, in.data(), out.data(), n, "direct", data, size);
  }
  if (const auto resolved = SchemaAttributes(call, data, size)) {
    if (out_bytes != 0) std::memset(out.data(), 0xA5, out_bytes);
    RunSchema(call, *resolved, in.data(), out.data(), n);
    Check(call, in.data(), out.data(), n, "schema", data, size);
  }
  return 0;
}
