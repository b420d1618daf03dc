// The dtype table: every ONNX tensor element type onnxcts knows.
//
// This table drives everything: codecs, kernels, oracle, generators, proto
// I/O, report names and the fuzzers' choice of dtype. Adding a dtype is one
// row here. Codes are ONNX's TensorProto.DataType values; names are ONNX's,
// lowercased (as in `onnxcts.isinf.v20.float8e5m2...` case ids).
#ifndef ONNXCTS_DTYPE_H_
#define ONNXCTS_DTYPE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "onnxcts/float_format.h"

namespace onnxcts {

enum class DType : int32_t {
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kBfloat16 = 16,
  kFloat8E4M3FN = 17,
  kFloat8E4M3FNUZ = 18,
  kFloat8E5M2 = 19,
  kFloat8E5M2FNUZ = 20,
};

enum class Kind : uint8_t { kBool, kUnsigned, kSigned, kFloat };

struct DTypeInfo {
  DType code;
  std::string_view name;
  int bits;  // storage width; bool is stored as one byte
  Kind kind;
  FloatFormat format;  // all zero for non-floats

  constexpr size_t bytes() const { return static_cast<size_t>(bits) / 8; }
  constexpr bool is_float() const { return kind == Kind::kFloat; }
  constexpr bool is_integer() const {
    return kind == Kind::kSigned || kind == Kind::kUnsigned;
  }
  // All ones in the storage width.
  constexpr uint64_t all_bits() const {
    return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  }
};

inline constexpr std::array<DTypeInfo, 17> kDTypes{{
    {DType::kFloat, "float", 32, Kind::kFloat, MiniFloat<8, 23, 127, Specials::kIeee>},
    {DType::kUint8, "uint8", 8, Kind::kUnsigned, {}},
    {DType::kInt8, "int8", 8, Kind::kSigned, {}},
    {DType::kUint16, "uint16", 16, Kind::kUnsigned, {}},
    {DType::kInt16, "int16", 16, Kind::kSigned, {}},
    {DType::kInt32, "int32", 32, Kind::kSigned, {}},
    {DType::kInt64, "int64", 64, Kind::kSigned, {}},
    {DType::kBool, "bool", 8, Kind::kBool, {}},
    {DType::kFloat16, "float16", 16, Kind::kFloat, MiniFloat<5, 10, 15, Specials::kIeee>},
    {DType::kDouble, "double", 64, Kind::kFloat,
     MiniFloat<11, 52, 1023, Specials::kIeee>},
    {DType::kUint32, "uint32", 32, Kind::kUnsigned, {}},
    {DType::kUint64, "uint64", 64, Kind::kUnsigned, {}},
    {DType::kBfloat16, "bfloat16", 16, Kind::kFloat,
     MiniFloat<8, 7, 127, Specials::kIeee>},
    {DType::kFloat8E4M3FN, "float8e4m3fn", 8, Kind::kFloat,
     MiniFloat<4, 3, 7, Specials::kFiniteOnly>},
    {DType::kFloat8E4M3FNUZ, "float8e4m3fnuz", 8, Kind::kFloat,
     MiniFloat<4, 3, 8, Specials::kFnuz>},
    {DType::kFloat8E5M2, "float8e5m2", 8, Kind::kFloat,
     MiniFloat<5, 2, 15, Specials::kIeee>},
    {DType::kFloat8E5M2FNUZ, "float8e5m2fnuz", 8, Kind::kFloat,
     MiniFloat<5, 2, 16, Specials::kFnuz>},
}};

// FindDType()
//
// The table row of an ONNX code or a name; nullptr when there is none.
const DTypeInfo* FindDType(int32_t onnx_code);
const DTypeInfo* FindDType(std::string_view name);

// Info()
//
// The table row of a known dtype.
const DTypeInfo& Info(DType t);

inline std::string_view Name(DType t) { return Info(t).name; }

// The unsigned integer type that stores a pattern of `Bits` bits.
template <int Bits>
using BitsOf = std::conditional_t<
    Bits == 8, uint8_t,
    std::conditional_t<Bits == 16, uint16_t,
                       std::conditional_t<Bits == 32, uint32_t, uint64_t>>>;

// Reads element `i` of a buffer of `t` as raw bits (little-endian storage,
// the host's order, as ONNX's raw_data).
uint64_t LoadBits(const DTypeInfo& t, const void* data, size_t i);
void StoreBits(const DTypeInfo& t, void* data, size_t i, uint64_t bits);

}  // namespace onnxcts

#endif  // ONNXCTS_DTYPE_H_
