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
  kUint4 = 21,
  kInt4 = 22,
  kFloat4E2M1 = 23,
  kFloat8E8M0 = 24,
  kUint2 = 25,
  kInt2 = 26,
};

enum class Kind : uint8_t { kBool, kUnsigned, kSigned, kFloat };

struct DTypeInfo {
  DType code;
  std::string_view name;
  int bits;  // storage width; bool is stored as one byte
  Kind kind;
  FloatFormat format;  // all zero for non-floats

  // Whether elements share bytes (4- and 2-bit types): there is no width in
  // bytes of one element, so sizes go through StorageBytes() and element
  // access through LoadBits()/StoreBits().
  constexpr bool packed() const { return bits < 8; }
  constexpr bool is_float() const { return kind == Kind::kFloat; }
  constexpr bool is_integer() const {
    return kind == Kind::kSigned || kind == Kind::kUnsigned;
  }
  // All ones in the storage width.
  constexpr uint64_t all_bits() const {
    return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  }
};

inline constexpr std::array<DTypeInfo, 23> kDTypes{{
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
    {DType::kUint4, "uint4", 4, Kind::kUnsigned, {}},
    {DType::kInt4, "int4", 4, Kind::kSigned, {}},
    {DType::kFloat4E2M1, "float4e2m1", 4, Kind::kFloat,
     MiniFloat<2, 1, 1, Specials::kNoNaN>},
    {DType::kFloat8E8M0, "float8e8m0", 8, Kind::kFloat,
     MiniFloat<8, 0, 127, Specials::kExponentOnly>},
    {DType::kUint2, "uint2", 2, Kind::kUnsigned, {}},
    {DType::kInt2, "int2", 2, Kind::kSigned, {}},
}};

// StorageBytes()
//
// The bytes that `count` elements of `t` take, packed as ONNX packs them:
// ceil(count * bits / 8), so an odd count of 4-bit elements (or a count of
// 2-bit ones that is not a multiple of 4) ends in zero padding bits. Saturates
// at SIZE_MAX, so that comparing the result with a limit stays right.
constexpr size_t StorageBytes(const DTypeInfo& t, size_t count) {
  if (t.packed()) {
    const size_t per_byte = static_cast<size_t>(8 / t.bits);
    return count / per_byte + (count % per_byte != 0 ? 1 : 0);
  }
  size_t bytes = 0;
  if (__builtin_mul_overflow(count, static_cast<size_t>(t.bits / 8), &bytes)) {
    return SIZE_MAX;
  }
  return bytes;
}

// ElementBytes()
//
// The bytes of one element of a byte-wide dtype, for code that steps through
// a buffer element by element (kernels, sweeps). Throws std::invalid_argument
// on a packed dtype, whose elements share bytes: such code must not get one.
size_t ElementBytes(const DTypeInfo& t);

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

// The unsigned integer type that stores a pattern of `Bits` bits; only
// byte-wide widths have one (a 4-bit element is no C++ object of its own).
template <int Bits>
struct BitsOfWidth;
template <>
struct BitsOfWidth<8> { using type = uint8_t; };
template <>
struct BitsOfWidth<16> { using type = uint16_t; };
template <>
struct BitsOfWidth<32> { using type = uint32_t; };
template <>
struct BitsOfWidth<64> { using type = uint64_t; };
template <int Bits>
using BitsOf = typename BitsOfWidth<Bits>::type;

// Reads element `i` of a buffer of `t` as raw bits (little-endian storage,
// the host's order, as ONNX's raw_data; packed elements from the low bits of
// each byte up, as ONNX packs them). StoreBits() leaves the other elements
// sharing a byte as they were.
uint64_t LoadBits(const DTypeInfo& t, const void* data, size_t i);
void StoreBits(const DTypeInfo& t, void* data, size_t i, uint64_t bits);

}  // namespace onnxcts

#endif  // ONNXCTS_DTYPE_H_
