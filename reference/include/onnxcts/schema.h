// The op schema table: each version of each operator onnxcts implements.
//
// An entry says what the ONNX operator spec says of one version: its formal
// inputs and outputs, the type constraints they use, its attributes with
// types and defaults, and the reference kernel that computes it. Each
// operator lives in one file (`reference/src/ops/<op>.cc`) that holds all its
// versions and registers itself (ONNXCTS_REGISTER_OP, ops/ops.h): adding an
// operator is that file.
#ifndef ONNXCTS_SCHEMA_H_
#define ONNXCTS_SCHEMA_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "onnxcts/broadcast.h"
#include "onnxcts/dtype.h"
#include "onnxcts/variant.h"

namespace onnxcts {

enum class AttrType : uint8_t { kInt, kFloat, kString, kInts, kFloats };

std::string_view AttrTypeName(AttrType t);

using AttrValue = std::variant<int64_t, float, std::string,
                               std::vector<int64_t>, std::vector<float>>;

// The attributes of one node, by name, after defaults are filled in.
using Attributes = std::map<std::string, AttrValue, std::less<>>;

// An attribute of an op version and the values it may take: its value
// domain, which the suite enumerates and the model checker enforces.
struct AttrSpec {
  std::string_view name;
  AttrType type;
  bool required = false;
  int64_t default_int = 0;  // used when !required and type == kInt
  // An INT read as a yes or no: any value but 0 means 1. The suite tries 1
  // and 0.
  bool flag = false;
  // An INT that names a dtype (Cast's `to`): its value must be the code of
  // a dtype that the type constraint of this name allows, and it binds that
  // constraint as an input of it would.
  std::string_view dtype_of = {};
  // A STRING's default, when !required, and the values it may take (none
  // listed: any).
  std::string_view default_string = {};
  std::span<const std::string_view> choices = {};
  // An INT naming a dtype whose 0 means "not given" (QuantizeLinear's
  // `output_dtype`, `precision`): 0 binds nothing.
  bool zero_unset = false;
  // An INT naming a dtype that binds no constraint (`precision`): the
  // dtypes it may name.
  std::span<const DType> dtypes = {};
  // A FLOAT's default, when !required, and the values the suite and the
  // sweep variants try (LeakyRelu's alpha: the default first); any float is
  // valid. A variant keys one by its index among them.
  float default_float = 0;
  std::span<const float> float_choices = {};
};

// FloatChoice()
//
// The index of `v` (by its bits) among `a.float_choices`; none when it is
// not listed.
std::optional<size_t> FloatChoice(const AttrSpec& a, float v);

struct TypeConstraint {
  std::string_view name;  // "T", "T1", ...
  std::span<const DType> allowed;
  // What an output of this constraint has when no input and no attribute
  // binds it: a fixed dtype (QuantizeLinear's uint8 without a zero point),
  // or the dtype another constraint is bound to (DequantizeLinear-23's
  // output without `output_dtype`: the scale's). Neither: the one dtype
  // `allowed` holds.
  DType unbound = DType{0};
  std::string_view unbound_like = {};
};

struct Formal {
  std::string_view name;  // "X", "Y"
  std::string_view type;  // a TypeConstraint name
  // The last formal may stand for one or more inputs (Max's data_0).
  bool variadic = false;
  // Only its dtype is read (CastLike's target_type): it binds its type
  // constraint, its shape is free and its values unused. The suite writes
  // it as a one-element initializer; it is no element input.
  bool type_only = false;
  // May be left out of a node, with every formal after it
  // (QuantizeLinear's y_zero_point).
  bool optional = false;
  // A parameter of the op (a quantizer's scale and zero point): it does not
  // broadcast with the element inputs; the op's ParameterRule says which of
  // its elements each output element reads. The suite writes it as an
  // initializer; it is no element input.
  bool parameter = false;
};

// What a conformance case gives an op's parameter inputs, and how it lays
// out input 0 against them: input 0 has `x_dims`, and its element j holds
// pattern (j / repeat) % count of the patterns the suite chose (so that
// each pattern meets every parameter value along the last axis).
struct ParameterCase {
  std::string name;  // "per_axis": in the case's id
  std::string text;  // "per axis, 33 scales": in its description
  Dims x_dims;
  size_t repeat = 1;
  std::vector<Dims> dims;                       // each parameter input's
  std::vector<std::vector<uint64_t>> patterns;  // and its elements' bits
  // What the layout adds to the node's attributes (block_size).
  std::vector<std::pair<std::string, int64_t>> attributes;
};

// How an op reads its parameter inputs (Formal::parameter), in its own
// file. `dims` holds every input's shape in node order; `a` the node's
// attributes, resolved; `types` every input's dtype.
struct ParameterRule {
  // "" when the parameter inputs' shapes fit input 0's and the attributes,
  // else why not.
  std::string (*check)(std::span<const Dims> dims, const Attributes& a);
  // The element of input `k` (a parameter) that output element `i` reads;
  // called only after check() passed.
  size_t (*index)(std::span<const Dims> dims, const Attributes& a, size_t k,
                  size_t i);
  // A case whose input 0 has `shape` (every pattern in a row, or a shape
  // case): one value per parameter.
  ParameterCase (*single)(std::span<const DType> types, const Attributes& a,
                          const Dims& shape);
  // The cases that meet `count` patterns of input 0 with many parameter
  // values (per axis, blocked).
  std::vector<ParameterCase> (*layouts)(std::span<const DType> types,
                                        const Attributes& a, size_t count);
};

// A dense tensor of raw element bits, as kernels see it.
struct ConstTensorView {
  DType dtype;
  const void* data;
  std::span<const int64_t> dims;
  size_t count;  // product of dims
};

struct TensorView {
  DType dtype;
  void* data;
  std::span<const int64_t> dims;
  size_t count;
};

// Computes the outputs of one node. Outputs are allocated by the caller with
// dtypes and dims from InferOutputs() (infer.h).
using KernelFn = void (*)(std::span<const ConstTensorView> inputs,
                          std::span<const TensorView> outputs,
                          const Attributes& attributes);

// One element of a node's output, and what it was computed from.
struct ElementAnswer {
  const DTypeInfo* input;             // the element inputs' dtype
  std::span<const uint64_t> inputs;   // one pattern per input of the node
  // Each input's dtype, parallel to `inputs` (for an op whose parameter
  // inputs have dtypes of their own); empty when they are all `input`.
  std::span<const DType> types = {};
  const DTypeInfo* output;
  uint64_t expected;                  // the reference's answer
  uint64_t actual;
  const Attributes* attributes = nullptr;  // the node's, resolved
};

// Where the spec leaves an answer open, whether `e.actual` (not the
// reference's answer) is a deviation rather than a failure, for a node of
// `s`. Null for ops whose spec is complete.
struct OpSchema;
using DeviationFn = bool (*)(const OpSchema& s, const ElementAnswer& e);

// One version of one operator. The op files write each with designated
// initializers in this order, leaving out every field at its default.
struct OpSchema {
  std::string_view domain = {};  // "" is ai.onnx
  std::string_view op;
  int since_version;
  std::span<const Formal> inputs;
  std::span<const Formal> outputs;
  std::span<const TypeConstraint> constraints;
  std::span<const AttrSpec> attributes = {};
  KernelFn kernel;
  DeviationFn deviation = nullptr;
  // Whether inputs of different shapes broadcast as numpy's do (Max from 8,
  // the comparisons from 7); else every input has the same shape.
  bool broadcast = false;
  // The op whose sweep variants this one's answers are, when not its own
  // (CastLike computes Cast's conversions).
  std::string_view variants_of = {};
  // For an op with parameter inputs, how it reads them.
  const ParameterRule* parameters = nullptr;
  // Whether the suite keeps a case of this op on inputs of `types` with
  // `attributes` (as the model gives them), for an op whose combinations of
  // dtypes and attribute values are too many to take all (the quantizers);
  // null: every valid one.
  bool (*keeps_case)(const OpSchema& s, std::span<const DType> types,
                     const Attributes& attributes) = nullptr;
  // Whether a NaN it answers is the very NaN it was given (Identity,
  // Where: they copy bits). A backend's NaN of other bits is then a
  // deviation, which --policy strict fails; for every other op any NaN
  // matches any NaN, the spec naming no payload.
  bool keeps_nan_payload = false;
  // What the version's text forbids of a node beyond its type constraints
  // and attribute domains ("" when nothing): Mod's `fmod` 0 on a float. A
  // node it forbids is invalid (InferOutputTypes says why), and the suite
  // derives a must-reject case of each.
  std::string (*forbids)(std::span<const DType> types,
                         const Attributes& attributes) = nullptr;
  // With `broadcast`: the inputs after the first broadcast to its shape,
  // which the output keeps (PRelu's slope from 7); input 0 never grows.
  bool unidirectional = false;
  // Whether the spec leaves element `e`'s answer open: true when some
  // answer other than `e.expected` would be a deviation under `deviation`
  // (a NaN for a NaN aside: comparisons match those); `e.actual` is not
  // read. What a graph fuzzer asks of every element it computes, knowing
  // no backend's answer. Set wherever `deviation` is (AnswerOpen()).
  DeviationFn open = nullptr;

  const TypeConstraint* FindConstraint(std::string_view name) const;
  const AttrSpec* FindAttribute(std::string_view name) const;
  // Is `t` allowed for the type constraint named `constraint`?
  bool Allows(std::string_view constraint, DType t) const;
  // How many inputs a node may have: the formals, the variadic one from 1
  // up to any number, the optional ones left out or not.
  size_t MinInputs() const {
    return static_cast<size_t>(std::ranges::count_if(
        inputs, [](const Formal& f) { return !f.optional; }));
  }
  size_t MaxInputs() const {
    return !inputs.empty() && inputs.back().variadic ? SIZE_MAX : inputs.size();
  }
  // The formal that input `i` of a node stands for: a variadic last formal
  // takes every input from its position on.
  const Formal& FormalOf(size_t i) const {
    return inputs[i < inputs.size() ? i : inputs.size() - 1];
  }
  // Whether input `i` gives each output element a pattern of its own,
  // broadcast (not type_only, not a parameter).
  bool ElementInput(size_t i) const {
    return !FormalOf(i).type_only && !FormalOf(i).parameter;
  }
  // The input a case is named by and whose dtypes the suite tries: the
  // first element input whose type constraint allows more than one dtype
  // (Where's X, not its bool condition); input 0 for every other op.
  size_t MainInput() const;
  // Whether input `i` is an element input of a dtype of its own (Where's
  // condition): its formal's constraint is not the main input's and holds
  // one dtype.
  bool SelectorInput(size_t i) const;
  // How many element inputs a node may have at most (SIZE_MAX: any).
  size_t MaxElementInputs() const {
    const size_t others = static_cast<size_t>(std::ranges::count_if(
        inputs, [](const Formal& f) { return f.type_only || f.parameter; }));
    return MaxInputs() == SIZE_MAX ? SIZE_MAX : MaxInputs() - others;
  }
  // The op whose variants (variant.h) answer for this one.
  std::string_view VariantsOp() const {
    return variants_of.empty() ? op : variants_of;
  }
};

// AllSchemas()
//
// Every version of every implemented operator.
std::span<const OpSchema> AllSchemas();

// AnswerOpen()
//
// Whether a node of `s` may answer element `e` other than `e.expected`
// without failing (OpSchema::open; `e.actual` unread): false for an op
// whose spec is complete, and true for one with a deviation rule but no
// open predicate, so that a missing predicate can raise no false alarm.
bool AnswerOpen(const OpSchema& s, const ElementAnswer& e);

// FindSchema()
//
// The version of `op` in force at `opset` (the highest since_version not
// above it); nullptr when `op` is unknown or did not exist yet.
const OpSchema* FindSchema(std::string_view domain, std::string_view op,
                           int opset);

// The dtypes allowed for input `index` of `schema`.
std::span<const DType> InputTypes(const OpSchema& schema, size_t index);

// The dtype of an optional input a node leaves out by an empty name in its
// place (Clip's min, before a max that is given): inference skips it, and
// a kernel sees it with no elements.
inline constexpr DType kAbsentInput = DType{0};

// NodeInputDTypes()
//
// The dtypes of a node of `s` with `count` inputs: `element` for each
// element input (a selector input's own for that: Where's bool), the next
// of `others` for each type_only or parameter one (`element` once they run
// out).
std::vector<DType> NodeInputDTypes(const OpSchema& s, size_t count,
                                   DType element,
                                   std::span<const DType> others);

// "IsInf-10": how messages name an op version.
std::string VersionName(const OpSchema& s);

// ResolveAttributes()
//
// Checks a node's attributes against `schema` and fills in defaults. Returns
// "" on success, else why they are invalid (unknown name, wrong type,
// missing required attribute, a value outside the attribute's domain).
std::string ResolveAttributes(const OpSchema& schema, Attributes& attributes);

// VariantFor()
//
// The sweep variant (variant.h) that a node of `schema` computes on inputs
// of `input_types` with `attributes` (defaults filled in, or filled in
// here): one of VariantsOp()'s, at these attribute values, in force at this
// version, making the output dtype the node makes. nullptr when the node
// is invalid or no variant is.
const Variant* VariantFor(const OpSchema& schema, Attributes attributes,
                          std::span<const DType> input_types);

}  // namespace onnxcts

#endif  // ONNXCTS_SCHEMA_H_
