// How the differential fuzzers (kernels, plugin_backend) read one call of
// an operator from fuzz input, so that both explore the same space: a
// version of an op from the schema table, an opset at which it is in force,
// a dtype, its flag attributes, a shape and the element bits.
//
// The choices come from the end of the input and the elements from its
// front, verbatim: a dictionary entry at the start ("\xAD\xDE\xEF\xBE")
// becomes the first elements as it stands. Input too short for one element
// gives an empty tensor; a rank of 2 or more with a zero leading dimension
// does too. The plugin target may make a node of several inputs of one
// shape, stretched per input as broadcasting allows (ReadNodeInputs); the
// kernels target splits the elements of an op of two inputs itself.
#ifndef ONNXCTS_FUZZ_OP_INPUT_H_
#define ONNXCTS_FUZZ_OP_INPUT_H_

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "onnxcts/dtype.h"
#include "onnxcts/schema.h"

namespace onnxcts::fuzz {

// Past the newest opset a schema names, how far a chosen opset may go.
inline constexpr int kOpsetsPastNewest = 3;

struct OpInput {
  const OpSchema* schema = nullptr;  // the version in force at `opset`
  int opset = 0;
  DType dtype = DType::kFloat;
  bool allowed = true;     // the schema allows `dtype` for input 0
  Attributes attributes;   // as a node states them: maybe not all valid
  std::vector<DType> type_only;  // the type_only inputs' (CastLike's)
  bool well_typed = true;  // no attribute was given a value of a wrong type
  std::vector<int64_t> dims;
  std::vector<uint8_t> bytes;  // product(dims) elements of `dtype`

  // The element count: of the dims, since a packed dtype's last byte may
  // hold padding rather than an element.
  size_t count() const {
    size_t n = 1;
    for (int64_t d : dims) n *= static_cast<size_t>(d);
    return n;
  }
  // The dtypes of the node's first `count` inputs: `dtype`, and each
  // type_only input's own.
  std::vector<DType> Types(size_t count) const {
    return NodeInputDTypes(*schema, count, dtype, type_only);
  }
  // "IsInf-20 float8e4m3fn": what findings are grouped by.
  std::string Label() const {
    return std::string(schema->op) + "-" +
           std::to_string(schema->since_version) + " " +
           std::string(Name(dtype));
  }
};

// The highest opset at which `schema` is in force.
inline int LastOpset(const OpSchema& schema) {
  int next = 0;
  for (const OpSchema& s : AllSchemas()) {
    if (s.domain == schema.domain && s.op == schema.op &&
        s.since_version > schema.since_version &&
        (next == 0 || s.since_version < next)) {
      next = s.since_version;
    }
  }
  return next ? next - 1 : schema.since_version + kOpsetsPastNewest;
}

// A flag attribute: left out, one of a few ints, or a float (which a
// conformant backend refuses).
inline void ReadFlag(FuzzedDataProvider& fdp, const std::string& name,
                     OpInput& op) {
  static constexpr int64_t kValues[] = {0, 1, 2, -1};
  const int choice = fdp.ConsumeIntegralInRange(0, 5);
  if (choice == 0) return;
  if (choice == 5) {
    op.attributes[name] = 1.0f;
    op.well_typed = false;
    return;
  }
  op.attributes[name] = kValues[choice - 1];
}

// A dtype for type constraint `constraint` from byte `pick`: below 0xF0
// one the constraint allows, else any of the table's (which a conformant
// backend refuses).
inline DType PickDType(const OpSchema& s, std::string_view constraint,
                       uint8_t pick) {
  const std::span<const DType> allowed = s.FindConstraint(constraint)->allowed;
  return pick < 0xF0 ? allowed[pick % allowed.size()]
                     : kDTypes[pick % kDTypes.size()].code;
}

// An attribute that names a dtype (Cast's `to`): as PickDType() says, or
// left out (so is a required one) on 0xFF.
inline void ReadDTypeAttribute(FuzzedDataProvider& fdp, const OpSchema& s,
                               const AttrSpec& a, OpInput& op) {
  const uint8_t pick = fdp.ConsumeIntegral<uint8_t>();
  if (pick == 0xFF) return;
  op.attributes[std::string(a.name)] =
      static_cast<int64_t>(PickDType(s, a.dtype_of, pick));
}

// A STRING of listed choices (Cast's round_mode): one of them, one it lacks,
// or left out.
inline void ReadChoice(FuzzedDataProvider& fdp, const AttrSpec& a,
                       OpInput& op) {
  const size_t n = a.choices.size();
  const size_t pick = fdp.ConsumeIntegralInRange<size_t>(0, n + 1);
  if (pick == n + 1) return;
  op.attributes[std::string(a.name)] =
      pick < n ? std::string(a.choices[pick]) : std::string("onnxcts_none");
}

// A FLOAT of listed values (LeakyRelu's alpha, Clip-6's bounds): one of
// them, left out, or any float from four more bytes (every float is
// valid, a NaN too).
inline void ReadFloat(FuzzedDataProvider& fdp, const AttrSpec& a,
                      OpInput& op) {
  const size_t n = a.float_choices.size();
  const size_t pick = fdp.ConsumeIntegralInRange<size_t>(0, n + 1);
  if (pick == n) return;
  op.attributes[std::string(a.name)] =
      pick < n ? a.float_choices[pick]
               : std::bit_cast<float>(fdp.ConsumeIntegral<uint32_t>());
}

// ReadOpChoice()
//
// Consumes the op, opset, dtype and attributes from the end of the input.
// A dtype byte below 0xF0 picks among the dtypes the schema allows; the
// rest pick from the whole table, which may break the schema.
// Whole elements of `t` in `bytes` bytes (a packed byte holds 2 or 4).
inline int64_t ElementsIn(const DTypeInfo& t, size_t bytes) {
  return static_cast<int64_t>(bytes * 8 / static_cast<size_t>(t.bits));
}

// `bytes` cut or padded to `count` elements of `t`, the padding bits of a
// packed last byte cleared (onnx.proto asks for zeros there).
inline void FitTo(const DTypeInfo& t, size_t count, std::vector<uint8_t>& bytes) {
  bytes.resize(StorageBytes(t, count));
  const size_t used = count * static_cast<size_t>(t.bits) % 8;
  if (t.packed() && used != 0) {
    bytes.back() = static_cast<uint8_t>(bytes.back() & ((1u << used) - 1));
  }
}

// The op versions the fuzzers pick from: every one, or those of the ops
// that $ONNXCTS_FUZZ_OPS names ("IsInf,Sign"), for a backend fuzzed on the
// ops it has (fuzz/ci's hunt for the defective plugin's defects).
inline const std::vector<const OpSchema*>& FuzzedSchemas() {
  static const std::vector<const OpSchema*> chosen = [] {
    const char* env = std::getenv("ONNXCTS_FUZZ_OPS");
    const std::string wanted = "," + std::string(env ? env : "") + ",";
    std::vector<const OpSchema*> all;
    std::vector<const OpSchema*> named;
    for (const OpSchema& s : AllSchemas()) {
      all.push_back(&s);
      if (wanted.find("," + std::string(s.op) + ",") != std::string::npos) {
        named.push_back(&s);
      }
    }
    return named.empty() ? all : named;
  }();
  return chosen;
}

inline OpInput ReadOpChoice(FuzzedDataProvider& fdp) {
  const std::vector<const OpSchema*>& schemas = FuzzedSchemas();
  OpInput op;
  op.schema =
      schemas[fdp.ConsumeIntegralInRange<size_t>(0, schemas.size() - 1)];
  op.opset =
      std::min(op.schema->since_version + fdp.ConsumeIntegralInRange(0, 3),
               LastOpset(*op.schema));
  const auto allowed = InputTypes(*op.schema, op.schema->MainInput());
  const uint8_t pick = fdp.ConsumeIntegral<uint8_t>();
  op.dtype = pick < 0xF0 ? allowed[pick % allowed.size()]
                         : kDTypes[pick % kDTypes.size()].code;
  op.allowed = std::ranges::find(allowed, op.dtype) != allowed.end();
  for (const AttrSpec& a : op.schema->attributes) {
    if (a.flag) ReadFlag(fdp, std::string(a.name), op);
    if (!a.dtype_of.empty()) ReadDTypeAttribute(fdp, *op.schema, a, op);
    if (!a.choices.empty()) ReadChoice(fdp, a, op);
    if (!a.float_choices.empty()) ReadFloat(fdp, a, op);
  }
  // Consumes nothing for an op without type_only inputs, so that the seeds
  // of the others read as they always did.
  for (const Formal& f : op.schema->inputs) {
    if (f.type_only) {
      op.type_only.push_back(
          PickDType(*op.schema, f.type, fdp.ConsumeIntegral<uint8_t>()));
    }
  }
  return op;
}

// ReadElements()
//
// Consumes a shape from the end of the input and then all the rest as the
// elements: a rank up to 4, leading dimensions up to 3, and a last
// dimension that takes as many whole elements as there are. A scalar
// short of bytes is padded with zeros. Without `allow_empty`, a zero
// dimension becomes 1 and a missing element a zero.
inline void ReadElements(FuzzedDataProvider& fdp, OpInput& op,
                         bool allow_empty = true) {
  const int rank = fdp.ConsumeIntegralInRange(0, 4);
  const int64_t least = allow_empty ? 0 : 1;
  int64_t lead = 1;
  for (int i = 0; i + 1 < rank; ++i) {
    op.dims.push_back(fdp.ConsumeIntegralInRange<int64_t>(least, 3));
    lead *= op.dims.back();
  }
  const DTypeInfo& t = Info(op.dtype);
  op.bytes = fdp.ConsumeRemainingBytes<uint8_t>();
  const int64_t whole = ElementsIn(t, op.bytes.size());
  if (rank == 0) {
    FitTo(t, 1, op.bytes);
    return;
  }
  op.dims.push_back(std::max(least, lead == 0 ? whole : whole / lead));
  FitTo(t, static_cast<size_t>(lead * op.dims.back()), op.bytes);
}

// ReadInputCount()
//
// How many inputs the node has: as many as the schema takes, or for a
// variadic one up to two more than its fewest. Consumes nothing when the
// count is fixed, so that ops of one input read as they always did.
inline size_t ReadInputCount(FuzzedDataProvider& fdp, const OpSchema& schema) {
  const size_t fewest = schema.MinInputs();
  return fdp.ConsumeIntegralInRange<size_t>(
      fewest, std::min(schema.MaxInputs(), fewest + 2));
}

// One input of a node of several.
struct TensorInput {
  std::vector<int64_t> dims;
  std::vector<uint8_t> bytes;
};

// `shape` as one input has it: bit k of `stretch` sets axis k to 1, bit 7
// leaves the leading axis out (both as numpy's broadcasting allows).
inline std::vector<int64_t> StretchedShape(const std::vector<int64_t>& shape,
                                           uint8_t stretch) {
  std::vector<int64_t> dims;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (k == 0 && (stretch & 0x80) != 0) continue;
    dims.push_back((stretch >> k & 1) != 0 ? 1 : shape[k]);
  }
  return dims;
}

// The element count of `dims` with the axes still unsized (-1) left out.
inline int64_t SizedCount(const std::vector<int64_t>& dims) {
  return std::accumulate(dims.begin(), dims.end(), int64_t{1},
                         [](int64_t n, int64_t d) { return d < 0 ? n : n * d; });
}

// ReadNodeInputs()
//
// For a node of `count` inputs, after ReadOpChoice(): consumes a stretch
// byte per input (StretchedShape; ignored where the schema does not
// broadcast), then a rank and leading dimensions as ReadElements() does,
// and deals the rest of the input out to the inputs in order. The last
// axis takes as many whole elements as there are for all; an input short
// of elements is padded with zeros. Sets `op`'s dims and bytes to the
// first input's.
inline std::vector<TensorInput> ReadNodeInputs(FuzzedDataProvider& fdp,
                                               OpInput& op, size_t count,
                                               bool allow_empty = true) {
  std::vector<uint8_t> stretch(count);
  for (size_t i = 0; i < count; ++i) {
    uint8_t& s = stretch[i];
    s = fdp.ConsumeIntegral<uint8_t>();
    // Input 0 of a unidirectional op (PRelu) keeps the whole shape.
    if (!op.schema->broadcast || (i == 0 && op.schema->unidirectional)) s = 0;
  }
  const int rank = fdp.ConsumeIntegralInRange(0, 4);
  const int64_t least = allow_empty ? 0 : 1;
  std::vector<int64_t> shape;  // the last axis, -1 here, is sized below
  for (int i = 0; i + 1 < rank; ++i) {
    shape.push_back(fdp.ConsumeIntegralInRange<int64_t>(least, 3));
  }
  if (rank > 0) shape.push_back(-1);
  std::vector<TensorInput> inputs(count);
  int64_t per_last = 0;  // elements per unit of the last axis, all inputs
  int64_t fixed = 0;     // elements of the inputs that stretch it
  for (size_t i = 0; i < count; ++i) {
    inputs[i].dims = StretchedShape(shape, stretch[i]);
    const bool sized = std::ranges::find(inputs[i].dims, -1) ==
                       inputs[i].dims.end();
    (sized ? fixed : per_last) += SizedCount(inputs[i].dims);
  }
  const DTypeInfo& t = Info(op.dtype);
  const std::vector<uint8_t> bytes = fdp.ConsumeRemainingBytes<uint8_t>();
  const int64_t whole = ElementsIn(t, bytes.size());
  const int64_t last =
      per_last == 0 ? 1
                    : std::max(least, (whole - std::min(whole, fixed)) /
                                          per_last);
  size_t at = 0;
  for (TensorInput& in : inputs) {
    std::ranges::replace(in.dims, int64_t{-1}, last);
    const auto n = static_cast<size_t>(SizedCount(in.dims));
    in.bytes.assign(StorageBytes(t, n), 0);
    const size_t take = std::min(in.bytes.size(), bytes.size() - at);
    std::copy_n(bytes.begin() + static_cast<ptrdiff_t>(at), take,
                in.bytes.begin());
    FitTo(t, n, in.bytes);
    at += take;
  }
  op.dims = inputs[0].dims;
  op.bytes = inputs[0].bytes;
  return inputs;
}

}  // namespace onnxcts::fuzz

#endif  // ONNXCTS_FUZZ_OP_INPUT_H_
