// What the open-spot tests share: patterns worth trying per dtype, and
// one node of an op version run through its kernel, element by element as
// a comparison hands them to the deviation rules.
#ifndef ONNXCTS_TEST_OPEN_SPOTS_TEST_UTIL_H_
#define ONNXCTS_TEST_OPEN_SPOTS_TEST_UTIL_H_

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "onnxcts/convert.h"
#include "onnxcts/infer.h"
#include "onnxcts/schema.h"

namespace onnxcts::open_spots {

using Patterns = std::vector<uint64_t>;

// ---- patterns --------------------------------------------------------

inline const DTypeInfo& Double() { return Info(DType::kDouble); }

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// `v` in `t` as Cast rounds it (an integer truncates and wraps).
inline uint64_t Of(const DTypeInfo& t, double v) {
  return convert::CastOracle(Double(), std::bit_cast<uint64_t>(v), t,
                             {.saturate = false});
}

inline void AddOnce(Patterns& p, uint64_t bits) {
  if (std::ranges::find(p, bits) == p.end()) p.push_back(bits);
}

// Values near the spots: ties, small integers, the integer ranges' ends
// and the float formats' limits, tiny values.
inline constexpr double kTies[] = {0.5,   1.5,   2.5,   3.5,     7.5,
                                   127.5, 128.5, 255.5, 32767.5, 2147483647.5};
inline constexpr double kSmall[] = {0,   0.1, 0.3, 1,   2,   3,   6,
                                    100, 127, 128, 255, 256, 1000};
inline constexpr double kLarge[] = {
    32768,  65504,  65520, 65536, 0x1p31,  0x1p32,        0x1p53,
    0x1p63, 0x1p64, 1e30,  1e300, 0x1p127, 0x1.fffffep127};
inline constexpr double kTiny[] = {0x1p-24, 0x1p-25, 0x1p-126, 0x1p-149,
                                   0x1p-1074};

// Doubles just below a float16 and a bfloat16 tie, which float32 rounds
// onto the tie (Cast rounding twice).
inline constexpr double kBelowTies[] = {1 + 0x1p-10 + 0x1p-11 - 0x1p-40,
                                        1 + 0x1p-7 + 0x1p-8 - 0x1p-40};

// Patterns of `t` where answers are most likely to be open, or wrong.
inline Patterns Notable(const DTypeInfo& t) {
  Patterns p;
  const auto add = [&](uint64_t bits) { AddOnce(p, bits & t.all_bits()); };
  const std::span<const double> lists[] = {kTies, kSmall, kLarge, kTiny,
                                           kBelowTies};
  for (std::span<const double> values : lists) {
    for (double v : values) {
      add(Of(t, v));
      add(Of(t, -v));
    }
  }
  if (t.is_float()) {
    const FloatFormat& f = t.format;
    for (uint64_t sign : {uint64_t{0}, f.sign_mask()}) {
      for (uint64_t m : {uint64_t{1}, f.mantissa_mask(), f.mantissa_mask() + 1,
                         f.infinity() - 1, f.infinity(), f.infinity() | 1,
                         f.infinity() | f.quiet_bit(), f.magnitude_mask()}) {
        add(sign | m);
      }
    }
  } else {
    for (int k = 0; k < t.bits; ++k) {
      add(uint64_t{1} << k);
      add((uint64_t{1} << k) - 1);
      add(~uint64_t{0} << k);
    }
    for (int k : {-1, 0, 1}) add(static_cast<uint64_t>(t.bits + k));
    // Just below a bfloat16 tie, which float32 rounds onto the tie.
    const int value_bits = t.kind == Kind::kSigned ? t.bits - 1 : t.bits;
    for (int k = 24; k < value_bits; ++k) {
      const uint64_t v = (uint64_t{1} << k) + (uint64_t{1} << (k - 7)) +
                         (uint64_t{1} << (k - 8)) - 1;
      add(v);
      add(0 - v);
    }
  }
  return p;
}

inline uint64_t RandomOf(const DTypeInfo& t, std::mt19937_64& rng) {
  return rng() & t.all_bits();
}

// Every pattern of `t`.
inline Patterns All(const DTypeInfo& t) {
  Patterns p(t.all_bits() + 1);
  for (uint64_t k = 0; k < p.size(); ++k) p[k] = k;
  return p;
}

// Notable() and `random` random patterns.
inline Patterns Sample(const DTypeInfo& t, size_t random,
                       std::mt19937_64& rng) {
  Patterns p = Notable(t);
  for (size_t k = 0; k < random; ++k) p.push_back(RandomOf(t, rng));
  return p;
}

// Every pattern of a dtype of 16 bits or fewer; else a Sample().
inline Patterns Each(const DTypeInfo& t, size_t random, std::mt19937_64& rng) {
  return t.bits <= 16 ? All(t) : Sample(t, random, rng);
}

// Tuples of `arity` patterns as columns: every one of dtypes of 8 bits or
// fewer for a pair; else pairs of Notable() and random ones, or random
// tuples mostly of Notable().
inline std::vector<Patterns> Tuples(const DTypeInfo& t, size_t arity,
                                    std::mt19937_64& rng) {
  std::vector<Patterns> columns(arity);
  if (arity == 1) {
    columns[0] = Each(t, 512, rng);
    return columns;
  }
  if (arity == 2 && t.bits <= 8) {
    for (uint64_t a = 0; a <= t.all_bits(); ++a) {
      for (uint64_t b = 0; b <= t.all_bits(); ++b) {
        columns[0].push_back(a);
        columns[1].push_back(b);
      }
    }
    return columns;
  }
  const Patterns notable = Notable(t);
  const auto pick = [&] {
    return rng() % 4 != 0 ? notable[rng() % notable.size()] : RandomOf(t, rng);
  };
  if (arity == 2) {
    for (uint64_t a : notable) {
      for (uint64_t b : notable) {
        columns[0].push_back(a);
        columns[1].push_back(b);
      }
    }
  }
  for (size_t n = 0; n < 2000; ++n) {
    for (Patterns& c : columns) c.push_back(pick());
  }
  return columns;
}

// ---- running a node -----------------------------------------------------

// One node of an op version: every input's dtype (kAbsentInput for an
// optional one left out), its attributes as a model gives them, and every
// input's patterns: one per output element for an element input, one for
// a parameter or type_only input, none for an absent one.
struct Node {
  std::vector<DType> types;
  Attributes attributes;
  std::vector<Patterns> columns;
};

struct Ran {
  const DTypeInfo* output = nullptr;
  Patterns expected;
  std::string problem;  // why the version refuses the node
};

inline size_t ElementCount(const OpSchema& s, const Node& node) {
  for (size_t k = 0; k < node.types.size(); ++k) {
    if (s.ElementInput(k)) return node.columns[k].size();
  }
  return 0;
}

// The node through the version's kernel: element inputs as vectors,
// parameters as scalars.
inline Ran RunNode(const OpSchema& s, Node& node) {
  Ran ran;
  ran.problem = ResolveAttributes(s, node.attributes);
  if (!ran.problem.empty()) return ran;
  const size_t n = ElementCount(s, node);
  std::vector<Dims> dims;
  std::vector<std::vector<uint8_t>> data;
  for (size_t k = 0; k < node.types.size(); ++k) {
    const bool absent = node.types[k] == kAbsentInput;
    dims.push_back(absent || s.FormalOf(k).parameter ? Dims{}
                   : s.ElementInput(k) ? Dims{static_cast<int64_t>(n)}
                                       : Dims{1});
    data.emplace_back();
    if (absent) continue;
    const DTypeInfo& t = Info(node.types[k]);
    data.back().resize(StorageBytes(t, node.columns[k].size()) + 8);
    for (size_t i = 0; i < node.columns[k].size(); ++i) {
      StoreBits(t, data.back().data(), i, node.columns[k][i]);
    }
  }
  const NodeOutputs out = InferOutputs(s, node.types, dims, node.attributes);
  ran.problem = out.problem;
  if (!ran.problem.empty()) return ran;
  std::vector<ConstTensorView> in;
  for (size_t k = 0; k < node.types.size(); ++k) {
    in.push_back({node.types[k], data[k].data(), dims[k],
                  node.types[k] == kAbsentInput ? 0 : node.columns[k].size()});
  }
  ran.output = &Info(out.types[0]);
  std::vector<uint8_t> y(StorageBytes(*ran.output, n) + 8);
  const TensorView outputs[] = {{out.types[0], y.data(), out.dims, n}};
  s.kernel(in, std::span(outputs), node.attributes);
  for (size_t i = 0; i < n; ++i) {
    ran.expected.push_back(LoadBits(*ran.output, y.data(), i));
  }
  return ran;
}

// Element `i` of a node, as a comparison hands it to the rules: the
// patterns of its element and parameter inputs, in node order (into
// `inputs` and `types`, reused from element to element).
inline ElementAnswer ElementOf(const OpSchema& s, const Node& node,
                               const Ran& ran, size_t i, Patterns& inputs,
                               std::vector<DType>& types) {
  inputs.clear();
  types.clear();
  for (size_t k = 0; k < node.types.size(); ++k) {
    if (node.types[k] == kAbsentInput || s.FormalOf(k).type_only) continue;
    inputs.push_back(node.columns[k][s.ElementInput(k) ? i : 0]);
    types.push_back(node.types[k]);
  }
  return {.input = &Info(node.types[s.MainInput()]),
          .inputs = inputs,
          .types = types,
          .output = ran.output,
          .expected = ran.expected[i],
          .actual = ran.expected[i],
          .attributes = &node.attributes};
}

inline std::string Hex(uint64_t bits) {
  char text[20];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(bits));
  return text;
}

}  // namespace onnxcts::open_spots

#endif  // ONNXCTS_TEST_OPEN_SPOTS_TEST_UTIL_H_
