// What the generated conformance suite holds: one CaseSpec per case, listed
// from the schema table, so a new op or dtype there is a new set of cases
// here with no code of its own.
#ifndef ONNXCTS_HARNESS_GENERATE_CASE_SPEC_H_
#define ONNXCTS_HARNESS_GENERATE_CASE_SPEC_H_

#include <cstdint>
#include <string>
#include <vector>

#include "onnxcts/schema.h"

namespace onnxcts {

// How a case breaks the schema, for must-reject cases.
enum class Breakage {
  kNone,
  kDTypeNotAllowed,     // an input dtype the version does not allow
  kWrongOutputType,     // the output declared with a type the op cannot make
  kUnknownAttribute,
  kWrongAttributeType,  // an INT attribute given as FLOAT
  kMissingAttribute,    // a required attribute left out
  kAttributeOutsideDomain,  // a value its domain lacks (Cast's `to`)
  kMissingInput,        // the node has one input fewer than the op takes
  kExtraInput,          // the node has one input more (x twice)
  kForbidden,           // what the version's text forbids (OpSchema::forbids)
};

enum class Inputs {
  kAllPatterns,  // every pattern (<= 16 bits) or the stratified set
  kShaped,       // a few patterns laid out in `dims`
  // Every pair of a set of patterns (all of an 8-bit dtype, a stratified
  // set of about 80 of a wider one): input 0 the set as a column, input 1
  // as a row, broadcast; where the op version does not broadcast, both
  // already stretched to every pair.
  kPairs,
  // An op with parameter inputs: a set of patterns (as kPairs') laid out
  // against many parameter values, as the op's ParameterRule::layouts
  // entry `layout` says (per axis, blocked).
  kLayout,
  // The pairs a kPairs case leaves out: its set against the second-input
  // patterns on which the variant's answer is open and a backend may die
  // (Variant::fatal_second).
  kFatalPairs,
};

struct CaseSpec {
  std::string id;  // "onnxcts.isinf.v20.float8e5m2.detect_neg0"
  std::string description;
  const OpSchema* schema = nullptr;
  DType dtype = DType::kFloat;
  Attributes attributes;  // as written into the model
  bool as_initializer = false;  // the input is an initializer, not fed
  Inputs inputs = Inputs::kAllPatterns;
  // kAllPatterns of a dtype over 8 bits as a stratified set (every
  // exponent's edges and random mantissas, case_writer.cc's SampledSet):
  // for an op whose answer varies inside a value class (a conversion), with
  // a case per target; the sweeps cover every pattern.
  bool sampled = false;
  std::vector<int64_t> dims;  // for kShaped, of every element input
  size_t arity = 1;            // the node's inputs, when it is not broken
  // The dtypes of its inputs that are not element inputs (CastLike's
  // target_type, a quantizer's scale and zero point), in order; every
  // element input is of `dtype`.
  std::vector<DType> others;
  size_t layout = 0;  // for kLayout
  size_t fatal = 0;   // for kFatalPairs: the place (from 1) of its divisors
  Breakage breakage = Breakage::kNone;
  DType output_type = DType::kBool;  // what the model declares
};

// NodeInputTypes()
//
// The dtypes of the case's node inputs, in order (its `arity` of them).
std::vector<DType> NodeInputTypes(const CaseSpec& spec);

// AttributeDomain()
//
// The values a case may give attribute `a` of `s`: a flag 1 and 0, a dtype
// each one its constraint allows, a STRING each of its choices, a FLOAT each
// listed value; the default alone for anything else (none for a required
// attribute without a domain).
std::vector<AttrValue> AttributeDomain(const OpSchema& s, const AttrSpec& a);

struct SuiteFilter {
  std::vector<std::string> ops;  // lower case; empty: all
  std::vector<DType> dtypes;     // empty: all
  std::vector<int> opsets;       // since_versions; empty: all
  bool large = true;             // the case of over 2^24 elements
};

// ConformanceCases()
//
// Every op x version x allowed dtype x combination of attribute values and
// the other inputs' presence and dtypes (one per sweep variant a
// combination selects; of an op without variants, those its op keeps;
// for an op that converts into a dtype an attribute or another input
// names, at older versions only the pairs new there), each fed as a graph
// input and (with default attributes) as an initializer, plus the shape
// cases and, for an op with parameter inputs, its layout cases on the
// newest version.
std::vector<CaseSpec> ConformanceCases(const SuiteFilter& filter);

// MustRejectCases()
//
// Models that break the schema at their opset, derived from it: for every
// op version, each dtype of the table it does not allow, an output declared
// with a type it cannot make, an unknown attribute, each INT attribute given
// as FLOAT, each required attribute left out, each attribute with a domain
// given a value outside it, a missing input and one input too many, and
// on each allowed dtype each choice of attribute values the version's text
// forbids (Mod's fmod 0 on a float). A conformant backend refuses each.
std::vector<CaseSpec> MustRejectCases(const SuiteFilter& filter);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_GENERATE_CASE_SPEC_H_
